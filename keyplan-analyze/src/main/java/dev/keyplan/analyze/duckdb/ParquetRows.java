package dev.keyplan.analyze.duckdb;

import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.JsonLinesScan;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Places values an engine found wrong in Parquet files, which have no lines: at the file's row
 * group and column ({@code orders.parquet:row group 2:column placed_at}), with the row in the file.
 * The embedded engine reads each row's number in its file ({@code read_parquet}'s {@code
 * file_row_number}, from 0) and each row group's rows ({@code parquet_metadata}'s {@code
 * row_group_num_rows}, https://duckdb.org/docs/stable/data/parquet/metadata); keyplan numbers both
 * from 1, as it numbers lines. Run on that error path only, for either engine.
 */
public final class ParquetRows {
  private ParquetRows() {}

  /**
   * The places of the first {@code listed} rows whose column {@code column}, as text, is one of
   * {@code values}, in the data set's order.
   */
  public static List<JsonLinesScan.Found> find(
      DataSet data, String column, Set<String> values, int listed, EngineSettings settings) {
    List<JsonLinesScan.Found> out = new ArrayList<>();
    String in = values.stream().map(Sql::string).collect(Collectors.joining(", "));
    try (DuckDbSession db = new DuckDbSession(settings)) {
      for (DataFile f : data.files()) {
        if (out.size() >= listed || !f.columns().contains(column)) {
          continue;
        }
        String path = Sql.string(f.path().toString());
        List<Object[]> rows =
            db.rows(
                "SELECT file_row_number, v FROM (SELECT file_row_number, CAST("
                    + Sql.name(column)
                    + " AS VARCHAR) AS v FROM read_parquet("
                    + path
                    + ", file_row_number = true)) WHERE v IN ("
                    + in
                    + ") ORDER BY file_row_number LIMIT "
                    + (listed - out.size()));
        if (rows.isEmpty()) {
          continue;
        }
        List<long[]> groups = new ArrayList<>();
        for (Object[] g :
            db.rows(
                "SELECT DISTINCT row_group_id, row_group_num_rows FROM parquet_metadata("
                    + path
                    + ") ORDER BY row_group_id")) {
          groups.add(new long[] {((Number) g[0]).longValue(), ((Number) g[1]).longValue()});
        }
        for (Object[] r : rows) {
          long row = ((Number) r[0]).longValue();
          long first = 0;
          int group = 0;
          for (long[] g : groups) {
            if (row < first + g[1]) {
              break;
            }
            first += g[1];
            group++;
          }
          out.add(
              new JsonLinesScan.Found(
                  new Location(f.name() + ":row group " + (group + 1) + ":column " + column, 0, 0),
                  String.valueOf(r[1]),
                  String.format(
                      Locale.ROOT,
                      " (row %,d of the file, %,d of its row group)",
                      row + 1,
                      row - first + 1)));
        }
      }
    } catch (SQLException e) {
      throw DataErrors.of(data, e);
    } catch (IOException e) {
      throw DataErrors.tempDirectory(e);
    }
    return out;
  }
}

package dev.keyplan.cassandra.cql;

import dev.keyplan.cassandra.cql.CqlSyntax.ColumnDefinition;
import dev.keyplan.cassandra.cql.CqlSyntax.CreateIndex;
import dev.keyplan.cassandra.cql.CqlSyntax.CreateKeyspace;
import dev.keyplan.cassandra.cql.CqlSyntax.CreateTable;
import dev.keyplan.cassandra.cql.CqlSyntax.CreateType;
import dev.keyplan.cassandra.cql.CqlSyntax.CreateView;
import dev.keyplan.cassandra.cql.CqlSyntax.Entry;
import dev.keyplan.cassandra.cql.CqlSyntax.Field;
import dev.keyplan.cassandra.cql.CqlSyntax.IndexTarget;
import dev.keyplan.cassandra.cql.CqlSyntax.Name;
import dev.keyplan.cassandra.cql.CqlSyntax.Option;
import dev.keyplan.cassandra.cql.CqlSyntax.Ordering;
import dev.keyplan.cassandra.cql.CqlSyntax.PrimaryKey;
import dev.keyplan.cassandra.cql.CqlSyntax.QualifiedName;
import dev.keyplan.cassandra.cql.CqlSyntax.Rename;
import dev.keyplan.cassandra.cql.CqlSyntax.Term;
import dev.keyplan.cassandra.cql.CqlSyntax.TypeUse;
import dev.keyplan.cassandra.cql.CqlToken.Kind;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.NestingDepth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Reads a CQL schema file, hand-written or printed by cqlsh {@code DESCRIBE KEYSPACE} / {@code
 * DESCRIBE SCHEMA} (Cassandra 4.x and 5.0, ScyllaDB), into a {@link CqlSchema}.
 *
 * <p>A hand-written recursive-descent parser over {@link CqlLexer}'s tokens. It models the data
 * definition statements of
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/ddl.html ({@code CREATE KEYSPACE
 * / TABLE / TYPE}, {@code USE}, {@code ALTER} and {@code DROP} of them), indexes
 * (https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexes.html), materialized
 * views (https://cassandra.apache.org/doc/latest/cassandra/developing/cql/mvs.html) and Cassandra
 * 5.0 column masks. Statements that do not shape keys (functions, aggregates, roles, grants,
 * triggers, DataStax Enterprise search indexes, data manipulation, cqlsh commands) are skipped to
 * their {@code ;}.
 *
 * <p>On an error the parser records it and resumes at the next {@code ;}, or at a {@code CREATE},
 * {@code ALTER}, {@code DROP} or {@code USE} that starts a line when a {@code ;} was forgotten, so
 * one {@link InputException} reports every problem of the file in file order.
 */
public final class CqlParser {
  /** Statements that cannot change keys; skipped whole. */
  private static final Set<String> SKIPPED_STATEMENTS =
      Set.of(
          "grant",
          "revoke",
          "list",
          "insert",
          "update",
          "delete",
          "select",
          "begin",
          "apply",
          "truncate",
          // DataStax Enterprise's search index commands (RELOAD / REBUILD / COMMIT SEARCH INDEX).
          "reload",
          "rebuild",
          "commit");

  /** cqlsh's own commands, which end at the end of their line even without {@code ;}. */
  private static final Set<String> SHELL_COMMANDS =
      Set.of(
          "describe",
          "desc",
          "consistency",
          "serial",
          "tracing",
          "paging",
          "expand",
          "show",
          "source",
          "capture",
          "copy",
          "login",
          "exit",
          "quit",
          "clear",
          "cls",
          "help");

  private static final Set<String> SKIPPED_CREATES =
      Set.of("function", "aggregate", "role", "user", "trigger", "search");

  private static final Set<String> STATEMENT_STARTS = Set.of("create", "alter", "drop", "use");

  private static final Set<String> INDEX_TARGET_FUNCTIONS =
      Set.of("keys", "values", "entries", "full");

  private final String file;
  private final String source;
  private final List<CqlToken> tokens;
  private final List<Diagnostic> diagnostics;
  private final SchemaBuilder schema;

  /** True when the lexer stopped early; errors at the cut-off end of file would only repeat it. */
  private final boolean truncated;

  private int pos;

  /** How many {@code <...>} of types the parser is inside now; at most NestingDepth.MAX. */
  private int typeDepth;

  /** The keyspace named by the last {@code USE}; null before any. */
  private String keyspace;

  /** The keyspace a user-defined type name in the current statement belongs to. */
  private String typeKeyspace;

  private CqlParser(String file, String source, List<CqlToken> tokens, List<Diagnostic> out) {
    this.file = file;
    this.source = source;
    this.tokens = tokens;
    this.diagnostics = out;
    this.truncated = !out.isEmpty();
    this.schema = new SchemaBuilder(out);
  }

  /**
   * Parses {@code text}, the content of {@code file} (used only in locations).
   *
   * @throws InputException with every problem of the file, in file order
   */
  public static CqlSchema parse(String file, String text) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(text, "text");
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<CqlToken> tokens = CqlLexer.tokenize(file, text, diagnostics);
    CqlParser parser = new CqlParser(file, text, tokens, diagnostics);
    parser.statements();
    CqlSchema schema = parser.schema.build();
    if (!diagnostics.isEmpty()) {
      List<Diagnostic> sorted = new ArrayList<>(diagnostics);
      sorted.sort(
          Comparator.comparingInt((Diagnostic d) -> d.location().line())
              .thenComparingInt(d -> d.location().column()));
      throw new InputException(sorted);
    }
    return schema;
  }

  private void statements() {
    while (!peek().is(Kind.END_OF_FILE)) {
      int start = pos;
      try {
        statement();
      } catch (ParseError e) {
        recover(start);
      }
    }
  }

  private void statement() {
    CqlToken t = peek();
    if (t.isSymbol(";")) {
      pos++;
      return;
    }
    if (t.is(Kind.IDENTIFIER)) {
      switch (t.value()) {
        case "create":
          create();
          return;
        case "alter":
          alter();
          return;
        case "drop":
          drop();
          return;
        case "use":
          use();
          return;
        default:
          break;
      }
      if (SKIPPED_STATEMENTS.contains(t.value())) {
        pos++;
        skipStatement();
        return;
      }
      if (SHELL_COMMANDS.contains(t.value())) {
        skipShellCommand();
        return;
      }
    }
    throw fail(
        t,
        "expected a statement such as CREATE TABLE, CREATE INDEX or USE but found " + t.describe());
  }

  // ---------------------------------------------------------------- CREATE

  private void create() {
    pos++;
    if (acceptKeyword("or")) {
      expectKeyword("replace", "REPLACE after CREATE OR");
    }
    CqlToken t = peek();
    if (t.isKeyword("keyspace") || t.isKeyword("schema")) {
      createKeyspace();
    } else if (t.isKeyword("table") || t.isKeyword("columnfamily")) {
      createTable();
    } else if (t.isKeyword("custom")) {
      pos++;
      expectKeyword("index", "INDEX after CREATE CUSTOM");
      createIndex(true);
    } else if (t.isKeyword("index")) {
      pos++;
      createIndex(false);
    } else if (t.isKeyword("materialized")) {
      pos++;
      expectKeyword("view", "VIEW after CREATE MATERIALIZED");
      createView();
    } else if (t.isKeyword("type")) {
      createType();
    } else if (t.is(Kind.IDENTIFIER) && SKIPPED_CREATES.contains(t.value())) {
      skipStatement();
    } else {
      throw fail(
          t,
          "expected KEYSPACE, TABLE, INDEX, MATERIALIZED VIEW, TYPE, FUNCTION,"
              + " AGGREGATE, ROLE, USER, TRIGGER or SEARCH INDEX after CREATE but found "
              + t.describe());
    }
  }

  private void createKeyspace() {
    pos++;
    boolean ifNotExists = ifNotExists();
    Name name = name("a keyspace name");
    List<Option> options = List.of();
    if (peek().isKeyword("with")) {
      options = withClause("WITH").options();
    }
    schema.createKeyspace(new CreateKeyspace(name, ifNotExists, options));
    endStatement("AND or ';' after the options of keyspace " + name.value());
  }

  private void createTable() {
    pos++;
    boolean ifNotExists = ifNotExists();
    QualifiedName name = qualifiedName("a table name");
    typeKeyspace = name.keyspace();
    String ending;
    try {
      expect("(", "'(' and the column definitions after the table name");
      List<ColumnDefinition> columns = new ArrayList<>();
      List<PrimaryKey> keys = new ArrayList<>();
      while (!peek().isSymbol(")")) {
        if (peek().isKeyword("primary") && peek(1).isKeyword("key")) {
          keys.add(primaryKey());
        } else {
          columns.add(columnDefinition());
        }
        if (!acceptSymbol(",") && !peek().isSymbol(")")) {
          throw fail(
              peek(), "expected ')' or ',' after column definition but found " + peek().describe());
        }
        skipExtraCommas();
      }
      pos++;
      WithClause with = WithClause.NONE;
      ending = "WITH or ';' after the columns of table " + name.value();
      if (peek().isKeyword("with")) {
        with = withClause("WITH");
        ending = "AND or ';' after the options of table " + name.value();
      }
      schema.createTable(
          new CreateTable(name, ifNotExists, columns, keys, with.ordering(), with.options()));
    } catch (ParseError e) {
      schema.markBroken(name);
      throw e;
    }
    endStatement(ending);
  }

  private ColumnDefinition columnDefinition() {
    Name name = name("a column name or PRIMARY KEY");
    CqlToken typeStart = peek();
    CqlType type = checkedType("a type for column '" + name.value() + "'");
    boolean isStatic = acceptKeyword("static");
    if (acceptKeyword("masked")) {
      // Cassandra 5.0 dynamic data masking: how values are shown, not how they are stored.
      expectKeyword("with", "WITH after MASKED");
      if (!acceptKeyword("default")) {
        qualifiedName("a masking function such as mask_default");
        skipParenthesised("'(' after the masking function");
      }
    }
    boolean primaryKey = false;
    if (peek().isKeyword("primary")) {
      if (peek(1).isKeyword("key") && peek(2).isSymbol("(")) {
        // "body text PRIMARY KEY (id)": the ',' before the PRIMARY KEY clause is missing.
        throw fail(
            peek(), "expected ')' or ',' after column definition but found " + peek().describe());
      }
      pos++;
      expectKeyword("key", "KEY after PRIMARY");
      primaryKey = true;
    }
    return new ColumnDefinition(name, type, location(typeStart), isStatic, primaryKey);
  }

  /** Reads {@code PRIMARY KEY ((a, b), c, d)} and its shorter forms. */
  private PrimaryKey primaryKey() {
    CqlToken start = peek();
    expectKeyword("primary", "PRIMARY KEY");
    expectKeyword("key", "KEY after PRIMARY");
    expect("(", "'(' after PRIMARY KEY");
    List<Name> partition = new ArrayList<>();
    List<Name> clustering = new ArrayList<>();
    if (acceptSymbol("(")) {
      do {
        partition.add(name("a partition key column"));
      } while (acceptSymbol(","));
      expect(")", "')' or ',' after partition key column");
    } else {
      partition.add(name("a partition key column"));
    }
    while (acceptSymbol(",")) {
      clustering.add(name("a clustering column"));
    }
    expect(")", "')' or ',' after primary key column");
    return new PrimaryKey(location(start), partition, clustering);
  }

  private void createIndex(boolean custom) {
    CqlToken indexToken = tokens.get(pos - 1);
    boolean ifNotExists = ifNotExists();
    Name name = null;
    if (!peek().isKeyword("on")) {
      name = name("an index name or ON");
    }
    expectKeyword("on", "ON and the table name after the index name");
    QualifiedName table = qualifiedName("a table name");
    expect("(", "'(' and the indexed column after the table name");
    IndexTarget target = indexTarget();
    while (acceptSymbol(",")) {
      indexTarget(); // several targets only occur for custom indexes; keyplan keeps the first
    }
    expect(")", "')' after the indexed column");
    Term using = null;
    Term options = null;
    if (acceptKeyword("using")) {
      CqlToken cls = peek();
      if (!cls.is(Kind.STRING)) {
        throw fail(
            cls,
            "expected the index class as a string, such as 'StorageAttachedIndex',"
                + " after USING but found "
                + cls.describe());
      }
      pos++;
      using = new Term(cls.value(), false, List.of(), location(cls));
      if (acceptKeyword("with")) {
        expectKeyword("options", "OPTIONS after WITH");
        expect("=", "'=' after OPTIONS");
        options = term("a map of index options");
      }
    }
    Location at = name != null ? name.location() : location(indexToken);
    schema.createIndex(
        new CreateIndex(
            name,
            at,
            custom,
            ifNotExists,
            table,
            target.column(),
            target.function(),
            using,
            options));
    endStatement("';' after CREATE INDEX");
  }

  /** Reads {@code col}, {@code keys(col)} and friends, or ScyllaDB's local {@code ((pk), col)}. */
  private IndexTarget indexTarget() {
    if (acceptSymbol("(")) {
      do {
        name("a partition key column");
      } while (acceptSymbol(","));
      expect(")", "')' or ',' after partition key column");
      expect(",", "',' and the indexed column after the partition key of a local index");
      return new IndexTarget(name("a column to index"), null);
    }
    CqlToken t = peek();
    if (t.is(Kind.IDENTIFIER)
        && INDEX_TARGET_FUNCTIONS.contains(t.value())
        && peek(1).isSymbol("(")) {
      pos += 2;
      Name column = name("a column inside " + t.text() + "(...)");
      expect(")", "')' after " + t.text() + "(" + column.value());
      return new IndexTarget(column, t.value());
    }
    return new IndexTarget(name("a column to index"), null);
  }

  private void createView() {
    boolean ifNotExists = ifNotExists();
    QualifiedName name = qualifiedName("a view name");
    String ending;
    try {
      expectKeyword("as", "AS SELECT after the view name");
      expectKeyword("select", "SELECT after AS");
      List<Name> selected = new ArrayList<>();
      if (!acceptSymbol("*")) {
        do {
          selected.add(name("a column name or *"));
        } while (acceptSymbol(","));
      }
      expectKeyword("from", selected.isEmpty() ? "FROM after *" : "',' or FROM after column");
      QualifiedName base = qualifiedName("the base table name");
      expectKeyword(
          "where",
          "WHERE after the base table (a view needs 'column IS NOT NULL'"
              + " for each of its key columns)");
      skipWhereClause();
      PrimaryKey key = primaryKey();
      WithClause with = WithClause.NONE;
      ending = "WITH or ';' after the PRIMARY KEY of view " + name.value();
      if (peek().isKeyword("with")) {
        with = withClause("WITH");
        ending = "AND or ';' after the options of view " + name.value();
      }
      schema.createView(
          new CreateView(name, ifNotExists, base, selected, key, with.ordering(), with.options()));
    } catch (ParseError e) {
      schema.markBroken(name);
      throw e;
    }
    endStatement(ending);
  }

  /** The WHERE of a view only restates that key columns are not null; keyplan needs none of it. */
  private void skipWhereClause() {
    int depth = 0;
    while (true) {
      CqlToken t = peek();
      if (t.is(Kind.END_OF_FILE) || t.isSymbol(";")) {
        throw fail(
            t, "expected PRIMARY KEY after the WHERE clause of the view but found " + t.describe());
      }
      if (depth == 0 && t.isKeyword("primary") && peek(1).isKeyword("key")) {
        return;
      }
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      }
      pos++;
    }
  }

  private void createType() {
    pos++;
    boolean ifNotExists = ifNotExists();
    QualifiedName name = qualifiedName("a type name");
    typeKeyspace = name.keyspace();
    try {
      expect("(", "'(' and the fields after the type name");
      if (peek().isSymbol(")")) {
        // Cassandra's grammar (Parser.g, createTypeStatement) needs one field before the ')'.
        throw fail(
            peek(),
            "expected a field such as street text: a type has at least one field, but found ')'");
      }
      List<Field> fields = new ArrayList<>();
      while (!peek().isSymbol(")")) {
        Name field = name("a field name");
        CqlToken typeStart = peek();
        CqlType type = checkedType("a type for field '" + field.value() + "'");
        fields.add(new Field(field, type, location(typeStart)));
        if (!acceptSymbol(",") && !peek().isSymbol(")")) {
          throw fail(
              peek(), "expected ')' or ',' after field definition but found " + peek().describe());
        }
      }
      pos++;
      schema.createType(new CreateType(name, ifNotExists, fields));
    } catch (ParseError e) {
      schema.markBroken(name);
      throw e;
    }
    endStatement("';' after CREATE TYPE " + name.value());
  }

  // ---------------------------------------------------------------- USE, ALTER, DROP

  private void use() {
    pos++;
    Name name = name("a keyspace name after USE");
    keyspace = name.value();
    endStatement("';' after USE " + name.value());
  }

  private void alter() {
    pos++;
    CqlToken t = peek();
    if (t.isKeyword("table") || t.isKeyword("columnfamily")) {
      alterTable();
    } else if (t.isKeyword("keyspace") || t.isKeyword("schema")) {
      pos++;
      ifExists();
      Name name = name("a keyspace name");
      schema.alterKeyspace(name, withClause("WITH after ALTER KEYSPACE " + name.value()).options());
      endStatement("AND or ';' after the options of keyspace " + name.value());
    } else if (t.isKeyword("type")) {
      alterType();
    } else if (t.isKeyword("materialized")) {
      pos++;
      expectKeyword("view", "VIEW after ALTER MATERIALIZED");
      ifExists();
      QualifiedName name = qualifiedName("a view name");
      schema.alterOptions(
          name, withClause("WITH after ALTER MATERIALIZED VIEW " + name.value()).options());
      endStatement("AND or ';' after the options of view " + name.value());
    } else {
      skipStatement(); // ALTER ROLE / USER: no effect on keys
    }
  }

  private void alterTable() {
    pos++;
    ifExists();
    QualifiedName table = qualifiedName("a table name");
    typeKeyspace = table.keyspace();
    CqlToken action = peek();
    if (acceptKeyword("add")) {
      boolean ifNotExists = ifNotExists();
      List<ColumnDefinition> added = new ArrayList<>();
      if (acceptSymbol("(")) {
        do {
          added.add(addedColumn());
        } while (acceptSymbol(","));
        expect(")", "')' or ',' after column definition");
      } else {
        added.add(addedColumn());
      }
      schema.alterAdd(table, added, ifNotExists);
    } else if (acceptKeyword("drop")) {
      if (acceptKeyword("compact")) {
        expectKeyword("storage", "STORAGE after DROP COMPACT");
      } else {
        boolean ifExists = ifExists();
        List<Name> dropped = new ArrayList<>();
        if (acceptSymbol("(")) {
          do {
            dropped.add(name("a column name"));
          } while (acceptSymbol(","));
          expect(")", "')' or ',' after column name");
        } else {
          dropped.add(name("a column name"));
        }
        if (acceptKeyword("using")) {
          expectKeyword("timestamp", "TIMESTAMP after USING");
          term("a timestamp");
        }
        schema.alterDrop(table, dropped, ifExists);
      }
    } else if (acceptKeyword("rename")) {
      ifExists();
      List<Rename> renames = new ArrayList<>();
      do {
        Name from = name("a column name");
        expectKeyword("to", "TO after RENAME " + from.value());
        renames.add(new Rename(from, name("the new column name")));
      } while (acceptKeyword("and"));
      schema.alterRename(table, renames);
    } else if (peek().isKeyword("with")) {
      schema.alterOptions(table, withClause("WITH").options());
    } else if (acceptKeyword("alter")) {
      Name column = name("a column name");
      expectKeyword("type", "TYPE after ALTER " + column.value());
      schema.alterColumnType(table, column, checkedType("the new type of " + column.value()));
    } else {
      throw fail(
          action,
          "expected ADD, DROP, RENAME, ALTER or WITH after ALTER TABLE "
              + table.value()
              + " but found "
              + action.describe());
    }
    endStatement("';' after ALTER TABLE " + table.value());
  }

  private ColumnDefinition addedColumn() {
    Name name = name("a column name");
    CqlToken typeStart = peek();
    CqlType type = checkedType("a type for column '" + name.value() + "'");
    boolean isStatic = acceptKeyword("static");
    return new ColumnDefinition(name, type, location(typeStart), isStatic, false);
  }

  private void alterType() {
    pos++;
    ifExists();
    QualifiedName type = qualifiedName("a type name");
    typeKeyspace = type.keyspace();
    if (acceptKeyword("add")) {
      boolean ifNotExists = ifNotExists();
      Name field = name("a field name");
      CqlToken typeStart = peek();
      CqlType fieldType = checkedType("a type for field '" + field.value() + "'");
      schema.alterTypeAdd(type, new Field(field, fieldType, location(typeStart)), ifNotExists);
    } else if (acceptKeyword("rename")) {
      ifExists();
      List<Rename> renames = new ArrayList<>();
      do {
        Name from = name("a field name");
        expectKeyword("to", "TO after RENAME " + from.value());
        renames.add(new Rename(from, name("the new field name")));
      } while (acceptKeyword("and"));
      schema.alterTypeRename(type, renames);
    } else {
      throw fail(
          peek(),
          "expected ADD or RENAME after ALTER TYPE "
              + type.value()
              + " but found "
              + peek().describe());
    }
    endStatement("';' after ALTER TYPE " + type.value());
  }

  private void drop() {
    pos++;
    CqlToken t = peek();
    if (t.isKeyword("keyspace") || t.isKeyword("schema")) {
      pos++;
      ifExists();
      Name name = name("a keyspace name");
      schema.dropKeyspace(name.value());
      endStatement("';' after DROP KEYSPACE " + name.value());
      return;
    }
    String what;
    if (t.isKeyword("table") || t.isKeyword("columnfamily")) {
      what = "table";
    } else if (t.isKeyword("index")) {
      what = "index";
    } else if (t.isKeyword("type")) {
      what = "type";
    } else if (t.isKeyword("materialized") && peek(1).isKeyword("view")) {
      pos++;
      what = "view";
    } else {
      skipStatement(); // DROP FUNCTION / AGGREGATE / ROLE / USER / TRIGGER
      return;
    }
    pos++;
    ifExists();
    QualifiedName name = qualifiedName("a " + what + " name");
    schema.drop(what, name);
    endStatement("';' after DROP " + what.toUpperCase(Locale.ROOT) + " " + name.value());
  }

  // ---------------------------------------------------------------- types and options

  /** Reads a top-level type and reports what is wrong with how it nests, at its first token. */
  private CqlType checkedType(String what) {
    CqlToken start = peek();
    CqlType type = type(what);
    for (String problem : TypeNames.problems(type)) {
      diagnostics.add(new Diagnostic(location(start), problem));
    }
    return type;
  }

  /** Reads the arguments of {@code name<...>} after its '<', through the closing '>'. */
  private void typeArguments(String name, List<CqlType> arguments) {
    do {
      if (name.equals("vector") && arguments.size() == 1 && peek().is(Kind.INTEGER)) {
        arguments.add(CqlType.of(next().text()));
      } else {
        boolean multiCell = name.equals("list") || name.equals("set") || name.equals("map");
        arguments.add(type("a type inside " + name + "<...>", multiCell ? name : null));
      }
    } while (acceptSymbol(","));
    expect(">", "'>' or ',' in " + name + "<...>");
  }

  private CqlType type(String what) {
    return type(what, null);
  }

  /** Reads a type; {@code collection} is the list, set or map whose argument this is, if any. */
  private CqlType type(String what, String collection) {
    CqlToken t = peek();
    if (!t.isName()) {
      throw fail(t, "expected " + what + " but found " + t.describe());
    }
    pos++;
    String name = t.value();
    Name used = new Name(name, location(t));
    String usedKeyspace = typeKeyspace;
    if (t.is(Kind.IDENTIFIER) && peek().isSymbol(".") && peek(1).isName()) {
      pos++; // a user-defined type qualified with its keyspace: ks.address
      CqlToken second = next();
      usedKeyspace = name;
      name = second.value();
      used = new Name(name, location(second));
    }
    List<CqlType> arguments = List.of();
    if (acceptSymbol("<")) {
      // type() recurses once per level: past NestingDepth.MAX it is refused at this type, before
      // a hostile frozen<frozen<...>> reaches the end of the stack (found by CqlParserFuzzTest).
      if (++typeDepth > NestingDepth.MAX) {
        throw NestingDepth.tooDeep(location(t));
      }
      arguments = new ArrayList<>();
      try {
        typeArguments(name, arguments);
      } finally {
        typeDepth--;
      }
    } else if (t.is(Kind.IDENTIFIER) && TypeNames.PARAMETRIC.contains(name)) {
      throw fail(peek(), "expected '<' after '" + t.text() + "' but found " + peek().describe());
    }
    if (!TypeNames.isBuiltIn(name) || t.is(Kind.QUOTED_IDENTIFIER)) {
      schema.useType(new TypeUse(usedKeyspace, used, collection));
    }
    return new CqlType(name, arguments);
  }

  private record WithClause(List<Ordering> ordering, List<Option> options) {
    static final WithClause NONE = new WithClause(List.of(), List.of());
  }

  /** Reads {@code WITH option = value AND CLUSTERING ORDER BY (...) AND COMPACT STORAGE ...}. */
  private WithClause withClause(String expectation) {
    expectKeyword("with", expectation);
    List<Ordering> ordering = new ArrayList<>();
    List<Option> options = new ArrayList<>();
    do {
      if (acceptKeyword("clustering")) {
        expectKeyword("order", "ORDER BY after CLUSTERING");
        expectKeyword("by", "BY after CLUSTERING ORDER");
        expect("(", "'(' after CLUSTERING ORDER BY");
        do {
          Name column = name("a clustering column");
          boolean descending = acceptKeyword("desc");
          if (!descending) {
            acceptKeyword("asc");
          }
          ordering.add(new Ordering(column, descending));
        } while (acceptSymbol(","));
        expect(")", "ASC, DESC, ',' or ')' after clustering column");
      } else if (acceptKeyword("compact")) {
        expectKeyword("storage", "STORAGE after COMPACT");
      } else {
        Name option = name("an option name such as default_time_to_live");
        expect("=", "'=' after option '" + option.value() + "'");
        options.add(new Option(option, term("a value for option '" + option.value() + "'")));
      }
    } while (acceptKeyword("and"));
    return new WithClause(ordering, options);
  }

  /** Reads a literal: string, number, boolean or other word, UUID, blob, or a collection. */
  private Term term(String what) {
    CqlToken t = peek();
    Location at = location(t);
    if (t.is(Kind.STRING)) {
      pos++;
      return new Term(t.value(), false, List.of(), at);
    }
    if (t.is(Kind.INTEGER)
        || t.is(Kind.FLOAT)
        || t.is(Kind.HEX)
        || t.is(Kind.UUID)
        || t.is(Kind.IDENTIFIER)) {
      pos++;
      return new Term(t.text(), false, List.of(), at);
    }
    if (t.isSymbol("-")
        && (peek(1).is(Kind.INTEGER)
            || peek(1).is(Kind.FLOAT)
            || peek(1).isKeyword("nan")
            || peek(1).isKeyword("infinity"))) {
      pos += 2;
      return new Term("-" + tokens.get(pos - 1).text(), false, List.of(), at);
    }
    if (t.isSymbol("{") || t.isSymbol("[") || t.isSymbol("(")) {
      return collection();
    }
    throw fail(
        t, "expected " + what + " (a string, number, boolean or map) but found " + t.describe());
  }

  /** Reads {@code {k: v}}, {@code {a, b}}, {@code [a, b]} or {@code (a, b)}, kept as written. */
  private Term collection() {
    CqlToken open = next();
    String close = open.text().equals("{") ? "}" : open.text().equals("[") ? "]" : ")";
    List<Entry> entries = new ArrayList<>();
    if (!acceptSymbol(close)) {
      do {
        Term key = term("a value");
        Term value = null;
        if (close.equals("}") && acceptSymbol(":")) {
          value = term("a value for '" + key.text() + "'");
        }
        entries.add(new Entry(key, value));
      } while (acceptSymbol(","));
      expect(close, "'" + close + "' or ','");
    }
    CqlToken last = tokens.get(pos - 1);
    String text = source.substring(open.start(), last.end());
    return new Term(text, true, entries, location(open));
  }

  // ---------------------------------------------------------------- names and tokens

  private Name name(String what) {
    CqlToken t = peek();
    if (!t.isName()) {
      throw fail(t, "expected " + what + " but found " + t.describe());
    }
    pos++;
    return new Name(t.value(), location(t));
  }

  /** Reads {@code name} or {@code keyspace.name}; an unqualified name takes the USE keyspace. */
  private QualifiedName qualifiedName(String what) {
    Name first = name(what);
    if (acceptSymbol(".")) {
      return new QualifiedName(first.value(), name(what + " after '" + first.value() + ".'"));
    }
    return new QualifiedName(keyspace, first);
  }

  private boolean ifNotExists() {
    if (!acceptKeyword("if")) {
      return false;
    }
    expectKeyword("not", "NOT EXISTS after IF");
    expectKeyword("exists", "EXISTS after IF NOT");
    return true;
  }

  private boolean ifExists() {
    if (!acceptKeyword("if")) {
      return false;
    }
    expectKeyword("exists", "EXISTS after IF");
    return true;
  }

  /** Cassandra's grammar, {@code '(' column (',' column?)* ')'}, takes ",," and a trailing ','. */
  private void skipExtraCommas() {
    while (peek().isSymbol(",")) {
      pos++;
    }
  }

  private void skipParenthesised(String expectation) {
    expect("(", expectation);
    int depth = 1;
    while (depth > 0) {
      CqlToken t = peek();
      if (t.is(Kind.END_OF_FILE) || t.isSymbol(";")) {
        throw fail(t, "expected ')' but found " + t.describe());
      }
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      }
      pos++;
    }
  }

  /** Skips a statement keyplan ignores, through its {@code ;}. */
  private void skipStatement() {
    while (true) {
      CqlToken t = peek();
      if (t.is(Kind.END_OF_FILE)) {
        return;
      }
      if (t.isSymbol(";")) {
        pos++;
        return;
      }
      if (startsStatementOnNewLine(pos)) {
        return;
      }
      pos++;
    }
  }

  private void skipShellCommand() {
    int line = peek().line();
    while (!peek().is(Kind.END_OF_FILE) && peek().line() == line) {
      if (next().isSymbol(";")) {
        return;
      }
    }
  }

  /** Moves past a failed statement: through its {@code ;}, or up to a statement on a new line. */
  private void recover(int start) {
    if (pos == start) {
      pos++; // the statement failed on its first token; never stop on it again
    }
    skipStatement();
  }

  /**
   * True for CREATE, ALTER, DROP or USE as the first token of a line: where the next statement
   * almost surely starts when the one before lacks its {@code ;}. Mid-line they are left alone, as
   * in {@code GRANT CREATE ON ...}.
   */
  private boolean startsStatementOnNewLine(int at) {
    CqlToken t = tokens.get(at);
    if (!t.is(Kind.IDENTIFIER) || !STATEMENT_STARTS.contains(t.value())) {
      return false;
    }
    return at == 0 || tokens.get(at - 1).line() < t.line();
  }

  private void endStatement(String expectation) {
    CqlToken t = peek();
    if (t.isSymbol(";")) {
      pos++;
    } else if (!t.is(Kind.END_OF_FILE)) {
      throw fail(t, "expected " + expectation + " but found " + t.describe());
    }
  }

  private CqlToken peek() {
    return tokens.get(pos);
  }

  private CqlToken peek(int ahead) {
    return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
  }

  private CqlToken next() {
    CqlToken t = peek();
    if (!t.is(Kind.END_OF_FILE)) {
      pos++;
    }
    return t;
  }

  private boolean acceptKeyword(String keyword) {
    if (peek().isKeyword(keyword)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean acceptSymbol(String symbol) {
    if (peek().isSymbol(symbol)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expectKeyword(String keyword, String expectation) {
    if (!acceptKeyword(keyword)) {
      throw fail(peek(), "expected " + expectation + " but found " + peek().describe());
    }
  }

  private void expect(String symbol, String expectation) {
    if (!acceptSymbol(symbol)) {
      throw fail(peek(), "expected " + expectation + " but found " + peek().describe());
    }
  }

  private Location location(CqlToken t) {
    return new Location(file, t.line(), t.column());
  }

  private ParseError fail(CqlToken at, String message) {
    if (!(truncated && at.is(Kind.END_OF_FILE))) {
      diagnostics.add(new Diagnostic(location(at), message));
    }
    return new ParseError();
  }

  /** Unwinds to the statement loop after a syntax error has been recorded. */
  private static final class ParseError extends RuntimeException {
    ParseError() {
      super(null, null, false, false);
    }
  }
}

package dev.keyplan.cli;

import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;

/**
 * Writes a model file for {@code keyplan analyze --write} and {@code --new} so that a reader (an
 * editor, a CI job) sees the old file or the new one, never half of one: the text goes to a
 * temporary file in the same folder, then one atomic rename puts it in place (rename(2) within one
 * file system, which {@link StandardCopyOption#ATOMIC_MOVE} asks for). A replaced file keeps its
 * permissions where the file system has POSIX ones. A file that cannot be written is an input error
 * at it, exit 2: the folder or the disk, not keyplan, is at fault.
 */
final class ModelFiles {
  private ModelFiles() {}

  /** Replaces the file at {@code file} (through a symbolic link, its target) by {@code text}. */
  static void replace(Path file, String text) {
    Path target;
    try {
      target = file.toRealPath();
    } catch (IOException e) {
      throw error(file, e);
    }
    write(file, target, text, true);
  }

  /** Writes {@code text} to {@code file}, which does not exist. */
  static void create(Path file, String text) {
    write(file, file.toAbsolutePath(), text, false);
  }

  private static void write(Path shown, Path target, String text, boolean replace) {
    Path folder = target.getParent();
    Path temp = null;
    try {
      temp = Files.createTempFile(folder, "." + target.getFileName() + ".", ".keyplan-tmp");
      Files.writeString(temp, text, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
      if (replace) {
        PosixFileAttributeView view =
            Files.getFileAttributeView(target, PosixFileAttributeView.class);
        if (view != null) {
          Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
        }
      } else if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        // Made between the check and now: still not ours to overwrite.
        throw new FileAlreadyExistsException(target.toString());
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      temp = null;
    } catch (AtomicMoveNotSupportedException e) {
      throw new InputException(
          new Location(shown.toString(), 0, 0),
          "cannot replace it in one step (its folder's file system has no atomic rename); expected"
              + " a folder on a local file system");
    } catch (IOException e) {
      throw error(shown, e);
    } finally {
      if (temp != null) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException e) {
          // The write already failed, and that is what the user is told.
        }
      }
    }
  }

  private static InputException error(Path file, IOException e) {
    return new InputException(
        new Location(file.toString(), 0, 0),
        "cannot write the model file: " + InputException.reason(e));
  }
}

package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.hash.Hashing;
import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.CorpusOutputException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The output directory of a corpus minimization: files named by the SHA-1 of their content, as
 * libFuzzer names corpus files, each written atomically, so that the directory holds only complete
 * files whenever the minimization stops. Every failure names the file and the directory.
 */
@API(status = INTERNAL, since = "0.1")
public final class CorpusOutput {
  private final Path directory;
  private final boolean created;

  private CorpusOutput(Path directory, boolean created) {
    this.directory = directory;
    this.created = created;
  }

  /** Jazzer's (libFuzzer's) name of a corpus file: the SHA-1 of its content, in hex. */
  @SuppressWarnings("deprecation") // SHA-1 names files here, as libFuzzer's do; no security.
  public static String nameOf(byte[] content) {
    return Hashing.sha1().hashBytes(content).toString();
  }

  /**
   * Makes {@code directory} ready before any run, so that an unusable one costs nothing: created if
   * absent, refused if it holds anything or lies in (or is) an input directory of {@code inputs},
   * whose files it would then add to the input, and checked by writing (and deleting) a file in it,
   * which is the one test of writability that holds for every user and file system.
   *
   * @throws CorpusOutputException naming the directory and the reason if it cannot be created or
   *     written
   */
  public static CorpusOutput prepare(Path directory, List<Path> inputs) throws IOException {
    checkNotNull(directory, "directory");
    checkOutsideInputs("the output directory", directory, inputs);
    boolean created = false;
    if (Files.exists(directory)) {
      checkArgument(Files.isDirectory(directory), "the output %s is not a directory", directory);
      try (Stream<Path> entries = Files.list(directory)) {
        checkArgument(
            entries.findAny().isEmpty(),
            "the output directory %s is not empty: give an empty or new one",
            directory);
      }
    } else {
      try {
        Files.createDirectories(directory);
      } catch (IOException e) {
        throw new CorpusOutputException(
            directory, "the output directory " + directory + " cannot be created: " + reason(e), e);
      }
      created = true;
    }
    CorpusOutput output = new CorpusOutput(directory, created);
    try {
      Files.delete(Files.createTempFile(directory, ".whittle-probe-", ".tmp"));
    } catch (IOException e) {
      output.removeIfEmpty();
      throw new CorpusOutputException(
          directory, "the output directory " + directory + " cannot be written: " + reason(e), e);
    }
    return output;
  }

  /**
   * Refuses {@code directory} if it is or lies in an input directory of {@code inputs}, whose files
   * writing there would change, symbolic links resolved; {@code what} names it in the message.
   *
   * @throws IllegalArgumentException naming {@code what}, the directory and the input
   */
  public static void checkOutsideInputs(String what, Path directory, List<Path> inputs) {
    checkNotNull(what, "what");
    checkNotNull(directory, "directory");
    for (Path argument : inputs) {
      checkArgument(
          !CorpusPaths.isIn(directory, argument),
          "%s %s lies in the input corpus %s, which is never modified",
          what,
          directory,
          argument);
    }
  }

  /** Writes {@code content} atomically under its {@linkplain #nameOf name}; returns the file. */
  public Path write(byte[] content) throws IOException {
    Path file = directory.resolve(nameOf(content));
    try {
      AtomicFiles.write(file, content);
    } catch (IOException e) {
      throw new CorpusOutputException(
          directory,
          "cannot write "
              + file.getFileName()
              + " into the output directory "
              + directory
              + ": "
              + reason(e)
              + "; the output is incomplete, the input corpus untouched",
          e);
    }
    return file;
  }

  /** Deletes {@code file}, which a smaller file replaced or the selection dropped. */
  public void delete(Path file) throws IOException {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new CorpusOutputException(
          directory,
          "cannot delete "
              + file.getFileName()
              + ", replaced by a smaller file, from the output directory "
              + directory
              + ": "
              + reason(e),
          e);
    }
  }

  /**
   * Removes the directory if {@link #prepare} created it and nothing went into it, as when the
   * target cannot load; quietly, as an empty directory left behind is all that can come of it.
   */
  public void removeIfEmpty() {
    if (!created) {
      return;
    }
    try (Stream<Path> entries = Files.list(directory)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(directory);
      }
    } catch (IOException e) {
      // An empty directory left behind is all that can come of it.
    }
  }

  /**
   * Why a file operation failed, for people: the file it names only when that is not a file of
   * Whittle's own making (a temporary or probe file means nothing to them).
   */
  static String reason(IOException e) {
    String file = e instanceof FileSystemException fs ? fs.getFile() : null;
    String where =
        file == null || file.contains(".whittle-probe-") || file.endsWith(".tmp")
            ? ""
            : file + ": ";
    if (e instanceof AccessDeniedException) {
      return where + "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return where + "no such file or directory";
    }
    if (e instanceof NotDirectoryException || e instanceof FileAlreadyExistsException) {
      return where + "exists and is not a directory";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return where + fs.getReason().toLowerCase(Locale.ROOT);
    }
    return where
        + e.getClass().getSimpleName()
        + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}

package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.CorpusOutputException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * A minimized corpus put where a corpus directory was, for a front end that minimizes into a fresh
 * directory beside it first ({@link CorpusOutput} refuses a non-empty one): the old directory is
 * moved aside (or, when it holds only corpus files, deleted), then the new one renamed into its
 * place, each step one rename on the one file system, so that the place holds the old corpus or the
 * new one, complete, whenever the process stops, apart from the moment between the two renames.
 */
@API(status = INTERNAL, since = "0.1")
public final class CorpusDirectories {
  /** A corpus file's name as libFuzzer and Whittle write it: the SHA-1 of its content. */
  private static final Pattern CORPUS_FILE = Pattern.compile("[0-9a-f]{40}");

  private CorpusDirectories() {}

  /**
   * A sibling of {@code directory} that does not exist yet, named {@code <name>.<suffix>}, with a
   * number added if that is taken.
   */
  public static Path unusedSibling(Path directory, String suffix) {
    checkNotNull(directory, "directory");
    checkArgument(directory.getFileName() != null, "no name: %s", directory);
    Path absolute = directory.toAbsolutePath().normalize();
    String base = absolute.getFileName() + "." + suffix;
    Path candidate = absolute.resolveSibling(base);
    for (int n = 2; Files.exists(candidate); n++) {
      candidate = absolute.resolveSibling(base + "-" + n);
    }
    return candidate;
  }

  /**
   * Puts {@code replacement} where {@code directory} is. An existing {@code directory} is moved to
   * {@code aside} when one is given; without one it MUST hold only corpus files (named by their
   * SHA-1, as an earlier result is) and is deleted, so that no other file is ever lost.
   *
   * @throws CorpusOutputException naming the directory if it holds other files, or cannot be moved
   */
  public static void replace(Path directory, Path replacement, Path aside) throws IOException {
    checkNotNull(directory, "directory");
    checkNotNull(replacement, "replacement");
    checkArgument(Files.isDirectory(replacement), "not a directory: %s", replacement);
    if (!Files.exists(directory)) {
      Files.createDirectories(directory.toAbsolutePath().getParent());
      move(replacement, directory);
      return;
    }
    Path old = aside;
    if (old == null) {
      checkOnlyCorpusFiles(directory);
      old = unusedSibling(directory, "old");
    }
    move(directory, old);
    try {
      move(replacement, directory);
    } catch (IOException e) {
      move(old, directory); // Put the old corpus back, so that the place is never left empty.
      throw e;
    }
    if (aside == null) {
      deleteCorpus(old);
    }
  }

  /**
   * Checks, before anything is minimized, that {@link #replace} without a place aside may replace
   * {@code directory}: absent, or holding only corpus files.
   *
   * @throws CorpusOutputException naming the directory and the first other file in it
   */
  public static void checkReplaceable(Path directory) throws IOException {
    checkNotNull(directory, "directory");
    if (Files.exists(directory)) {
      checkOnlyCorpusFiles(directory);
    }
  }

  private static void checkOnlyCorpusFiles(Path directory) throws IOException {
    for (Path entry : list(directory)) {
      if (!Files.isRegularFile(entry) || !CORPUS_FILE.matcher(entry.getFileName() + "").matches()) {
        throw new CorpusOutputException(
            directory,
            directory
                + " holds "
                + entry.getFileName()
                + ", which is no corpus file of an earlier result (named by the SHA-1 of its"
                + " content); not replacing it: choose another output directory or empty it",
            null);
      }
    }
  }

  private static void deleteCorpus(Path directory) throws IOException {
    for (Path file : list(directory)) {
      Files.delete(file);
    }
    Files.delete(directory);
  }

  private static List<Path> list(Path directory) throws IOException {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.toList();
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      throw new CorpusOutputException(
          to, "cannot rename " + from + " to " + to + " in one step (another file system?)", e);
    } catch (IOException e) {
      throw new CorpusOutputException(to, "cannot rename " + from + " to " + to + ": " + e, e);
    }
  }
}

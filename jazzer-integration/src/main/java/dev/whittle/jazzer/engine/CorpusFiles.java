package dev.whittle.jazzer.engine;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.hash.Hashing;
import dev.whittle.jazzer.api.CorpusOutputException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/** Reading a corpus and naming its files. */
final class CorpusFiles {
  private CorpusFiles() {}

  /** One distinct input: the first file with its content, and the content. */
  record Input(Path path, byte[] content) {
    String sha1() {
      return sha1Of(content);
    }
  }

  /** Jazzer's (libFuzzer's) name of a corpus file: the SHA-1 of its content, in hex. */
  @SuppressWarnings("deprecation") // SHA-1 names files here, as libFuzzer's do; no security.
  static String sha1Of(byte[] content) {
    return Hashing.sha1().hashBytes(content).toString();
  }

  /**
   * The regular files of {@code arguments}, directories read recursively and sorted by path, with
   * equal contents once (the first path wins).
   *
   * @throws IOException naming a file or directory that cannot be read
   */
  static List<Input> read(List<Path> arguments) throws IOException {
    Map<String, Input> byContent = new LinkedHashMap<>();
    for (Path argument : arguments) {
      if (!Files.exists(argument)) {
        throw new IOException("corpus input " + argument + " does not exist");
      }
      for (Path file : filesOf(argument)) {
        byte[] content;
        try {
          content = Files.readAllBytes(file);
        } catch (IOException e) {
          throw new IOException("cannot read corpus file " + file + ": " + e.getMessage(), e);
        }
        byContent.putIfAbsent(sha1Of(content), new Input(file, content));
      }
    }
    return new ArrayList<>(byContent.values());
  }

  private static List<Path> filesOf(Path argument) throws IOException {
    if (!Files.isDirectory(argument)) {
      return List.of(argument);
    }
    try (Stream<Path> walk = Files.walk(argument)) {
      return walk.filter(Files::isRegularFile).sorted().toList();
    }
  }

  /**
   * Makes {@code output} ready before any run, so that an unusable one costs nothing: created if
   * absent, refused if it holds anything or lies in (or is) an input directory, whose files it
   * would then add to the input, and checked by writing (and deleting) a file in it, which is the
   * one test of writability that holds for every user and file system. Returns whether it was
   * created, so that a minimization that ends before writing anything can remove it again.
   *
   * @throws CorpusOutputException naming the directory and the reason if it cannot be created or
   *     written
   */
  static boolean prepareOutput(Path output, List<Path> arguments) throws IOException {
    Path absolute = output.toAbsolutePath().normalize();
    for (Path argument : arguments) {
      Path input = argument.toAbsolutePath().normalize();
      checkArgument(
          !absolute.startsWith(input) || !Files.isDirectory(input),
          "the output directory %s lies in the input corpus %s, which is never modified",
          output,
          argument);
    }
    boolean created = false;
    if (Files.exists(output)) {
      checkArgument(Files.isDirectory(output), "the output %s is not a directory", output);
      try (Stream<Path> entries = Files.list(output)) {
        checkArgument(
            entries.findAny().isEmpty(),
            "the output directory %s is not empty: give an empty or new one",
            output);
      }
    } else {
      try {
        Files.createDirectories(output);
      } catch (IOException e) {
        throw new CorpusOutputException(
            output, "the output directory " + output + " cannot be created: " + reason(e), e);
      }
      created = true;
    }
    try {
      Files.delete(Files.createTempFile(output, ".whittle-probe-", ".tmp"));
    } catch (IOException e) {
      removeIfEmpty(output, created);
      throw new CorpusOutputException(
          output, "the output directory " + output + " cannot be written: " + reason(e), e);
    }
    return created;
  }

  /** Removes {@code output} if {@code created} and nothing went into it; quietly. */
  static void removeIfEmpty(Path output, boolean created) {
    if (!created) {
      return;
    }
    try (Stream<Path> entries = Files.list(output)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(output);
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

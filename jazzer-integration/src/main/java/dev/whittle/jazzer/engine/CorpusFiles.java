package dev.whittle.jazzer.engine;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.hash.Hashing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
   * Makes {@code output} ready: created if absent, refused if it holds anything or lies in (or is)
   * an input directory, whose files it would then add to the input.
   */
  static void prepareOutput(Path output, List<Path> arguments) throws IOException {
    Path absolute = output.toAbsolutePath().normalize();
    for (Path argument : arguments) {
      Path input = argument.toAbsolutePath().normalize();
      checkArgument(
          !absolute.startsWith(input) || !Files.isDirectory(input),
          "the output directory %s lies in the input corpus %s, which is never modified",
          output,
          argument);
    }
    if (Files.exists(output)) {
      checkArgument(Files.isDirectory(output), "the output %s is not a directory", output);
      try (Stream<Path> entries = Files.list(output)) {
        checkArgument(
            entries.findAny().isEmpty(),
            "the output directory %s is not empty: give an empty or new one",
            output);
      }
    } else {
      Files.createDirectories(output);
    }
  }
}

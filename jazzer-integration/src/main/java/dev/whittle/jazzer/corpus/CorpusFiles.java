package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.input.InputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Reading a corpus: its files, each content once. */
final class CorpusFiles {
  private CorpusFiles() {}

  /**
   * The regular files of {@code arguments}, directories read recursively and sorted by path, with
   * equal contents once (the first path wins).
   *
   * @throws IOException naming a file or directory that cannot be read, or a file given as an
   *     argument that is no regular file or longer than a Java array holds
   */
  static List<CorpusInput> read(List<Path> arguments) throws IOException {
    Map<String, CorpusInput> byContent = new LinkedHashMap<>();
    for (Path argument : arguments) {
      if (!Files.exists(argument)) {
        throw new IOException("corpus input " + argument + " does not exist");
      }
      for (Path file : filesOf(argument)) {
        byte[] content = InputFiles.read(file, "corpus file");
        CorpusInput input = new CorpusInput(file, content);
        byContent.putIfAbsent(input.sha1(), input);
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
}

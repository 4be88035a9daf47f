package dev.whittle.samples.parsers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Prints the table of {@code samples/crashes/parsers/README.md}, one row per frozen crash: format,
 * target, file, size, whether a strict parser rejects it ({@link StrictParsers}) and its recorded
 * signature. {@code ParserCrashesTest} holds the README to it.
 *
 * <pre>ParserCrashTable samples/crashes/parsers</pre>
 */
public final class ParserCrashTable {
  private ParserCrashTable() {}

  public static void main(String[] args) throws IOException {
    rows(Path.of(args.length > 0 ? args[0] : "samples/crashes/parsers"))
        .forEach(System.out::println);
  }

  /** The crash files under {@code dir} (in {@code TARGET/} folders), sorted by target and name. */
  public static List<Path> crashes(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir, 2)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("crash-"))
          .filter(p -> !p.getFileName().toString().endsWith(".signature"))
          .sorted()
          .toList();
    }
  }

  /** The table's rows, Markdown. */
  public static List<String> rows(Path dir) throws IOException {
    List<String> rows = new ArrayList<>();
    for (Path crash : crashes(dir)) {
      String target = crash.getParent().getFileName().toString();
      String format = StrictParsers.formatOf(target);
      byte[] input = Files.readAllBytes(crash);
      List<String> signature = Files.readAllLines(Path.of(crash + ".signature"));
      rows.add(
          String.format(
              Locale.ROOT,
              "| %s | `%s` | `%s` | %,d | %s | `%s` | %s |",
              format,
              target,
              crash.getFileName(),
              input.length,
              StrictParsers.malformed(format, input) ? "malformed" : "well-formed",
              signature.get(0),
              String.join(
                  "<br>",
                  signature.subList(1, signature.size()).stream()
                      .map(frame -> "`" + frame + "`")
                      .toList())));
    }
    return rows;
  }
}

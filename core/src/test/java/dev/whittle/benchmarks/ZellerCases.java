package dev.whittle.benchmarks;

import dev.whittle.api.Oracle;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Zeller's three case studies as {@code /work/shared/bench-data/zeller/README.md} defines them:
 * inputs, stand-in oracles, published figures and Whittle's targets.
 */
final class ZellerCases {
  /** System property that overrides where the case files are. */
  static final String DIR_PROPERTY = "whittle.zeller.dir";

  /** Where the data lies relative to the repository root. */
  static final String RELATIVE_TO_ROOT = "../shared/bench-data/zeller";

  private ZellerCases() {}

  /** Figures from the README; NaN where it has none. */
  record Published(
      double ddmin, double edSimplify, double edMinimize, double lowerBound, String notes) {}

  /**
   * One case: its input, the oracle as a predicate, how to delete one item from a content (for the
   * brute-force 1-minimality check), the README's item count, figures and our call target.
   */
  record Case<C>(
      String name,
      SequenceInput<C> input,
      Predicate<C> interesting,
      SingleDeletions<C> deletions,
      int expectedItems,
      Published published,
      int target) {
    Oracle<C> oracle() {
      return Oracle.of(interesting);
    }

    /** Whether {@code content} is interesting and no single-item deletion of it is. */
    boolean bruteForceOneMinimal(C content) {
      if (!interesting.test(content)) {
        return false;
      }
      for (C smaller : deletions.of(content)) {
        if (interesting.test(smaller)) {
          return false;
        }
      }
      return true;
    }
  }

  /** Every content with exactly one item removed. */
  @FunctionalInterface
  interface SingleDeletions<C> {
    List<C> of(C content);
  }

  static List<Case<?>> load(Path dir) {
    return List.of(gccBug(dir), mozilla(dir), gccOptions(dir));
  }

  static Case<String> gccBug(Path dir) {
    String text = read(dir.resolve("gcc-bug.c"));
    String regex = stripLineTerminators(read(dir.resolve("gcc-bug.regex")));
    Pattern pattern = Pattern.compile(regex, Pattern.MULTILINE);
    return new Case<>(
        "gcc-bug.c",
        SequenceInputs.chars(text),
        candidate -> pattern.matcher(candidate).find(),
        ZellerCases::charDeletions,
        754,
        new Published(726, 288, 369, 252.8, "Lithium-style sweep ~336, fuzzingbook ddmin ~1742"),
        300);
  }

  static Case<String> mozilla(Path dir) {
    String text = read(dir.resolve("mozilla-select.html"));
    Pattern pattern = Pattern.compile("<SELECT[^>]*>");
    return new Case<>(
        "mozilla-select.html",
        SequenceInputs.chars(text),
        candidate -> pattern.matcher(candidate).find(),
        ZellerCases::charDeletions,
        1647,
        new Published(83, 51, 59, 28.6, "Lithium-style sweep ~42, fuzzingbook ddmin ~65"),
        38);
  }

  /**
   * The option list: each line, without its terminator, is one list item (31 items; the file ends
   * with a newline, so {@code SequenceInputs.lines} would give 31 items too, but with terminators).
   */
  static Case<List<String>> gccOptions(Path dir) {
    List<String> lines = splitLines(read(dir.resolve("gcc-options.txt")));
    return new Case<>(
        "gcc-options.txt",
        SequenceInputs.list(lines),
        candidate -> candidate.contains("--fforce-addr"),
        ZellerCases::listDeletions,
        31,
        new Published(7, 18, 19, 7, ""),
        8);
  }

  /** Lines without terminators ({@code \n} or {@code \r\n}); no empty item after a final one. */
  static List<String> splitLines(String text) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
    }
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }

  static List<String> charDeletions(String content) {
    List<String> out = new ArrayList<>(content.length());
    for (int i = 0; i < content.length(); i++) {
      out.add(content.substring(0, i) + content.substring(i + 1));
    }
    return out;
  }

  static List<List<String>> listDeletions(List<String> content) {
    List<List<String>> out = new ArrayList<>(content.size());
    for (int i = 0; i < content.size(); i++) {
      List<String> smaller = new ArrayList<>(content);
      smaller.remove(i);
      out.add(smaller);
    }
    return out;
  }

  private static String stripLineTerminators(String text) {
    int end = text.length();
    while (end > 0 && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
      end--;
    }
    return text.substring(0, end);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The data directory: {@code explicit} if given, else the system property {@value #DIR_PROPERTY},
   * else {@value #RELATIVE_TO_ROOT} from the repository root found above the working directory.
   *
   * @throws IllegalStateException naming the places tried when there is no such directory
   */
  static Path locate(String explicit) {
    List<Path> tried = new ArrayList<>();
    String chosen = explicit != null ? explicit : System.getProperty(DIR_PROPERTY);
    if (chosen != null) {
      Path dir = Path.of(chosen).toAbsolutePath().normalize();
      if (isCaseDir(dir)) {
        return dir;
      }
      tried.add(dir);
    } else {
      Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
      for (Path at = start; at != null; at = at.getParent()) {
        if (Files.isRegularFile(at.resolve("pom.xml"))
            && Files.isRegularFile(at.resolve("core/pom.xml"))) {
          Path dir = at.resolve(RELATIVE_TO_ROOT).normalize();
          if (isCaseDir(dir)) {
            return dir;
          }
          tried.add(dir);
          break;
        }
      }
      if (tried.isEmpty()) {
        tried.add(Path.of("<no repository root (pom.xml with core/pom.xml) above " + start + ">"));
      }
    }
    throw new IllegalStateException(
        "Zeller case files (gcc-bug.c, gcc-bug.regex, mozilla-select.html, gcc-options.txt) not"
            + " found; tried "
            + tried
            + ". Pass --data DIR or -D"
            + DIR_PROPERTY
            + "=DIR.");
  }

  private static boolean isCaseDir(Path dir) {
    for (String name :
        List.of("gcc-bug.c", "gcc-bug.regex", "mozilla-select.html", "gcc-options.txt")) {
      if (!Files.isRegularFile(dir.resolve(name))) {
        return false;
      }
    }
    return true;
  }
}

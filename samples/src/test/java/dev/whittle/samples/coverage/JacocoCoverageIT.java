package dev.whittle.samples.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code samples/scripts/jacoco-coverage.sh}, the corpus benchmark's independent coverage judge,
 * run for real (JaCoCo agent and CLI, fetched on first use) on tiny corpora: an input that reaches
 * new code raises every covered count, a duplicate raises none, and a target that throws, hangs or
 * calls {@code System.exit} does not stop the inputs after it from counting.
 */
class JacocoCoverageIT {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final Pattern COUNTS =
      Pattern.compile("^lines=(\\d+) branches=(\\d+) instructions=(\\d+)$", Pattern.MULTILINE);

  @TempDir Path temp;

  record Coverage(long lines, long branches, long instructions) {}

  @Test
  void newCodeRaisesEveryCountAndADuplicateRaisesNone() throws Exception {
    Path base = corpus("base", "1", "\0\0a,b\n1,2\n");
    Path more = corpus("more", "1", "\0\0a,b\n1,2\n", "2", "\0\3# note\n\"q\"\"x\",y\n3,4\n");
    Path duplicated = corpus("duplicated", "1", "\0\0a,b\n1,2\n", "2", "\0\0a,b\n1,2\n");
    String csv = "org.apache.commons.csv.*";
    String target = "dev.whittle.samples.corpus.CsvFuzzer";

    // The default timeout: a cold first input under JaCoCo on a loaded machine can take seconds,
    // and one abandoned as a hang would lose coverage.
    Coverage ofBase = coverage(target, csv, "60000", base);
    Coverage ofMore = coverage(target, csv, "60000", more);
    Coverage ofDuplicated = coverage(target, csv, "60000", duplicated);

    assertTrue(ofBase.lines() > 0, ofBase::toString);
    assertTrue(ofMore.lines() > ofBase.lines(), () -> ofMore + " vs " + ofBase);
    assertTrue(ofMore.branches() > ofBase.branches(), () -> ofMore + " vs " + ofBase);
    assertTrue(ofMore.instructions() > ofBase.instructions(), () -> ofMore + " vs " + ofBase);
    assertEquals(ofBase, ofDuplicated);
  }

  @Test
  void inputsAfterAThrowAHangAndAnExitStillCount() throws Exception {
    String target = HostileTarget.class.getName();
    Path withZ = corpus("withZ", "1", "a", "2", "h", "3", "t", "4", "x", "5", "z");
    Path withoutZ = corpus("withoutZ", "1", "a", "2", "h", "3", "t", "4", "x");

    // 'h' costs the timeout; the others take milliseconds, well under it even on a loaded machine.
    Coverage ofWithZ = coverage(target, target, "5000", withZ);
    Coverage ofWithoutZ = coverage(target, target, "5000", withoutZ);

    // The one line only 'z' reaches, after the exit: found by the second JVM.
    assertEquals(ofWithoutZ.lines() + 1, ofWithZ.lines(), () -> ofWithZ + " vs " + ofWithoutZ);
    assertTrue(ofWithZ.branches() > ofWithoutZ.branches(), () -> ofWithZ + " vs " + ofWithoutZ);
  }

  /**
   * Issue 19, item 1: a line only a flaky run reached is the input corpus's coverage all the same.
   * "ca!" (replayed first, by its name) builds the lazy cache and reaches the builder's '!' line;
   * Whittle's second run of it finds the cache built. Before, "ca!" was kept for its stable '!'
   * edge and shrunk to "c!", whose output file sorts after "c"'s: JaCoCo's replay of the output
   * built the cache with "c" and lost the line. Now "ca!" is kept as it is (its SHA-1 name sorts
   * before "c"'s, so the replay of the output builds the cache with it too).
   */
  @Test
  void aLineOnlyAFlakyRunReachedIsStillCoveredByTheMinimizedCorpus() throws Exception {
    String target = FirstUseCacheTarget.class.getName();
    Path original = corpus("original", "1", "ca!", "2", "c", "3", "cab!");
    Path classes =
        Path.of(
            FirstUseCacheTarget.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path minimized = temp.resolve("minimized");

    dev.whittle.jazzer.api.CorpusMinimizationResult result =
        dev.whittle.jazzer.api.CorpusMinimizer.forTarget(target, List.of(classes))
            .withLog(line -> {})
            .minimize(List.of(original), minimized);

    assertTrue(result.coveragePreserved(), result::toString);
    Coverage ofOriginal = coverage(target, target, "60000", original);
    Coverage ofMinimized = coverage(target, target, "60000", minimized);
    assertEquals(ofOriginal, ofMinimized);
  }

  /** A corpus directory of the given (name, content) pairs. */
  private Path corpus(String name, String... namesAndContents) throws IOException {
    Path dir = Files.createDirectories(temp.resolve(name));
    for (int i = 0; i < namesAndContents.length; i += 2) {
      Files.writeString(
          dir.resolve(namesAndContents[i]), namesAndContents[i + 1], StandardCharsets.ISO_8859_1);
    }
    return dir;
  }

  private Coverage coverage(String target, String include, String timeoutMillis, Path corpus)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add("bash");
    command.add(ROOT.resolve("samples/scripts/jacoco-coverage.sh").toString());
    command.addAll(
        List.of(
            "--cp",
            System.getProperty("java.class.path"),
            "--target",
            target,
            "--include",
            include,
            "--timeout-ms",
            timeoutMillis,
            corpus.toString()));
    Path log = temp.resolve("log-" + corpus.getFileName());
    Process process =
        new ProcessBuilder(command)
            .directory(ROOT.toFile())
            .redirectError(log.toFile())
            .redirectOutput(ProcessBuilder.Redirect.PIPE)
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "jacoco-coverage.sh did not finish");
    String err = Files.readString(log);
    assertEquals(0, process.exitValue(), () -> "jacoco-coverage.sh failed:\n" + out + err);
    Matcher counts = COUNTS.matcher(out);
    assertTrue(counts.find(), () -> "no counts in:\n" + out + err);
    return new Coverage(
        Long.parseLong(counts.group(1)),
        Long.parseLong(counts.group(2)),
        Long.parseLong(counts.group(3)));
  }
}

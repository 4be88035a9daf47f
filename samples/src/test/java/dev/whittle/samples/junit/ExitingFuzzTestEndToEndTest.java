package dev.whittle.samples.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, item 1: a fuzz test whose code calls {@code System.exit(3)} on short inputs and fails
 * on its 205-byte regression input. Shrinking tries short candidates; they must end only their own
 * run, not the JVM, and the test must still report its own failure, shrunk. Run in a JVM of its own
 * ({@link ForkedRegressionRun}), as Surefire runs tests, since the fault being guarded against is
 * the end of that JVM.
 */
@Tag("jazzer-junit")
class ExitingFuzzTestEndToEndTest {
  private static final Path INPUTS =
      Path.of("dev", "whittle", "samples", "junit", "ExitingFuzzSampleInputs", "importBatch");
  private static final String ORIGINAL = "overlong-field-index";

  @TempDir Path base;

  @Test
  void candidatesThatExitEndOnlyTheirRunAndTheTestReportsItsOwnFailureShrunk() throws Exception {
    Path resources = base.resolve("resources");
    Path inputs = Files.createDirectories(resources.resolve(INPUTS));
    Files.copy(
        Path.of("src", "test", "resources").resolve(INPUTS).resolve(ORIGINAL),
        inputs.resolve(ORIGINAL));

    ForkedRegressionRun.Outcome outcome =
        ForkedRegressionRun.run(
            base,
            ExitingFuzzSample.class.getName(),
            List.of(WhittleConfiguration.RESOURCES_ROOT + "=" + resources));

    assertEquals(0, outcome.exitCode(), () -> "the JVM ended early:\n" + outcome.output());
    assertTrue(
        outcome.output().contains(ForkedRegressionRun.SUMMARY + "1 succeeded, 1 failed"),
        outcome.output());
    String failure = outcome.onlyFailure();
    assertTrue(failure.contains("test: " + ORIGINAL), failure);
    assertTrue(
        failure.contains(
            "failure: java.lang.AssertionError: ExitingFuzzSample.importBatch(byte[])"
                + " failed; Whittle shrank its input from 205 bytes to "),
        failure);
    assertTrue(
        failure.contains(
            "cause: java.lang.ArrayIndexOutOfBoundsException: Index 42 out of bounds for length 8"),
        failure);
    Path shrunk = onlyMinimizedFile(inputs);
    byte[] bytes = Files.readAllBytes(shrunk);
    assertTrue(
        bytes.length >= BatchImporter.HEADER + 2 && bytes.length < 205,
        bytes.length + " bytes: no shorter batch fails without exiting");
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> BatchImporter.run(bytes));
  }

  @Test
  void turnedOffTheTestFailsWithItsOwnFailureAsBefore() throws Exception {
    ForkedRegressionRun.Outcome outcome =
        ForkedRegressionRun.run(
            base,
            ExitingFuzzSample.class.getName(),
            List.of(WhittleConfiguration.ENABLED + "=false"));

    assertEquals(0, outcome.exitCode(), outcome::output);
    String failure = outcome.onlyFailure();
    assertTrue(
        failure.contains("failure: com.code_intelligence.jazzer.junit.FuzzTestFindingException"),
        failure);
    assertTrue(failure.contains("cause: java.lang.ArrayIndexOutOfBoundsException"), failure);
  }

  private static Path onlyMinimizedFile(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      List<Path> minimized =
          files.filter(f -> f.getFileName().toString().startsWith("minimized-")).toList();
      assertEquals(1, minimized.size(), () -> "one minimized file in " + directory);
      return minimized.get(0);
    }
  }
}

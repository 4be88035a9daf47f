package dev.whittle.samples.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.whittle.jazzer.finding.DedupToken;
import dev.whittle.jazzer.finding.FindingClassifier;
import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * The JUnit extension end to end, through the real JUnit Platform and the real jazzer-junit 0.30.0
 * in regression mode, on one fuzz test per parameter kind: the fuzz test still fails, its failure
 * shows the shrunk sample, the file Whittle writes is smaller than the failing input, and plain
 * jazzer-junit (no Whittle extension) replays it with the original's DEDUP_TOKEN. The Inputs
 * directories are copied into a temporary resources root first, which is where Whittle writes.
 */
@Tag("jazzer-junit")
class JUnitExtensionEndToEndTest {
  private static final String FINDING =
      "com.code_intelligence.jazzer.junit.FuzzTestFindingException";
  private static final Path SAMPLE_RESOURCES =
      Path.of("src", "test", "resources", "dev", "whittle", "samples", "junit");
  private static final Pattern REPORTED_TOKEN =
      Pattern.compile("Jazzer DEDUP_TOKEN ([0-9a-f]{16})");

  /** The sample classes and their fuzz test methods. */
  private static final Map<String, String> METHODS =
      Map.of(
          "ChunkedImageFuzzSample", "thumbnail",
          "RingBufferFuzzSample", "operations",
          "CouponFuzzSample", "redeem",
          "ShipmentFuzzSample", "label",
          "OrderFuzzSample", "checkout");

  /**
   * What each sample's shrunk sample is, exactly: its size, and for structured parameters the call
   * it decodes to (the smallest values that still fail: a one-letter lower-case code and 11 items
   * for 10 in stock; a line break as the destination and the weight nearest to zero in the top rate
   * band, -1 g, which {@code floorMod} puts there; together they index past the rate table).
   */
  private static final Map<String, String> SHRUNK =
      Map.of(
          "ChunkedImageFuzzSample", "Shrunk Sample (42 bytes",
          "RingBufferFuzzSample", "Shrunk Sample (11 bytes",
          "CouponFuzzSample", "Shrunk Sample (10 bytes",
          "ShipmentFuzzSample", "Shrunk Sample (11 bytes",
          "OrderFuzzSample", "Shrunk Sample (21 bytes");

  private static final Map<String, String> SHRUNK_CALLS =
      Map.of(
          "CouponFuzzSample", "redeem(\"s\", 11)",
          "ShipmentFuzzSample", "label(Shipment[destination=\"\\n\", weightGrams=-1])",
          "OrderFuzzSample", "checkout(\"{\\\"discount\\\":150}\")");

  @TempDir Path resources;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ChunkedImageFuzzSample",
        "RingBufferFuzzSample",
        "CouponFuzzSample",
        "ShipmentFuzzSample",
        "OrderFuzzSample"
      })
  void theFailingInputIsShrunkReportedWrittenAndReplayedByPlainJazzerWithItsToken(String sample)
      throws Exception {
    Path inputs = copySampleResources().resolve(sample + "Inputs").resolve(METHODS.get(sample));
    Path original = onlyFile(inputs);

    Throwable failure =
        onlyFailure(
            EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(Class.forName(getClass().getPackageName() + "." + sample)))
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
                .execute());

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure, () -> trace(failure));
    assertEquals(FINDING, shrunk.getCause().getClass().getName(), "the original is the cause");
    String message = shrunk.getMessage();
    assertTrue(message.contains(SHRUNK.get(sample)), message);
    if (SHRUNK_CALLS.containsKey(sample)) {
      assertTrue(message.contains(SHRUNK_CALLS.get(sample)), message);
    }
    assertTrue(
        message.contains(
            String.format(Locale.ROOT, "Original Sample (%,d bytes", Files.size(original))),
        message);
    Path minimized = onlyMinimizedFile(inputs);
    assertTrue(message.contains(minimized.toString()), message);
    assertTrue(
        Files.size(minimized) < Files.size(original),
        Files.size(minimized) + " bytes from " + Files.size(original));
    Matcher token = REPORTED_TOKEN.matcher(message);
    assertTrue(token.find(), message);

    Map<String, String> replayed = replayWithPlainJazzer(sample);
    assertEquals(
        token.group(1),
        replayed.get(original.getFileName().toString()),
        "plain jazzer-junit: the original's token is the one Whittle reported");
    assertEquals(
        token.group(1),
        replayed.get(minimized.getFileName().toString()),
        "plain jazzer-junit: the shrunk input fails with the same token");
  }

  /**
   * Runs {@code sample} under plain jazzer-junit regression mode over the temporary Inputs
   * directories: no auto-detection, the class loaded afresh by a loader that shows them. Returns
   * the DEDUP_TOKEN of each failing invocation by its display name (the input file's name), cut at
   * the test method's frame as Jazzer's fuzzing mode prints it.
   */
  private Map<String, String> replayWithPlainJazzer(String sample) throws Exception {
    String className = getClass().getPackageName() + "." + sample;
    Path classes = Path.of("target", "test-classes");
    ClassLoader loader = new ReplayClassLoader(classes, resources, getClass().getClassLoader());
    Class<?> fresh = Class.forName(className, false, loader);
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(fresh)).execute();
    FindingClassifier classifier =
        new FindingClassifier(new DedupToken(className, METHODS.get(sample), List.of()));
    return results.testEvents().failed().stream()
        .collect(
            Collectors.toMap(
                event -> event.getTestDescriptor().getDisplayName(),
                event -> {
                  Throwable thrown = throwableOf(event);
                  assertEquals(FINDING, thrown.getClass().getName(), () -> trace(thrown));
                  return classifier.classifyThrown(thrown.getCause()).identity();
                }));
  }

  private Path copySampleResources() throws IOException {
    Path target = resources.resolve(Path.of("dev", "whittle", "samples", "junit"));
    try (Stream<Path> files = Files.walk(SAMPLE_RESOURCES)) {
      for (Path file : files.sorted(Comparator.naturalOrder()).toList()) {
        Path copy = target.resolve(SAMPLE_RESOURCES.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(file, copy);
        }
      }
    }
    return target;
  }

  private static Throwable onlyFailure(EngineExecutionResults results) {
    List<Event> failed = results.testEvents().failed().list();
    assertEquals(1, failed.size(), () -> "one failing invocation: " + results.allEvents().list());
    return throwableOf(failed.get(0));
  }

  private static Throwable throwableOf(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  private static Path onlyFile(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      List<Path> all = files.toList();
      assertEquals(1, all.size(), () -> "one input in " + directory + ": " + all);
      return all.get(0);
    }
  }

  private static Path onlyMinimizedFile(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      List<Path> minimized =
          files.filter(f -> f.getFileName().toString().startsWith("minimized-")).toList();
      assertEquals(1, minimized.size(), () -> "one minimized file in " + directory);
      return minimized.get(0);
    }
  }

  private static String trace(Throwable t) {
    java.io.StringWriter out = new java.io.StringWriter();
    t.printStackTrace(new java.io.PrintWriter(out));
    return out.toString();
  }
}

package dev.whittle.samples.junit.challenge;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.jazzer.values.MutatorArguments;
import dev.whittle.jazzer.values.MutatorCodec;
import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Shrinking quality in the jqwik way, on the shrinking challenge's problems written as fuzz tests:
 * every failing input of a problem (found by Jazzer's fuzzing mode and kept in its Inputs
 * directory) is shrunk by the JUnit extension, through the real JUnit Platform and jazzer-junit in
 * regression mode, to exactly the problem's smallest counterexample; the file written decodes to it
 * and the report shows the same values.
 */
@Tag("jazzer-junit")
class ShrinkingChallengeTest {
  private static final Path INPUTS =
      Path.of("src", "test", "resources", "dev", "whittle", "samples", "junit", "challenge");
  private static final Pattern WRITTEN = Pattern.compile("written to (\\S+)");
  private static final Pattern RUNS_ANY = Pattern.compile("([0-9,]+) runs, ");

  @TempDir Path resources;

  @Test
  void differenceMustNotBeZero() throws Exception {
    assertEveryInputShrinksTo(DifferenceMustNotBeZeroFuzzSample.class, "[10, 10]");
  }

  @Test
  void differenceMustNotBeSmall() throws Exception {
    assertEveryInputShrinksTo(DifferenceMustNotBeSmallFuzzSample.class, "[10, 6]");
  }

  @Test
  void differenceMustNotBeOne() throws Exception {
    assertEveryInputShrinksTo(DifferenceMustNotBeOneFuzzSample.class, "[10, 9]");
  }

  @Test
  void deletion() throws Exception {
    assertEveryInputShrinksTo(DeletionFuzzSample.class, "[[0, 0], 0]");
  }

  @Test
  void reverse() throws Exception {
    assertEveryInputShrinksTo(ReverseFuzzSample.class, "[[0, 1]]");
  }

  @Test
  void largeUnionList() throws Exception {
    assertEveryInputShrinksTo(LargeUnionListFuzzSample.class, "[[[0, 1, -1, 2, -2]]]");
  }

  @Test
  void lengthList() throws Exception {
    assertEveryInputShrinksTo(LengthListFuzzSample.class, "[[900]]");
  }

  @Test
  void bound5() throws Exception {
    assertEveryInputShrinksTo(Bound5FuzzSample.class, "[[], [], [], [-1], [-32768]]");
  }

  @Test
  void nestedLists() throws Exception {
    assertEveryInputShrinksTo(NestedListsFuzzSample.class, "[[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]]");
  }

  @Test
  void distinct() throws Exception {
    assertEveryInputShrinksTo(DistinctFuzzSample.class, "[[0, 1, -1]]");
  }

  @Test
  void coupling() throws Exception {
    assertEveryInputShrinksTo(CouplingFuzzSample.class, "[[1, 0]]");
  }

  @Test
  void calculator() throws Exception {
    CalculatorFuzzSample.Expr zero = new CalculatorFuzzSample.Expr(0, null);
    CalculatorFuzzSample.Expr sum =
        new CalculatorFuzzSample.Expr(0, new CalculatorFuzzSample.Operation(false, zero, zero));
    Object minimum =
        new CalculatorFuzzSample.Expr(0, new CalculatorFuzzSample.Operation(true, zero, sum));
    assertEveryInputShrinksTo(
        CalculatorFuzzSample.class, Arrays.deepToString(new Object[] {minimum}));
  }

  @Test
  void binHeap() throws Exception {
    Object minimum =
        new BinHeapFuzzSample.Heap(
            0,
            null,
            new BinHeapFuzzSample.Heap(
                0,
                new BinHeapFuzzSample.Heap(0, null, null),
                new BinHeapFuzzSample.Heap(1, null, null)));
    assertEveryInputShrinksTo(BinHeapFuzzSample.class, Arrays.deepToString(new Object[] {minimum}));
  }

  private void assertEveryInputShrinksTo(Class<?> sample, String minimum) throws Exception {
    Method method = onlyFuzzTest(sample);
    Path inputs = copyInputs(sample).resolve(method.getName());
    long originals;
    try (Stream<Path> files = Files.list(inputs)) {
      originals = files.count();
    }
    assertTrue(originals > 0, "Jazzer-found inputs in " + inputs);

    List<Event> failed =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(sample))
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
            .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
            .execute()
            .testEvents()
            .failed()
            .list();

    assertEquals(originals, failed.size(), "every input fails: " + failed);
    MutatorCodec codec = MutatorCodec.forMethod(method);
    // Every input checked, so that a miss still shows what the others reached and took.
    assertAll(
        sample.getSimpleName(),
        failed.stream().map(event -> () -> assertShrunkTo(method, codec, inputs, minimum, event)));
  }

  private static void assertShrunkTo(
      Method method, MutatorCodec codec, Path inputs, String minimum, Event event)
      throws IOException {
    Throwable thrown =
        event
            .getPayload(TestExecutionResult.class)
            .flatMap(TestExecutionResult::getThrowable)
            .get();
    AssertionError shrunk = assertInstanceOf(AssertionError.class, thrown, thrown::toString);
    String message = shrunk.getMessage();
    Matcher written = WRITTEN.matcher(message);
    // An input Jazzer found at the minimum already is left as it is, and said so.
    boolean wrote = written.find();
    Path result =
        wrote
            ? Path.of(written.group(1))
            : inputs.resolve(event.getTestDescriptor().getDisplayName());
    assertTrue(wrote || message.contains("nothing written"), message);
    byte[] bytes = Files.readAllBytes(result);
    Matcher runs = RUNS_ANY.matcher(message);
    assertTrue(runs.find(), message);
    String reached = Arrays.deepToString(codec.decode(bytes));
    // For docs/shrinking-challenge.md: the runs each input took, and where it ended.
    System.out.println(
        "challenge "
            + method.getDeclaringClass().getSimpleName()
            + " "
            + event.getTestDescriptor().getDisplayName()
            + " runs "
            + runs.group(1)
            + (reached.equals(minimum) ? "" : " reached " + reached));
    assertEquals(minimum, reached, message);
    assertTrue(message.contains(MutatorArguments.describe(method, bytes)), message);
    assertFalse(message.contains("not verified"), message);
  }

  private static Method onlyFuzzTest(Class<?> sample) {
    return Arrays.stream(sample.getDeclaredMethods())
        .filter(m -> m.isAnnotationPresent(FuzzTest.class))
        .findFirst()
        .orElseThrow();
  }

  private Path copyInputs(Class<?> sample) throws IOException {
    Path source = INPUTS.resolve(sample.getSimpleName() + "Inputs");
    Path target = resources.resolve(Path.of("dev", "whittle", "samples", "junit", "challenge"));
    Path copy = target.resolve(sample.getSimpleName() + "Inputs");
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : files.sorted(Comparator.naturalOrder()).toList()) {
        Path to = copy.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(to);
        } else {
          Files.copy(file, to);
        }
      }
    }
    return copy;
  }
}

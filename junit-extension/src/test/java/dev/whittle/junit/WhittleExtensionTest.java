package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.whittle.junit.api.WhittleConfiguration;
import dev.whittle.junit.fixtures.BytesFixture;
import dev.whittle.junit.fixtures.CommandInjectionFixture;
import dev.whittle.junit.fixtures.ExactFixture;
import dev.whittle.junit.fixtures.ExitingFixture;
import dev.whittle.junit.fixtures.FlakyFixture;
import dev.whittle.junit.fixtures.LifecycleFixture;
import dev.whittle.junit.fixtures.LinkageFixture;
import dev.whittle.junit.fixtures.LocaleFixture;
import dev.whittle.junit.fixtures.LockFixture;
import dev.whittle.junit.fixtures.MapFixture;
import dev.whittle.junit.fixtures.PerClassFixture;
import dev.whittle.junit.fixtures.PoolFixture;
import dev.whittle.junit.fixtures.RetiredCodec;
import dev.whittle.junit.fixtures.SometimesSetUpFixture;
import dev.whittle.junit.fixtures.StateFixture;
import dev.whittle.junit.fixtures.ThresholdFixture;
import dev.whittle.junit.fixtures.UnannotatedFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * The extension through the real JUnit Platform and the real jazzer-junit in regression mode: the
 * fixtures' Inputs directories hold failing inputs; the resources root points into a temporary
 * directory, so nothing is written into the repository.
 */
class WhittleExtensionTest {
  private static final String FINDING = WhittleExtension.FINDING_EXCEPTION;

  @TempDir Path resources;

  @Test
  void aFailingByteArrayInputIsShrunkReportedAndWrittenIntoTheSourceInputsDirectory()
      throws IOException {
    Throwable failure = onlyFailure(run(BytesFixture.class));

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure);
    assertEquals(FINDING, shrunk.getCause().getClass().getName(), "the original is the cause");
    assertInstanceOf(IllegalStateException.class, shrunk.getCause().getCause());
    String message = shrunk.getMessage();
    assertTrue(message.contains("Shrunk Sample (3 bytes"), message);
    assertTrue(message.contains("\"BUG\""), message);
    assertTrue(message.contains("Original Sample (503 bytes, failing-input)"), message);
    assertTrue(message.contains("Jazzer DEDUP_TOKEN "), message);
    Path written = onlyMinimizedFile(methodDirectory("BytesFixture", "parse"));
    assertTrue(message.contains(written.toString()), message);
    assertArrayEquals("BUG".getBytes(StandardCharsets.US_ASCII), Files.readAllBytes(written));
  }

  @Test
  void autoDetectionRegistersTheExtension() throws IOException {
    Throwable failure =
        onlyFailure(
            EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(UnannotatedFixture.class))
                .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                .execute());

    assertInstanceOf(AssertionError.class, failure);
    assertArrayEquals(
        "BUG".getBytes(StandardCharsets.US_ASCII),
        Files.readAllBytes(onlyMinimizedFile(methodDirectory("UnannotatedFixture", "parse"))));
  }

  @Test
  void annotatedAndAutoDetectedTheInputIsShrunkOnce() throws IOException {
    Throwable failure =
        onlyFailure(
            EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(BytesFixture.class))
                .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                .execute());

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure);
    assertEquals(FINDING, shrunk.getCause().getClass().getName(), "one report, around the finding");
    onlyMinimizedFile(methodDirectory("BytesFixture", "parse"));
  }

  @Test
  void withoutAutoDetectionAnUnannotatedFuzzTestFailsAsJazzerReportsIt() {
    Throwable failure = onlyFailure(run(UnannotatedFixture.class));

    assertEquals(FINDING, failure.getClass().getName());
    assertTrue(Files.notExists(resources.resolve("dev")));
  }

  @Test
  void turnedOffTheTestFailsAsJazzerReportsIt() {
    Throwable failure =
        onlyFailure(
            EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(BytesFixture.class))
                .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
                .configurationParameter(WhittleConfiguration.ENABLED, "false")
                .execute());

    assertEquals(FINDING, failure.getClass().getName());
    assertTrue(Files.notExists(resources.resolve("dev")));
  }

  @Test
  void aFuzzedDataProviderTestIsShrunkWithItsLifecycleOnAFreshInstancePerRun() throws IOException {
    int tearDownsBefore = LifecycleFixture.tearDowns();

    Throwable failure = onlyFailure(run(LifecycleFixture.class));

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure);
    assertInstanceOf(ArithmeticException.class, shrunk.getCause().getCause());
    byte[] written =
        Files.readAllBytes(onlyMinimizedFile(methodDirectory("LifecycleFixture", "consume")));
    assertTrue(written.length <= 3, "three digits reach 20: " + written.length + " bytes");
    assertTrue(
        LifecycleFixture.tearDowns() - tearDownsBefore > 3,
        "@AfterEach ran after the re-runs too, not only after JUnit's own invocations");
  }

  @Test
  void jazzersBugDetectorsAreArmedAroundEveryReRun() throws IOException {
    Throwable failure = onlyFailure(run(CommandInjectionFixture.class));

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure, failure::toString);
    assertEquals(
        "com.code_intelligence.jazzer.api.FuzzerSecurityIssueCritical",
        shrunk.getCause().getCause().getClass().getName());
    assertArrayEquals(
        "run=jazze".getBytes(StandardCharsets.US_ASCII),
        Files.readAllBytes(onlyMinimizedFile(methodDirectory("CommandInjectionFixture", "start"))));
  }

  @Test
  void aFailureThatDoesNotReproduceIsReportedAsItWasWithTheReason() {
    Throwable failure = onlyFailure(run(FlakyFixture.class));

    assertEquals(FINDING, failure.getClass().getName(), "the original failure, unchanged");
    assertEquals(1, failure.getSuppressed().length);
    Throwable reason = failure.getSuppressed()[0];
    assertInstanceOf(ShrinkingStoppedException.class, reason);
    // Whittle's copy of the class starts from fresh static state: it fails once more, then not.
    assertTrue(
        reason.getMessage().contains("does not fail the same way every time"), reason.getMessage());
    assertTrue(Files.notExists(resources.resolve("dev")));
  }

  /**
   * The set-up passes in JUnit's run and fails in Whittle's copy from its third re-run on: the
   * original failure is reported, and the reason is the set-up's exception, not only "flaky".
   */
  @Test
  void aSetUpThatFailsOnlyInWhittlesCopyIsTheReasonGiven() {
    Throwable failure = onlyFailure(run(PoolFixture.class));

    assertEquals(FINDING, failure.getClass().getName(), () -> trace(failure));
    assertInstanceOf(IllegalArgumentException.class, failure.getCause(), "the original failure");
    assertEquals(1, failure.getSuppressed().length);
    Throwable reason = failure.getSuppressed()[0];
    assertInstanceOf(ShrinkingStoppedException.class, reason);
    String message = reason.getMessage();
    assertTrue(
        message.startsWith(
            "Whittle did not shrink this input: the re-runs of the test in Whittle's copy of the"
                + " class failed in set-up: 1 of 3 re-runs failed in set-up, before the test"
                + " method ran; the first in @BeforeEach PoolFixture.takeConnection:"
                + " java.lang.IllegalStateException: connection pool exhausted (2 of 2 in use)"),
        message);
    assertTrue(message.contains("then: the test does not fail the same way every time"), message);
    assertInstanceOf(IllegalStateException.class, reason.getCause(), "the set-up's exception");
    assertTrue(Files.notExists(resources.resolve("dev")), "nothing written");
  }

  /**
   * The same when the set-up fails in every re-run: the test "did not fail again" because of it.
   */
  @Test
  void aSetUpThatAlwaysFailsInWhittlesCopyIsTheReasonGiven() {
    Throwable failure = onlyFailure(run(LockFixture.class));

    assertEquals(FINDING, failure.getClass().getName(), () -> trace(failure));
    String message = failure.getSuppressed()[0].getMessage();
    assertTrue(
        message.contains(
            "3 of 3 re-runs failed in set-up, before the test method ran; the first in @BeforeEach"
                + " LockFixture.claimLock: java.lang.IllegalStateException: lock "
                + LockFixture.class.getName()
                + ".lock is held by its first owner"),
        message);
    assertTrue(message.contains("then: the test did not fail again"), message);
  }

  /** Re-runs whose set-up failed counted as passing; a shrunk failure says how many there were. */
  @Test
  void aShrunkFailureSaysHowManyReRunsFailedInSetUp() throws IOException {
    Throwable failure = onlyFailure(run(SometimesSetUpFixture.class));

    String message =
        assertInstanceOf(AssertionError.class, failure, () -> trace(failure)).getMessage();
    assertTrue(
        message.matches(
            "(?s).*\n  \\([0-9,]+ of [0-9,]+ re-runs failed in set-up, before the test method ran;"
                + " the first in @BeforeEach SometimesSetUpFixture.connect:"
                + " java.lang.IllegalStateException: connection refused \\(set-up 5\\), and"
                + " counted as passing\\)\n.*"),
        message);
    onlyMinimizedFile(methodDirectory("SometimesSetUpFixture", "parse"));
  }

  @Test
  void aMalformedSettingNeverFailsAPassingTestAndIsNamedBesideTheOriginalFailure() {
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(BytesFixture.class))
            .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
            .configurationParameter(WhittleConfiguration.TIME_BUDGET, "soon")
            .execute();
    Throwable failure = onlyFailure(results);

    assertEquals(2, results.testEvents().succeeded().count(), "the empty and the passing input");
    assertEquals(FINDING, failure.getClass().getName());
    String reason = failure.getSuppressed()[0].getMessage();
    assertTrue(reason.contains(WhittleConfiguration.TIME_BUDGET), reason);
  }

  /**
   * Issue 17, item 1: the test method calls System.exit on short inputs and Runtime.halt on inputs
   * that start with H. Shrinking tries both; each ends only its own run, in Whittle's copy of the
   * class (which its @BeforeAll set up), and the test reports its own failure, shrunk. Before the
   * fix this test ended the JVM running it.
   */
  @Test
  void candidatesThatExitOrHaltEndOnlyTheirOwnRunAndTheFailureIsShrunk() throws IOException {
    Throwable failure = onlyFailure(run(ExitingFixture.class));

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure, failure::toString);
    assertEquals(FINDING, shrunk.getCause().getClass().getName(), "the original is the cause");
    assertInstanceOf(IllegalStateException.class, shrunk.getCause().getCause());
    assertTrue(shrunk.getMessage().contains("Shrunk Sample (8 bytes"), shrunk::getMessage);
    String written =
        new String(
            Files.readAllBytes(onlyMinimizedFile(methodDirectory("ExitingFixture", "parse"))),
            StandardCharsets.ISO_8859_1);
    assertEquals(8, written.length(), "shorter ones exit: " + written);
    assertTrue(written.contains("BUG") && !written.startsWith("H"), written);
  }

  /**
   * A map parameter shrinks like a list of key/value pairs: entries removed down to the two the
   * failure needs, keys as short as they go (null, then the empty string: keys are distinct),
   * values null where the failure allows and the big one down to the first value above 100.
   */
  @Test
  void aMapParameterShrinksToItsFewestEntriesWithTheSimplestKeysAndValues() throws Exception {
    Throwable failure = onlyFailure(run(MapFixture.class));

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure, () -> trace(failure));
    String message = shrunk.getMessage();
    assertTrue(message.contains("Whittle shrank its input from 66 bytes to 17 bytes"), message);
    assertTrue(message.contains("\n  entries({null=null, \"\"=101})\n"), message);
    Path written = onlyMinimizedFile(methodDirectory("MapFixture", "entries"));
    assertTrue(message.contains(written.toString()), message);
    assertEquals(
        "{null=null, \"\"=101}",
        dev.whittle.jazzer.values.MutatorArguments.describe(
            MapFixture.class.getDeclaredMethod("entries", java.util.Map.class),
            Files.readAllBytes(written)));
  }

  /**
   * A failing input that changed the default locale, after which every input fails in this JVM:
   * shrinking starts from the state before the method's first invocation, as a fresh JVM does, so
   * the result is the input that switches the locale, not one that fails only in this JVM; and the
   * locale the failure left is back afterwards, as without Whittle.
   */
  @Test
  void shrinkingStartsFromTheGlobalStateBeforeTheFirstInvocation() throws Exception {
    Locale before = Locale.getDefault();
    Throwable failure;
    Locale after;
    try {
      failure = onlyFailure(run(LocaleFixture.class));
      after = Locale.getDefault();
    } finally {
      Locale.setDefault(before);
    }

    AssertionError shrunk = assertInstanceOf(AssertionError.class, failure, () -> trace(failure));
    String message = shrunk.getMessage();
    Path written = onlyMinimizedFile(methodDirectory("LocaleFixture", "parse"));
    assertEquals("TR", Files.readString(written, StandardCharsets.ISO_8859_1), message);
    assertTrue(message.contains("default locale"), message);
    assertEquals("CY", after.getCountry(), "the state the failure left is put back");
  }

  /** The header says what the rest says: no smaller input, nothing written. */
  @Test
  void anInputWithNothingSmallerIsReportedAsNotShrunkFromTheHeaderOn() {
    Throwable failure = onlyFailure(run(ExactFixture.class));

    String message = assertInstanceOf(AssertionError.class, failure).getMessage();
    assertTrue(
        message.startsWith(
            "ExactFixture.parse(byte[]) failed; Whittle found no smaller input than its 3 bytes\n"),
        message);
    assertTrue(message.contains("Shrunk Sample: none, no smaller input found ("), message);
    assertTrue(message.contains("); nothing written\n"), message);
    assertTrue(!message.contains("shrank"), message);
    assertTrue(Files.notExists(resources.resolve("dev")), "nothing written");
  }

  /**
   * A structured input whose values got simpler in as many bytes (an int is four bytes whatever its
   * value) is written and reported as simplified, not as shrunk from 4 bytes to 4 bytes.
   */
  @Test
  void simplerValuesInAsManyBytesAreWrittenAndSaidSo() throws IOException {
    Throwable failure = onlyFailure(run(ThresholdFixture.class));

    String message = assertInstanceOf(AssertionError.class, failure).getMessage();
    assertTrue(
        message.startsWith(
            "ThresholdFixture.check(int) failed; Whittle simplified its input's values (4 bytes)\n"),
        message);
    assertTrue(message.contains("\n  check(101)\n"), message);
    assertArrayEquals(
        new byte[] {0, 0, 0, 101},
        Files.readAllBytes(onlyMinimizedFile(methodDirectory("ThresholdFixture", "check"))));
  }

  @Test
  void aPerClassTestGetsItsOwnInstanceSetUpByItsBeforeAllInWhittlesCopy() throws IOException {
    Throwable failure = onlyFailure(run(PerClassFixture.class));

    assertInstanceOf(AssertionError.class, failure, failure::toString);
    assertArrayEquals(
        "BUG".getBytes(StandardCharsets.US_ASCII),
        Files.readAllBytes(onlyMinimizedFile(methodDirectory("PerClassFixture", "parse"))));
  }

  /**
   * Issue 17, item 2: a test that fails because a class is missing from its class path is not
   * shrunk (that would only find the shortest input that reaches the class); the class is named as
   * a configuration problem beside the original failure.
   */
  @Test
  void aMissingClassIsReportedAsAConfigurationProblemBesideTheOriginalFailure() throws Exception {
    String hidden = RetiredCodec.class.getName();
    Class<?> fixture =
        Class.forName(
            LinkageFixture.class.getName(),
            false,
            new HidingClassLoader(getClass().getClassLoader(), hidden));

    Throwable failure = onlyFailure(run(fixture));

    assertEquals(FINDING, failure.getClass().getName(), () -> trace(failure));
    assertInstanceOf(NoClassDefFoundError.class, failure.getCause());
    assertEquals(1, failure.getSuppressed().length);
    String reason = failure.getSuppressed()[0].getMessage();
    assertTrue(reason.contains("class " + hidden + " is missing from the test class path"), reason);
    assertTrue(reason.contains("not a bug the input finds"), reason);
    assertTrue(Files.notExists(resources.resolve("dev")), "nothing written");
  }

  /**
   * Whittle's copy of the class has its own static state: a failure that needs state an earlier
   * invocation left fails another way there, and that other failure is never reported as this one's
   * shrunk form; both are named.
   */
  @Test
  void aReRunThatFailsAnotherWayIsNamedAndTheOriginalReported() {
    Throwable failure = onlyFailure(run(StateFixture.class));

    assertEquals(FINDING, failure.getClass().getName(), () -> trace(failure));
    String reason = failure.getSuppressed()[0].getMessage();
    assertTrue(
        reason.contains(
            "fails with java.lang.IllegalStateException when the test framework runs it, but with"
                + " java.lang.NullPointerException"),
        reason);
    assertTrue(Files.notExists(resources.resolve("dev")), "nothing written");
  }

  @Test
  void shrinkingThatThrowsLeavesTheOriginalFailureReportedWithWhatWentWrongSuppressed() {
    IllegalStateException original = new IllegalStateException("the test's own failure");
    NoClassDefFoundError broken = new NoClassDefFoundError("dev/whittle/jazzer/api/Missing");

    Throwable reported =
        WhittleExtension.reported(
            original,
            () -> {
              throw broken;
            });

    assertEquals(original, reported);
    assertEquals(List.of(broken), List.of(reported.getSuppressed()));
  }

  private static String trace(Throwable t) {
    java.io.StringWriter out = new java.io.StringWriter();
    t.printStackTrace(new java.io.PrintWriter(out));
    return out.toString();
  }

  private EngineExecutionResults run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(fixture))
        .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, resources.toString())
        .execute();
  }

  private Path methodDirectory(String fixture, String method) {
    return resources.resolve(
        Path.of("dev", "whittle", "junit", "fixtures", fixture + "Inputs", method));
  }

  private static Throwable onlyFailure(EngineExecutionResults results) {
    List<Event> failed = results.testEvents().failed().list();
    assertEquals(1, failed.size(), () -> "one failing invocation: " + failed);
    return failed
        .get(0)
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  private static Path onlyMinimizedFile(Path directory) throws IOException {
    assertTrue(Files.isDirectory(directory), directory + " exists");
    try (Stream<Path> files = Files.list(directory)) {
      List<Path> minimized =
          files.filter(f -> f.getFileName().toString().startsWith("minimized-")).toList();
      assertEquals(1, minimized.size(), () -> "one minimized file in " + directory);
      assertNotNull(minimized.get(0));
      return minimized.get(0);
    }
  }
}

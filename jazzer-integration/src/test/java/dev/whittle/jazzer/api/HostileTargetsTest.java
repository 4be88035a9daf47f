package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.CompiledTargets;
import dev.whittle.jazzer.targets.ExitSwallowingTarget;
import dev.whittle.jazzer.targets.ExitTarget;
import dev.whittle.jazzer.targets.FailingStaticInitTarget;
import dev.whittle.jazzer.targets.FlakyResourceTarget;
import dev.whittle.jazzer.targets.FlakyTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.OutOfMemoryTarget;
import dev.whittle.jazzer.targets.StackOverflowTarget;
import dev.whittle.jazzer.targets.StaticStateTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Targets that hang, overflow, exhaust memory, exit, keep state or flake, minimized end to end. */
class HostileTargetsTest {
  @TempDir Path dir;

  @AfterAll
  static void releaseHungTargets() {
    HangTarget.releaseAll();
  }

  @Test
  void aHangIsNotTheCrashAndTheMinimizerGoesOnWithAFreshWorker() {
    MinimizationResult result =
        minimizer(HangTarget.class)
            .withAlgorithm(Algorithms.ddmin()) // Its first candidate, "HHH", hangs.
            .withRunTimeout(Duration.ofMillis(150))
            .minimize(bytes("HHHXHHH"));

    assertEquals("X", text(result.minimized()));
    assertEquals(IllegalStateException.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.reduction().unresolved() > 0, "some candidates hung: " + result);
    assertTrue(result.verified());
  }

  @Test
  void aHangIsTheFindingWhenTheOriginalHangs() {
    MinimizationResult result =
        minimizer(HangTarget.class).withRunTimeout(Duration.ofMillis(150)).minimize(bytes("abHcd"));

    assertEquals("H", text(result.minimized()));
    assertEquals(Finding.Kind.TIMEOUT, result.finding().kind());
    assertEquals("timeout", result.dedupToken());
    assertTrue(result.verified());
  }

  @Test
  void aStackOverflowIsAFindingAndTheMinimizerKeepsWorking() {
    MinimizationResult result = minimizer(StackOverflowTarget.class).minimize(bytes("xxRyy"));

    assertEquals("R", text(result.minimized()));
    assertEquals(StackOverflowError.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.verified());
  }

  @Test
  void anOutOfMemoryErrorIsAFindingAndTheMinimizerKeepsWorking() {
    MinimizationResult result = minimizer(OutOfMemoryTarget.class).minimize(bytes("xxMEMyy"));

    assertEquals("MEM", text(result.minimized()));
    assertEquals(OutOfMemoryError.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.verified());
  }

  @Test
  void systemExitEndsTheRunNotTheJvm() {
    MinimizationResult result = minimizer(ExitTarget.class).minimize(bytes("abEcd"));

    assertEquals("E", text(result.minimized()));
    assertEquals(Finding.exit(3), result.finding());
    assertEquals("exit-3", result.dedupToken());
    assertTrue(result.verified());
  }

  @Test
  void anExitCountsEvenWhenTheTargetSwallowsTheRefusal() {
    MinimizationResult result = minimizer(ExitSwallowingTarget.class).minimize(bytes("abEcd"));

    assertEquals("E", text(result.minimized()));
    assertEquals(Finding.exit(4), result.finding());
  }

  @Test
  void staticStateFoolsASharedLoaderButVerificationInAFreshOneCatchesIt() {
    MinimizationResult shared = minimizer(StaticStateTarget.class).minimize(bytes("xxBUGxx"));
    assertEquals(1, shared.minimized().length, text(shared.minimized()));
    assertFalse(shared.verified());

    MinimizationResult fresh =
        minimizer(StaticStateTarget.class).withFreshLoaderPerRun(true).minimize(bytes("xxBUGxx"));
    assertEquals("BUG", text(fresh.minimized()));
    assertTrue(fresh.verified());
  }

  @Test
  void aFlakyFindingIsReportedWithCountsInsteadOfMinimized() {
    FlakyFindingException e =
        assertThrows(
            FlakyFindingException.class, () -> minimizer(FlakyTarget.class).minimize(bytes("aFb")));

    assertEquals(3, e.runs());
    assertEquals(2, e.reproductions());
    assertEquals(1, e.runsWithoutFinding());
    assertEquals(0, e.runsWithOtherFinding());
    assertTrue(e.getMessage().contains("in 2 of 3 runs"), e.getMessage());
  }

  /** Issue 17, item 11: an OutOfMemoryError that comes and goes is named, with -Xmx to try. */
  @Test
  void aFlakyOutOfMemoryErrorNamesEveryFindingSeenAndSuggestsXmx() {
    FlakyFindingException e =
        assertThrows(
            FlakyFindingException.class,
            () ->
                minimizer(FlakyResourceTarget.class)
                    .withRunTimeout(Duration.ofMillis(300))
                    .minimize(bytes("xMEMx")));

    String message = e.getMessage();
    assertTrue(message.contains("timeout"), message);
    assertTrue(message.contains(OutOfMemoryError.class.getName()), message);
    assertTrue(message.contains("Requested array size exceeds VM limit"), message);
    // No frame asserted: HotSpot gives only a JVM's first few OutOfMemoryErrors a stack trace.
    assertTrue(message.contains("-Xmx"), message);
    assertFalse(message.contains("-Xss"), message);
  }

  /** Issue 17, item 11: the same for a StackOverflowError, with -Xss to try. */
  @Test
  void aFlakyStackOverflowNamesTheFindingAndSuggestsXss() {
    FlakyFindingException e =
        assertThrows(
            FlakyFindingException.class,
            () -> minimizer(FlakyResourceTarget.class).minimize(bytes("xRx")));

    String message = e.getMessage();
    assertTrue(message.contains(StackOverflowError.class.getName()), message);
    assertTrue(message.contains("-Xss"), message);
    assertFalse(message.contains("-Xmx"), message);
  }

  /** Issue 17, item 10: no fuzzerInitialize, so the static initializer is what failed. */
  @Test
  void aFailingStaticInitializerIsNamedWithItsCause() {
    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () -> minimizer(FailingStaticInitTarget.class).minimize(bytes("x")));

    String message = e.getMessage();
    assertTrue(
        message.contains("static initializer of " + FailingStaticInitTarget.class.getName()),
        message);
    assertTrue(message.contains(IllegalStateException.class.getName() + ": static boom"), message);
    assertFalse(message.contains("fuzzerInitialize"), message);
  }

  /** Issue 17, item 10: a class the static initializer needs is missing from the class path. */
  @Test
  void aMissingClassAtInitializationIsNamedWithTheClassPathEntryToCheck() throws IOException {
    List<Path> classPath = CompiledTargets.brokenClassPath(dir, false);

    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () ->
                CrashMinimizer.forTarget(CompiledTargets.INIT_LINKED_TARGET_CLASS, classPath)
                    .minimize(bytes("x")));

    String message = e.getMessage();
    assertTrue(message.contains(NoClassDefFoundError.class.getName()), message);
    assertTrue(message.contains("brokencp.Helper"), message);
    assertTrue(message.contains("no entry of the target's class path"), message);
    assertFalse(message.contains("fuzzerInitialize"), message);
  }

  /** Issue 17, item 2: a crash whose finding is a linkage error is a broken class path. */
  @Test
  void aLinkageErrorIsABrokenClassPathNotAFinding() throws IOException {
    List<Path> classPath = CompiledTargets.brokenClassPath(dir, true);

    CrashMinimizationException e =
        assertThrows(
            CrashMinimizationException.class,
            () ->
                CrashMinimizer.forTarget(CompiledTargets.LINKED_TARGET_CLASS, classPath)
                    .minimize(bytes("abc")));

    String message = e.getMessage();
    assertEquals("BrokenClassPathException", e.getClass().getSimpleName(), message);
    assertTrue(message.contains(NoSuchMethodError.class.getName()), message);
    assertTrue(message.contains("brokencp.Helper.work"), message);
    assertTrue(message.contains(classPath.get(0).toString()), "the caller's entry: " + message);
    assertTrue(message.contains(classPath.get(1).toString()), "the callee's entry: " + message);
  }

  @Test
  void aCrashFileThatDoesNotCrashIsNamed() throws IOException {
    Path crash = Files.write(dir.resolve("crash-0000"), bytes("harmless"));

    NoFindingException e =
        assertThrows(NoFindingException.class, () -> minimizer(BugTarget.class).minimize(crash));

    assertEquals(crash.toString(), e.crashName());
    assertTrue(e.getMessage().startsWith(crash.toString() + " does not crash "), e.getMessage());
  }

  private static CrashMinimizer minimizer(Class<?> target) {
    return CrashMinimizer.forTarget(target.getName(), TargetPaths.classPath());
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, UTF_8);
  }
}

package dev.whittle.jazzer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.targets.BugTarget;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What each kind of target answers, which is all the engines ask, and the options both minimizers
 * share: the facade keeps its accessors' meaning for every kind.
 */
class FuzzTargetTest {
  private static final FuzzTestLifecycle LIFECYCLE =
      new FuzzTestLifecycle() {
        @Override
        public Object before(Class<?> testClass) throws Throwable {
          return testClass.getDeclaredConstructor().newInstance();
        }

        @Override
        public void after(Object instance) {}
      };

  /** A fuzz test method, for its shape only. */
  void fuzz(byte[] input) {}

  private static Method fuzzMethod() throws NoSuchMethodException {
    return FuzzTargetTest.class.getDeclaredMethod("fuzz", byte[].class);
  }

  @Test
  void aClassOnAClassPathCanDoEverything() {
    FuzzTarget target = FuzzTarget.onClassPath("com.example.Fuzzer", List.of(Path.of("classes")));

    assertTrue(target.canReload());
    assertTrue(target.canRunInFreshJvm());
    assertTrue(target.runsOwnCopy(false));
    assertTrue(target.mayInstallJazzerAgent());
    assertFalse(target.reducesOverflowsOnLargerStack());
    assertEquals(Integer.MAX_VALUE, target.maxJobs());
    assertEquals(List.of(Path.of("classes")), target.classPath());
    assertEquals(Optional.empty(), target.testMethod());
  }

  @Test
  void aLoadedClassRunsAsItIsAndOneAtATime() {
    FuzzTarget target = FuzzTarget.loaded(BugTarget.class);

    assertFalse(target.canReload());
    assertFalse(target.canRunInFreshJvm());
    assertFalse(target.runsOwnCopy(true));
    assertTrue(target.mayInstallJazzerAgent());
    assertFalse(target.reducesOverflowsOnLargerStack());
    assertEquals(1, target.maxJobs());
    assertEquals(BugTarget.class.getName(), target.className());
    assertEquals(List.of(), target.classPath());
  }

  @Test
  void aFuzzTestRunsItsOwnCopyOnlyWithTheExitGuardAndLeavesTheAgentToItsFramework()
      throws Exception {
    FuzzTarget target = FuzzTarget.testMethod(FuzzTargetTest.class, fuzzMethod(), LIFECYCLE);

    assertFalse(target.canReload());
    assertFalse(target.canRunInFreshJvm());
    assertTrue(target.runsOwnCopy(true));
    assertFalse(target.runsOwnCopy(false));
    assertFalse(target.mayInstallJazzerAgent());
    assertTrue(target.reducesOverflowsOnLargerStack());
    assertEquals(1, target.maxJobs());
    assertEquals(Optional.of(fuzzMethod()), target.testMethod());
  }

  @Test
  void jobsAreWhatTheTargetAllows() throws Exception {
    assertEquals(
        4,
        TargetOptions.of(FuzzTarget.onClassPath("com.example.Fuzzer", List.of()))
            .withJobs(4)
            .jobsAllowed());
    assertEquals(1, TargetOptions.of(FuzzTarget.loaded(BugTarget.class)).withJobs(4).jobsAllowed());
    assertEquals(
        1,
        TargetOptions.of(FuzzTarget.testMethod(FuzzTargetTest.class, fuzzMethod(), LIFECYCLE))
            .withJobs(4)
            .jobsAllowed());
  }

  @Test
  void badOptionsAreRefusedWithTheValueNamed() {
    TargetOptions options = TargetOptions.of(FuzzTarget.loaded(BugTarget.class));

    IllegalArgumentException jobs =
        assertThrows(IllegalArgumentException.class, () -> options.withJobs(0));
    IllegalArgumentException timeout =
        assertThrows(IllegalArgumentException.class, () -> options.withRunTimeout(Duration.ZERO));
    IllegalArgumentException blank =
        assertThrows(IllegalArgumentException.class, () -> FuzzTarget.onClassPath(" ", List.of()));

    assertEquals("jobs must be at least 1, was 0", jobs.getMessage());
    assertEquals("timeout must be positive: PT0S", timeout.getMessage());
    assertEquals("targetClass must not be blank", blank.getMessage());
  }

  @Test
  void bothMinimizersKeepTheirAccessorsOverTheSharedOptions() throws Exception {
    CrashMinimizer crash =
        CrashMinimizer.forTarget("com.example.Fuzzer", List.of(Path.of("classes")))
            .withRunTimeout(Duration.ofSeconds(3))
            .withJobs(2)
            .withExitGuard(false)
            .withTargetArgs(List.of("-a"));
    CorpusMinimizer corpus =
        CorpusMinimizer.forTarget("com.example.Fuzzer", List.of(Path.of("classes")))
            .withRunTimeout(Duration.ofSeconds(3))
            .withJobs(2)
            .withExitGuard(false)
            .withTargetArgs(List.of("-a"));

    assertEquals(crash.options(), corpus.options());
    assertEquals("com.example.Fuzzer", crash.targetClass());
    assertEquals(List.of(Path.of("classes")), corpus.classPath());
    assertEquals(Duration.ofSeconds(3), corpus.runTimeout());
    assertEquals(2, crash.jobs());
    assertFalse(corpus.exitGuard());
    assertEquals(List.of("-a"), crash.targetArgs());
    assertEquals(Optional.empty(), crash.loadedTarget());
    assertEquals(Optional.empty(), crash.fuzzTestMethod());

    CrashMinimizer test = CrashMinimizer.forFuzzTest(fuzzMethod(), LIFECYCLE);
    assertEquals(Optional.of(FuzzTargetTest.class), test.fuzzTestClass());
    assertEquals(Optional.of(LIFECYCLE), test.fuzzTestLifecycle());
    assertEquals(FuzzTargetTest.class.getName(), test.targetClass());
    assertEquals(List.of(), test.classPath());
    assertEquals(
        Optional.of(BugTarget.class),
        CrashMinimizer.forLoadedTarget(BugTarget.class).loadedTarget());
  }

  @Test
  void aTargetThatCannotBeLoadedAgainRefusesAFreshLoaderPerRun() throws Exception {
    assertThrows(
        IllegalArgumentException.class,
        () -> CrashMinimizer.forLoadedTarget(BugTarget.class).withFreshLoaderPerRun(true));
    assertThrows(
        IllegalArgumentException.class,
        () -> CrashMinimizer.forFuzzTest(fuzzMethod(), LIFECYCLE).withFreshLoaderPerRun(true));
    assertTrue(
        CrashMinimizer.forTarget("com.example.Fuzzer", List.of())
            .withFreshLoaderPerRun(true)
            .freshLoaderPerRun());
  }
}

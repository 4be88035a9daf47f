package dev.whittle.jazzer.api;

/**
 * How a test framework runs one invocation of a fuzz test method around the call itself: what
 * {@link CrashMinimizer#forFuzzTest} needs from the caller, so that Whittle calls the method (with
 * Jazzer's bug detectors armed around that call only, as Jazzer does) and the caller keeps its
 * framework's lifecycle: a test instance, then its set-up methods, and after the call its tear-down
 * methods.
 *
 * <p>Both methods run on Whittle's attempt thread, under the per-call timeout, once per run.
 */
public interface FuzzTestLifecycle {
  /**
   * Makes the instance the test method is called on and sets it up (JUnit: a new instance unless
   * the class asks for one per class, then its {@code @BeforeEach} methods).
   *
   * @throws Throwable whatever the set-up threw; the run then counts as one without a finding, as
   *     Jazzer reports only what the test method itself throws
   */
  Object before() throws Throwable;

  /**
   * Tears {@code instance} down after the call (JUnit: its {@code @AfterEach} methods), whether the
   * call threw or not. What it throws is ignored, for the same reason.
   */
  void after(Object instance) throws Throwable;
}

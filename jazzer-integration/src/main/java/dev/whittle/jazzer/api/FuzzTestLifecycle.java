package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How a test framework runs one invocation of a fuzz test method around the call itself: what
 * {@link CrashMinimizer#forFuzzTest} needs from the caller, so that Whittle calls the method (with
 * Jazzer's bug detectors armed around that call only, as Jazzer does) and the caller keeps its
 * framework's lifecycle: a test instance, then its set-up methods, and after the call its tear-down
 * methods.
 *
 * <p>Whittle runs the test class it is given to each method: with the exit guard on (the default),
 * a copy of the framework's test class that Whittle loaded again with its exit calls rewritten,
 * whose static state is its own, so the class-level set-up ({@link #beforeAll}) has to run on it
 * once; with the guard off, the framework's own class, which its framework has set up already.
 *
 * <p>Every method runs on Whittle's run worker thread, under a timeout.
 */
@API(status = STABLE, since = "0.1")
public interface FuzzTestLifecycle {
  /**
   * Sets up {@code testClass} before Whittle's first run on it (JUnit: its {@code @BeforeAll}
   * methods, when it is Whittle's copy; nothing for the framework's own class, set up already).
   * Whittle has initialized the class (its static initializer ran) before. The default does
   * nothing.
   *
   * @throws Throwable whatever the set-up threw; minimizing then stops with a {@link
   *     FuzzTargetLoadException} naming it
   */
  default void beforeAll(Class<?> testClass) throws Throwable {}

  /**
   * Makes the instance of {@code testClass} the test method is called on and sets it up (JUnit: a
   * new instance unless the class asks for one per class, then its {@code @BeforeEach} methods).
   *
   * @param testClass the class to instantiate: the framework's own, or Whittle's copy of it
   * @throws Throwable whatever the set-up threw; the run then counts as one without a finding, as
   *     Jazzer reports only what the test method itself throws
   */
  Object before(Class<?> testClass) throws Throwable;

  /**
   * Tears {@code instance} down after the call (JUnit: its {@code @AfterEach} methods), whether the
   * call threw or not. What it throws is ignored, for the same reason.
   */
  void after(Object instance) throws Throwable;

  /**
   * Tears {@code testClass} down after Whittle's last run on it (JUnit: its {@code @AfterAll}
   * methods, for Whittle's copy). What it throws is ignored. The default does nothing.
   */
  default void afterAll(Class<?> testClass) throws Throwable {}
}

package dev.whittle.jazzer.target;

import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTestLifecycle;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

/**
 * The test class a {@link TestMethodLifecycle} runs: Whittle's copy of it in a {@link
 * FuzzTestClassLoader} found and checked, and any test class initialized and set up, with what went
 * wrong named (loading, the static initializer, the class set-up) and its cause given.
 */
final class FuzzTestCopy {
  private FuzzTestCopy() {}

  /** A failure of the class's initialization or set-up, with the stage it failed in. */
  private static final class SetUpFailed extends Exception {
    SetUpFailed(String stage, Throwable cause) {
      super(stage, cause, false, false);
    }
  }

  /**
   * The copy of {@code testClass} in {@code loader}, not initialized yet.
   *
   * @throws FuzzTargetLoadException if it cannot be loaded, or would not be a copy
   */
  static Class<?> loadClass(Class<?> testClass, FuzzTestClassLoader loader) {
    String name = testClass.getName();
    Class<?> copy;
    try {
      copy = Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new FuzzTargetLoadException(
          name,
          "cannot load "
              + name
              + " again in Whittle's class loader, which keeps its System.exit calls from ending"
              + " the JVM: "
              + e,
          e);
    }
    if (copy == testClass) {
      throw new FuzzTargetLoadException(
          name,
          name
              + " comes from a package or class path entry Whittle shares with the test framework"
              + " (the JDK, Jazzer, JUnit, Whittle), so it cannot be loaded again with its"
              + " System.exit calls guarded; not shrinking, as an exit would end the JVM");
    }
    return copy;
  }

  /** {@code original}'s counterpart in the copy {@code runClass}, found by name and types. */
  static Method method(Method original, Class<?> runClass, ClassLoader loader) {
    String declaringName = original.getDeclaringClass().getName();
    Class<?> declaring;
    try {
      declaring = Class.forName(declaringName, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new FuzzTargetLoadException(
          runClass.getName(), "cannot load " + declaringName + " again: " + e, e);
    }
    List<String> types = typeNames(original.getParameterTypes());
    for (Method candidate : declaring.getDeclaredMethods()) {
      if (candidate.getName().equals(original.getName())
          && typeNames(candidate.getParameterTypes()).equals(types)
          && declaring.isAssignableFrom(runClass)) {
        return candidate;
      }
    }
    throw new FuzzTargetLoadException(
        runClass.getName(), "no " + original + " in the copy of " + runClass.getName());
  }

  private static List<String> typeNames(Class<?>[] types) {
    return Arrays.stream(types).map(Class::getName).toList();
  }

  /**
   * Runs {@code testClass}'s static initializer (nothing for a class initialized already) and the
   * lifecycle's class set-up; returns what failed, for {@link #checkInitialized}, or null.
   */
  static Throwable initialize(Class<?> testClass, FuzzTestLifecycle lifecycle) {
    ClassLoader loader = testClass.getClassLoader();
    Thread.currentThread()
        .setContextClassLoader(loader != null ? loader : ClassLoader.getSystemClassLoader());
    String name = testClass.getName();
    try {
      Class.forName(name, true, loader);
    } catch (ExceptionInInitializerError e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      return new SetUpFailed("the static initializer of " + initializerOf(cause, name), cause);
    } catch (ClassNotFoundException | LinkageError e) {
      return new SetUpFailed("loading " + name + " (or a class it needs)", e);
    }
    try {
      lifecycle.beforeAll(testClass);
      return null;
    } catch (Throwable t) {
      return new SetUpFailed("the class set-up of " + name + " (@BeforeAll)", t);
    }
  }

  /**
   * Throws what {@link #initialize} found, naming the stage, the exit or the time limit.
   *
   * @throws FuzzTargetLoadException if the run did not set the class up
   */
  static void checkInitialized(Class<?> testClass, RunWatchdog.RawRun init) {
    String name = testClass.getName();
    if (init.ending() != RunWatchdog.Ending.COMPLETED) {
      throw new FuzzTargetLoadException(
          name,
          "the static initializer or class set-up of "
              + name
              + (init.ending() == RunWatchdog.Ending.TIMED_OUT
                  ? " did not finish within " + TargetRunner.INITIALIZE_TIMEOUT.toSeconds() + " s"
                  : " was interrupted"));
    }
    if (init.exitRequested()) {
      throw new FuzzTargetLoadException(
          name,
          "the static initializer or class set-up of "
              + name
              + " asked the JVM to exit (status "
              + init.exitStatus()
              + "), which Whittle refused",
          init.thrown());
    }
    if (init.thrown() instanceof SetUpFailed failed) {
      throw new FuzzTargetLoadException(
          name, failed.getMessage() + " failed: " + describe(failed.getCause()), failed.getCause());
    }
  }

  /** The class whose static initializer threw {@code cause}: its innermost {@code <clinit>}. */
  private static String initializerOf(Throwable cause, String fallback) {
    for (StackTraceElement frame : cause.getStackTrace()) {
      if (frame.getMethodName().equals("<clinit>")) {
        return frame.getClassName();
      }
    }
    return fallback;
  }

  /** The exception and its message, and the root cause's when it has one of its own. */
  static String describe(Throwable thrown) {
    Throwable root = thrown;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == thrown ? thrown.toString() : thrown + " (caused by " + root + ")";
  }
}

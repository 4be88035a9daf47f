package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the minimizers run: a fuzz target class on a class path, a class already loaded inside a
 * running Jazzer, or a fuzz test method ({@code @FuzzTest}) with its test framework's lifecycle.
 * Each kind answers what it can do, so that the engines ask the target and never test which kind it
 * is.
 */
@API(status = STABLE, since = "0.1")
public sealed interface FuzzTarget
    permits FuzzTarget.OnClassPath, FuzzTarget.LoadedClass, FuzzTarget.TestMethod {
  /** The fuzz target class {@code className}, loaded from {@code classPath} (directories, jars). */
  static FuzzTarget onClassPath(String className, List<Path> classPath) {
    return new OnClassPath(className, classPath);
  }

  /** {@code targetClass} as someone else loaded and initialized it, such as Jazzer's driver. */
  static FuzzTarget loaded(Class<?> targetClass) {
    return new LoadedClass(targetClass);
  }

  /**
   * The fuzz test method {@code method} of {@code testClass} (which declares or inherits it), run
   * through {@code lifecycle} on an instance of the class.
   */
  static FuzzTarget testMethod(Class<?> testClass, Method method, FuzzTestLifecycle lifecycle) {
    return new TestMethod(testClass, method, lifecycle);
  }

  /** The class that names the target in messages: the fuzz target's, or the test method's. */
  String className();

  /** Where Whittle loads the target from; empty for a target it does not load itself. */
  List<Path> classPath();

  /**
   * Whether a freshly loaded and initialized copy can be had at will: per run, or one per job. Only
   * for a class Whittle loads from its class path.
   */
  boolean canReload();

  /** How many runs may happen at once, each job on its own copy of the target. */
  default int maxJobs() {
    return canReload() ? Integer.MAX_VALUE : 1;
  }

  /**
   * Whether a fresh JVM can load and run the target on its own: not for a class living in a JVM (a
   * Jazzer run's) whose instrumentation and state no fresh JVM would have, nor for a fuzz test,
   * whose test class and lifecycle only its test framework can set up.
   */
  boolean canRunInFreshJvm();

  /**
   * Whether a new runner loads its own copy of the target, so that verifying with one runs a fresh
   * copy, rather than the very class the caller has.
   *
   * @param exitGuard whether exits are guarded, which for a fuzz test means running a copy
   */
  boolean runsOwnCopy(boolean exitGuard);

  /**
   * Whether Whittle may install Jazzer's agent into this JVM for the target: not under a test
   * framework, which installed it as it wanted it (or not).
   */
  boolean mayInstallJazzerAgent();

  /**
   * Whether a stack overflow is reduced on a worker stack larger than the one it is verified on, in
   * this JVM: for a fuzz test, verified where its framework runs it. A class-path target gets that
   * margin with its fresh-JVM verification instead; a loaded target is reduced as it was found.
   */
  boolean reducesOverflowsOnLargerStack();

  /** The fuzz test method, whose parameters say how an input reads as values; else empty. */
  default Optional<Method> testMethod() {
    return Optional.empty();
  }

  /**
   * A fuzz target class on a class path, which Whittle loads (and loads again) itself, as Jazzer's
   * standalone driver does: a class with {@code public static void fuzzerTestOneInput(byte[])} or
   * {@code (FuzzedDataProvider)} that MAY have {@code fuzzerInitialize()} or {@code
   * fuzzerInitialize(String[])} and {@code fuzzerTearDown()}. Classes under {@code java.}, {@code
   * jdk.}, {@code sun.} and {@code com.code_intelligence.jazzer.} come from the JVM's class path;
   * all others are loaded from the given class path first.
   */
  record OnClassPath(String className, List<Path> classPath) implements FuzzTarget {
    public OnClassPath {
      checkNotNull(className, "targetClass");
      checkArgument(!className.isBlank(), "targetClass must not be blank");
      classPath = List.copyOf(checkNotNull(classPath, "classPath"));
    }

    @Override
    public boolean canReload() {
      return true;
    }

    @Override
    public boolean canRunInFreshJvm() {
      return true;
    }

    @Override
    public boolean runsOwnCopy(boolean exitGuard) {
      return true;
    }

    @Override
    public boolean mayInstallJazzerAgent() {
      return true;
    }

    @Override
    public boolean reducesOverflowsOnLargerStack() {
      return false;
    }
  }

  /**
   * A fuzz target class loaded and initialized by someone else. Nothing is loaded again: every run,
   * the reproduction check's and the verification's included, calls this class's {@code
   * fuzzerTestOneInput}, with whatever instrumentation and static state it has; {@code
   * fuzzerInitialize} and {@code fuzzerTearDown} are not called, as they belong to whoever loaded
   * the class. Meant for minimizing inside the JVM of a Jazzer run, where the target is loaded by
   * the system class loader and carries Jazzer's instrumentation and bug-detector hooks.
   */
  record LoadedClass(Class<?> targetClass) implements FuzzTarget {
    public LoadedClass {
      checkNotNull(targetClass, "targetClass");
    }

    @Override
    public String className() {
      return targetClass.getName();
    }

    @Override
    public List<Path> classPath() {
      return List.of();
    }

    @Override
    public boolean canReload() {
      return false;
    }

    @Override
    public boolean canRunInFreshJvm() {
      return false;
    }

    @Override
    public boolean runsOwnCopy(boolean exitGuard) {
      return false;
    }

    @Override
    public boolean mayInstallJazzerAgent() {
      return true;
    }

    @Override
    public boolean reducesOverflowsOnLargerStack() {
      return false;
    }
  }

  /**
   * A fuzz test method that a test framework runs, through the framework's lifecycle. Each run
   * decodes the input into arguments as Jazzer's regression mode does (one {@code byte[]}: the
   * bytes; one {@code FuzzedDataProvider}: a provider over them, Whittle's pure-Java one by
   * default; anything else: Jazzer's mutation framework, which must be on the method's class path),
   * asks the lifecycle for an instance, calls the method with Jazzer's bug detectors armed around
   * the call, and tears the instance down. An input the mutation framework cannot decode has no
   * finding. The finding's identity is Jazzer's dedup token cut at the test method's frame, which
   * is the token Jazzer prints for the same finding in fuzzing mode.
   *
   * <p>With the exit guard on ({@link TargetOptions#exitGuard()}), Whittle runs its own copy of the
   * test class, loaded again from the class files the test's class loader shows, with the exit
   * calls of the test class and of the code it calls rewritten: a run that calls {@code
   * System.exit}, {@code Runtime.exit} or {@code Runtime.halt} ends as an exit finding, never the
   * JVM. The copy has its own static state; it is initialized and set up ({@link
   * FuzzTestLifecycle#beforeAll}) once per runner, so a result is verified in a fresh copy. Classes
   * of the JDK, Jazzer, JUnit and Whittle are shared with the test framework and not rewritten.
   * With the guard off, the framework's own class runs, nothing is loaded again, an exit ends the
   * JVM, and a result is verified by running it once more. A corpus minimization ({@link
   * CorpusMinimizer#of}) always runs such a copy, whose classes get its coverage probes, one copy
   * ({@link #maxJobs()}: one job).
   */
  record TestMethod(Class<?> testClass, Method method, FuzzTestLifecycle lifecycle)
      implements FuzzTarget {
    public TestMethod {
      checkNotNull(testClass, "testClass");
      checkNotNull(method, "testMethod");
      checkNotNull(lifecycle, "lifecycle");
      checkArgument(
          !Modifier.isStatic(method.getModifiers()),
          "a fuzz test method is an instance method: %s",
          method);
      checkArgument(
          method.getDeclaringClass().isAssignableFrom(testClass),
          "%s does not have %s",
          testClass,
          method);
    }

    @Override
    public String className() {
      return method.getDeclaringClass().getName();
    }

    @Override
    public List<Path> classPath() {
      return List.of();
    }

    @Override
    public boolean canReload() {
      return false;
    }

    @Override
    public boolean canRunInFreshJvm() {
      return false;
    }

    @Override
    public boolean runsOwnCopy(boolean exitGuard) {
      return exitGuard;
    }

    @Override
    public boolean mayInstallJazzerAgent() {
      return false;
    }

    @Override
    public boolean reducesOverflowsOnLargerStack() {
      return true;
    }

    @Override
    public Optional<Method> testMethod() {
      return Optional.of(method);
    }
  }
}

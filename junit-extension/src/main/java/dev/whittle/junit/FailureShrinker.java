package dev.whittle.junit;

import dev.whittle.api.Budget;
import dev.whittle.jazzer.api.CrashMinimizationException;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.JvmGlobalState;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.api.UnexpectedFindingException;
import dev.whittle.jazzer.output.MinimizationOutputs;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Shrinks the input of one failing fuzz test invocation and turns the failure into the one the test
 * reports: an {@link AssertionError} with the shrunk sample in its message and the original failure
 * as its cause, or, when shrinking is impossible or fails, the original failure itself with the
 * reason added as a suppressed {@link ShrinkingStoppedException}. It never hides the original.
 *
 * <p>All the work is {@link CrashMinimizer#forFuzzTest}'s (the same pipeline as {@code whittle
 * minimize} and the crash hook) and {@link MinimizationOutputs}'s; this class only finds the input
 * and says where the result goes.
 */
final class FailureShrinker {
  private final ExtensionContext context;
  private final Supplier<ExtensionConfiguration> configuration;
  private final Method method;
  private final InputLocations locations;
  private final JvmGlobalState.Restored restored;

  /**
   * @param configuration read only when a failure is shrunk; it may throw for malformed values
   */
  FailureShrinker(ExtensionContext context, Supplier<ExtensionConfiguration> configuration) {
    this(context, configuration, JvmGlobalState.Restored.NOTHING);
  }

  /**
   * @param restored what the test had changed of the JVM's global state by the time it failed, put
   *     back before shrinking as it was before the method's first invocation
   */
  FailureShrinker(
      ExtensionContext context,
      Supplier<ExtensionConfiguration> configuration,
      JvmGlobalState.Restored restored) {
    this.restored = restored;
    this.context = context;
    this.configuration = configuration;
    this.method = context.getRequiredTestMethod();
    this.locations = new InputLocations(context.getRequiredTestClass(), method);
  }

  /**
   * The failure a regression invocation reports.
   *
   * @param arguments the invocation's arguments, used only to tell apart inputs of the same name
   */
  Throwable shrinkRegressionInput(Throwable failure, List<Object> arguments) {
    long start = System.nanoTime();
    try {
      Optional<String> linkage = linkageProblem(failure);
      if (linkage.isPresent()) {
        return stopped(failure, linkage.get(), null);
      }
      byte[] known =
          arguments.size() == 1 && arguments.get(0) instanceof byte[] bytes ? bytes : null;
      String name = context.getDisplayName();
      Optional<Path> inputs = locations.classPathInputsDirectory();
      Optional<Path> file = locations.inputFile(name, known);
      if (file.isEmpty() || inputs.isEmpty()) {
        return stopped(
            failure,
            "the failing input '"
                + name
                + "' is not a file of "
                + locations.relativeMethodDirectory().getParent()
                + " on the class path (the empty input and inputs in jars cannot be shrunk and"
                + " written back)",
            null);
      }
      Destinations.Destination destination =
          Destinations.forRegressionInput(configuration.get(), locations, inputs.get(), file.get());
      return shrink(failure, file.get(), destination, start);
    } catch (Throwable shrinkingFailed) {
      return stopped(failure, safeReason(shrinkingFailed), shrinkingFailed);
    }
  }

  /**
   * A failure that says the class path is wrong (a missing class, a version mismatch, a failed
   * static initializer) is not shrunk: it is named, beside the original failure.
   */
  private Optional<String> linkageProblem(Throwable failure) {
    return LinkageProblem.describe(failure, context.getRequiredTestClass().getClassLoader());
  }

  /** The crash files directly in Jazzer's crash directory for this method now. */
  Set<Path> crashFiles() {
    Path directory = locations.fuzzingCrashDirectory();
    if (!Files.isDirectory(directory)) {
      return Set.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .filter(f -> f.getFileName().toString().startsWith("crash-") && Files.isRegularFile(f))
          .collect(Collectors.toSet());
    } catch (IOException e) {
      return Set.of();
    }
  }

  /**
   * The failure the fuzzing invocation reports: Jazzer wrote the finding as a {@code crash-<sha1>}
   * that was not there before ({@code crashesBefore}); it is shrunk, and the result written next to
   * it.
   */
  Throwable shrinkFuzzingCrash(Throwable failure, Set<Path> crashesBefore) {
    long start = System.nanoTime();
    try {
      Optional<String> linkage = linkageProblem(failure);
      if (linkage.isPresent()) {
        return stopped(failure, linkage.get(), null);
      }
      Optional<Path> crash =
          crashFiles().stream()
              .filter(f -> !crashesBefore.contains(f))
              .max(Comparator.comparing(FailureShrinker::modified));
      if (crash.isEmpty()) {
        return stopped(
            failure,
            "Jazzer wrote no new crash file into " + locations.fuzzingCrashDirectory(),
            null);
      }
      Destinations.Destination destination =
          new Destinations.Destination(
              crash.get().getParent(), Optional.of(crash.get()), Optional.empty());
      return shrink(failure, crash.get(), destination, start);
    } catch (Throwable shrinkingFailed) {
      return stopped(failure, safeReason(shrinkingFailed), shrinkingFailed);
    }
  }

  private Throwable shrink(
      Throwable failure, Path input, Destinations.Destination destination, long start)
      throws IOException {
    ExtensionConfiguration config = configuration.get();
    if (Files.size(input) == 0) {
      return stopped(failure, "the failing input " + input + " is empty: nothing to shrink", null);
    }
    if (restored.lasting()) {
      return stopped(
          failure,
          "by the time it failed, the test had changed JVM-global state that cannot be put back"
              + " in this JVM ("
              + String.join(", ", restored.moved())
              + "): no re-run here shows what a fresh JVM does",
          null);
    }
    JUnitLifecycle lifecycle = new JUnitLifecycle(context);
    CrashMinimizer minimizer =
        CrashMinimizer.forFuzzTest(context.getRequiredTestClass(), method, lifecycle)
            .withAlgorithm(config.algorithm())
            .withRunTimeout(config.runTimeout())
            .withBudget(Budget.unlimited().withDeadline(config.timeBudget()));
    if (failure.getCause() != null) {
      // Jazzer's FuzzTestFindingException wraps what the test threw.
      minimizer = minimizer.withExpectedFailure(failure.getCause().getClass().getName());
    }
    MinimizationResult result;
    try {
      result = minimizer.minimize(input);
    } catch (RuntimeException | LinkageError stoppedShrinking) {
      Optional<JUnitLifecycle.SetUpFailures> setUp = lifecycle.setUpFailures();
      if (setUp.isEmpty()) {
        throw stoppedShrinking;
      }
      return stopped(
          failure,
          setUpReason(setUp.get()) + "; then: " + safeReason(stoppedShrinking),
          setUp.get().first().thrown());
    }
    Optional<Path> written = Optional.empty();
    // Fewer bytes, or as many with simpler values (the passes never return more bytes).
    if (!Arrays.equals(result.minimized(), result.original())) {
      written =
          Optional.of(
              MinimizationOutputs.saveMinimized(
                  destination.sourceOfOriginal().orElse(input), destination.directory(), result));
      context.publishReportEntry("whittle.shrunk", written.get().toAbsolutePath().toString());
    }
    Optional<String> values = minimizer.describeInput(result.minimized());
    long wallMillis = (System.nanoTime() - start) / 1_000_000;
    // Runs whose set-up threw counted as passing: the result may be less small than it could be.
    Optional<String> note =
        Stream.of(
                destination.note(),
                lifecycle.setUpFailures().map(f -> f.describe() + ", and counted as passing"),
                globalsNote())
            .flatMap(Optional::stream)
            .reduce((a, b) -> a + "; " + b);
    return new AssertionError(
        ShrinkReport.message(method, input, result, values, written, note, wallMillis), failure);
  }

  /**
   * Why set-up failures stopped the shrinking: Whittle's copy of the class has static state of its
   * own, so set-up that relies on what JUnit's class holds (a resource it opened once, a counter)
   * can fail there though it passed in JUnit's run.
   */
  private static String setUpReason(JUnitLifecycle.SetUpFailures setUp) {
    return "the re-runs of the test in Whittle's copy of the class failed in set-up: "
        + setUp.describe()
        + " (the copy's static state starts fresh, without what JUnit's class holds; the"
        + " set-up's exception is the cause below)";
  }

  /** {@link #reason}, or the bare exception if even saying why fails (a broken installation). */
  private static String safeReason(Throwable stopped) {
    try {
      return reason(stopped);
    } catch (RuntimeException | LinkageError e) {
      return "shrinking failed: " + stopped.getClass().getName();
    }
  }

  /**
   * Why shrinking stopped, for the user: the minimizer's own refusals (the failure did not come
   * back, not every time, or not the same way) say what happened, with the cause named; anything
   * else is a failure of shrinking itself.
   */
  private static String reason(Throwable stopped) {
    if (stopped instanceof NoFindingException) {
      return "the test did not fail again when Whittle re-ran it with this input (state left over"
          + " from earlier tests, or set-up that Whittle does not repeat?): "
          + stopped.getMessage();
    }
    if (stopped instanceof FlakyFindingException) {
      return "the test does not fail the same way every time with this input: "
          + stopped.getMessage();
    }
    if (stopped instanceof UnexpectedFindingException unexpected) {
      return unexpectedReason(unexpected);
    }
    if (stopped instanceof CrashMinimizationException) {
      return withCause(stopped.getMessage(), stopped.getCause());
    }
    return withCause("shrinking failed: " + stopped, stopped.getCause());
  }

  /**
   * Whittle's copy of the test failed otherwise than JUnit's run: a class it could not load is a
   * configuration problem, named as such; an exit or another exception is said as it is.
   */
  private static String unexpectedReason(UnexpectedFindingException unexpected) {
    Finding found = unexpected.found();
    if (found.kind() == Finding.Kind.THROWN
        && LinkageProblem.isLinkageClass(found.exceptionClassName())) {
      String missing =
          found
              .message()
              .flatMap(m -> LinkageProblem.classNamed(found.exceptionClassName(), m))
              .orElse("a class");
      return "Whittle's re-runs of the test, in its own class loader that keeps System.exit from"
          + " ending the JVM, could not link "
          + missing
          + " ("
          + found.exceptionClassName()
          + found.message().map(m -> ": " + m).orElse("")
          + ") where JUnit's run failed with "
          + unexpected.expectedClassName()
          + ": a class path configuration problem (check the entry that should provide "
          + missing
          + "), not the test's failure, which is reported as it was";
    }
    return unexpected.getMessage()
        + " (Whittle re-runs the test in its own copy of the class, so that System.exit cannot end"
        + " the JVM; the copy's static state starts fresh, without what earlier tests left in"
        + " JUnit's class)";
  }

  /** {@code message} and the root cause, when the message does not say it already. */
  private static String withCause(String message, Throwable cause) {
    if (cause == null) {
      return message;
    }
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String said = String.valueOf(root);
    return message.contains(said) ? message : message + " (caused by " + said + ")";
  }

  private static java.nio.file.attribute.FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      return java.nio.file.attribute.FileTime.fromMillis(0);
    }
  }

  private Throwable stopped(Throwable failure, String reason, Throwable cause) {
    String globals = restored.lasting() ? "" : globalsNote().map(n -> " (" + n + ")").orElse("");
    failure.addSuppressed(
        new ShrinkingStoppedException(
            "Whittle did not shrink this input: " + reason + globals, cause));
    return failure;
  }

  /**
   * What was put back before shrinking: a failure that only a global left by earlier invocations
   * gives would not come back in a fresh JVM, so Whittle's re-runs start where a fresh JVM does.
   */
  private Optional<String> globalsNote() {
    return restored.any()
        ? Optional.of(
            "by the time it failed, the test had changed JVM-global state ("
                + String.join(", ", restored.moved())
                + "); Whittle put it back as it was before the method's first invocation for its"
                + " re-runs, as a fresh JVM starts")
        : Optional.empty();
  }
}

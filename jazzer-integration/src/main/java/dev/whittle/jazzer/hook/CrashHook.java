package dev.whittle.jazzer.hook;

import dev.whittle.api.Budget;
import dev.whittle.jazzer.api.CrashMinimizationException;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.output.EscapedBytes;
import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.output.OutputWriteException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The shutdown hook: when the JVM of a Jazzer run ends, minimizes each crash file the run wrote,
 * against the fuzz target class Jazzer loaded and instrumented, and writes {@code minimized-<sha1>}
 * and {@code Crash_<sha1>.java} next to it.
 *
 * <p>Jazzer ends a run with a finding by {@code System.exit(77)} after libFuzzer has written the
 * crash file ({@code FuzzTargetRunner.runOne}: {@code printAndDumpCrashingInput()}, {@code
 * dumpReproducer}, then {@code System.exit(JAZZER_FINDING_EXIT_CODE)}), so shutdown hooks run with
 * the crash file complete, and the exit status stays 77 whatever a hook does. The hook never
 * touches the crash file, never throws, and never outlives its budget by more than {@link #GRACE}:
 * a JVM in shutdown waits for every hook.
 */
final class CrashHook implements Runnable {
  /**
   * What a minimization still gets after the budget, interrupted, to write its best result so far;
   * after that the hook gives up on it and returns.
   */
  static final Duration GRACE = Duration.ofSeconds(5);

  private final HookOptions options;
  private final CrashFiles crashFiles;
  private final Optional<JazzerReproducers> reproducers;
  private final boolean jobsParent;
  private final Supplier<Optional<Class<?>>> fuzzTarget;
  private final PrintStream log;

  /** One crash to minimize: its file, or the input Jazzer's reproducer holds when it is missing. */
  private record Crash(Path file, Optional<byte[]> input) {}

  CrashHook(
      HookOptions options,
      CrashFiles crashFiles,
      Supplier<Optional<Class<?>>> fuzzTarget,
      PrintStream log) {
    this(options, crashFiles, Optional.empty(), false, fuzzTarget, log);
  }

  /**
   * @param reproducers Jazzer's reproducers, for the crash files libFuzzer announced but could not
   *     write
   * @param jobsParent whether this JVM is libFuzzer's parent of {@code -fork} or {@code -jobs}
   *     jobs, each of which minimizes the crash files it writes in its own JVM
   */
  CrashHook(
      HookOptions options,
      CrashFiles crashFiles,
      Optional<JazzerReproducers> reproducers,
      boolean jobsParent,
      Supplier<Optional<Class<?>>> fuzzTarget,
      PrintStream log) {
    this.options = options;
    this.crashFiles = crashFiles;
    this.reproducers = reproducers;
    this.jobsParent = jobsParent;
    this.fuzzTarget = fuzzTarget;
    this.log = log;
  }

  /**
   * Standard error as the process got it: targets often silence {@code System.err}, as Jazzer's
   * {@code Log.fixOutErr} anticipates for its own output.
   */
  static PrintStream processStandardError() {
    return new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
  }

  @Override
  public void run() {
    try {
      minimizeAll();
    } catch (RuntimeException | Error e) {
      log.println("whittle: crash hook failed, crash files left as they are: " + e);
    }
    log.flush();
  }

  private void minimizeAll() {
    List<Crash> crashes = new ArrayList<>();
    crashFiles.writtenSince().forEach(file -> crashes.add(new Crash(file, Optional.empty())));
    List<JazzerReproducers.Announced> missing =
        reproducers.map(r -> r.withoutCrashFile(crashFiles)).orElse(List.of());
    if (crashes.isEmpty() && missing.isEmpty()) {
      return;
    }
    if (jobsParent) {
      // The job that wrote a crash file has minimized it already, in its own JVM.
      log.println(
          "whittle: this JVM is libFuzzer's parent of -fork/-jobs jobs, and each job minimizes"
              + " the crash files it writes; not minimizing them again: "
              + crashes.stream().map(Crash::file).toList());
      return;
    }
    for (JazzerReproducers.Announced announced : missing) {
      log.printf(
          "whittle: Jazzer announced %s, but it does not exist: libFuzzer could not write it (is"
              + " %s writable?); minimizing the input of Jazzer's reproducer %s instead%n",
          announced.crash(), crashFiles.directory(), announced.reproducer());
      crashes.add(new Crash(announced.crash(), Optional.of(announced.input())));
    }
    Optional<Class<?>> target = fuzzTarget.get();
    if (target.isEmpty()) {
      log.println(
          "whittle: no standalone fuzz target in this JVM; "
              + crashes.stream().map(Crash::file).toList()
              + " left as is");
      return;
    }
    long deadline = System.nanoTime() + options.budget().toNanos();
    for (Crash crash : crashes) {
      Duration left = Duration.ofNanos(deadline - System.nanoTime());
      if (left.isNegative() || left.isZero()) {
        log.println(
            "whittle: budget of " + options.budget() + " spent; " + crash.file() + " left as is");
        continue;
      }
      if (!minimizeOne(target.get(), crash, left)) {
        return;
      }
    }
  }

  /** Minimizes one crash file within {@code left}; false when it had to be abandoned. */
  private boolean minimizeOne(Class<?> target, Crash crash, Duration left) {
    Thread worker =
        new Thread(() -> minimizeAndSave(target, crash, left), "whittle-crash-hook-minimizer");
    worker.setDaemon(true);
    long start = System.nanoTime();
    worker.start();
    try {
      worker.join(left.toMillis() + 1);
      if (worker.isAlive()) {
        // Ends the reduction with the smallest input so far, which is then written.
        worker.interrupt();
        worker.join(GRACE.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    if (worker.isAlive()) {
      log.printf(
          "whittle: %s: gave up after %d ms; nothing more is written%n",
          crash.file(), (System.nanoTime() - start) / 1_000_000);
      return false;
    }
    return true;
  }

  private void minimizeAndSave(Class<?> target, Crash held, Duration left) {
    long start = System.nanoTime();
    Path crash = held.file();
    try {
      CrashMinimizer minimizer =
          CrashMinimizer.forLoadedTarget(target)
              .withRunTimeout(options.runTimeout())
              .withBudget(Budget.unlimited().withDeadline(left));
      // Jazzer defined the target's classes, so its exit calls cannot be rewritten: one during
      // this shutdown blocks its run (the JVM is exiting already) until the call timeout ends it.
      MinimizationResult result =
          held.input().isPresent()
              ? minimizer.minimize(held.input().get())
              : minimizer.minimize(crash);
      MinimizationOutputs.Written written;
      try {
        written =
            MinimizationOutputs.writeOrFallBack(
                crash,
                MinimizationOutputs.defaultPath(crash, result),
                result,
                options.runTimeout(),
                MinimizationOutputs.fallbackDirectories());
      } catch (OutputWriteException e) {
        log.println(
            "whittle: "
                + crash
                + " minimized to "
                + result.minimized().length
                + " bytes, but not written: "
                + e.getMessage()
                + ". The minimized input, escaped: "
                + EscapedBytes.of(result.minimized(), Integer.MAX_VALUE));
        return;
      }
      written
          .fallback()
          .ifPresent(
              reason ->
                  log.printf(
                      "whittle: %s: %s; written to %s instead%n",
                      crash, reason, written.minimized().getParent()));
      log.printf(
          "whittle: %s (%d bytes) -> %s (%d bytes), dedup token %s, %d runs, %d ms%s; reproducer"
              + " %s%n",
          crash,
          result.original().length,
          written.fallback().isPresent() ? written.minimized() : written.minimized().getFileName(),
          result.minimized().length,
          result.dedupToken(),
          result.runs(),
          (System.nanoTime() - start) / 1_000_000,
          result.verified() ? "" : " (not verified)",
          written.reproducer().getFileName());
    } catch (CrashMinimizationException e) {
      log.println("whittle: " + crash + " not minimized: " + e.getMessage());
    } catch (java.io.IOException e) {
      // The message names the file and why: missing, no regular file, too long for an array.
      log.println("whittle: " + crash + " not minimized: " + e.getMessage());
    }
  }
}

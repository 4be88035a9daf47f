package dev.whittle.jazzer.crash;

import dev.whittle.api.Budget;
import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Pass;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.agent.JazzerAgent;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.FreshJvmVerification;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.api.UnexpectedFindingException;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.passes.ValuePassChoice;
import dev.whittle.jazzer.process.MovedGlobals;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One minimization of one crash: establish its finding, reopen the runner where the finding needs
 * another one ({@link RunnerPlan}), reduce on the runner and the jobs' runners, verify the result.
 * Every decision that depends on the target is a question to its {@link FuzzTarget}.
 */
final class CrashMinimization {
  private final CrashMinimizer minimizer;
  private final FuzzTarget target;
  private final byte[] crash;
  private final String crashName;
  private final long start = System.nanoTime();

  CrashMinimization(CrashMinimizer minimizer, byte[] crash, String crashName) {
    this.minimizer = minimizer;
    this.target = minimizer.target();
    this.crash = crash;
    this.crashName = crashName;
  }

  MinimizationResult run() {
    return run(RunnerPlan.first(minimizer));
  }

  private MinimizationResult run(RunnerPlan plan) {
    Finding established = plan.established();
    try (StackedRunner stacked =
        established == null
            ? StackedRunner.open(plan)
            : StackedRunner.open(
                plan, crash, established, minimizer.matchMode(), workerCheck(plan, established))) {
      Phases.end("target loading");
      if (established != null) {
        Phases.end("reproduction runs");
        return reduceAndVerify(plan, stacked, established);
      }
      TargetRunner runner = stacked.runner();
      long establishStart = System.nanoTime();
      Finding original =
          ReproductionCheck.establish(
              runner, crash, crashName, minimizer.reproductionRuns(), minimizer.matchMode());
      checkExpected(original);
      Phases.end("reproduction runs");
      Optional<RunnerPlan> again = reopening(plan, original, runner.runs(), establishStart);
      if (again.isPresent()) {
        runner.close();
        return run(again.get());
      }
      return reduceAndVerify(plan, stacked, original);
    }
  }

  /**
   * The plan to reduce {@code original} with instead, if it needs other runners than the first:
   * resource findings of a target verified in fresh JVMs, and stack overflows of a target verified
   * in this JVM on the default stack.
   */
  private Optional<RunnerPlan> reopening(
      RunnerPlan plan, Finding original, long runs, long establishStart) {
    if (target.canRunInFreshJvm()
        && minimizer.freshJvmVerification() != FreshJvmVerification.OFF
        && FreshJvmVerification.isResourceFinding(original)) {
      long runNanos = (System.nanoTime() - establishStart) / Math.max(1, runs);
      long stack = isOverflow(original) ? OverflowStack.reductionBytes(freshJvmArgs()) : 0;
      return Optional.of(plan.forResourceFinding(original, runs, runNanos, stack));
    }
    if (target.reducesOverflowsOnLargerStack() && isOverflow(original)) {
      long stack = OverflowStack.reductionBytes(FreshJvmCheck.limitsOfThisJvm());
      return Optional.of(plan.forOverflow(original, runs, stack));
    }
    return Optional.empty();
  }

  /**
   * Stops before reducing a finding other than the one the test framework reported: a thrown one of
   * another class, or an exit (which the framework's run cannot have had, as it would have ended
   * the JVM). Timeouts are reported by frameworks in their own ways and are not checked.
   */
  private void checkExpected(Finding original) {
    Optional<String> expected = minimizer.expectedFailure();
    if (expected.isEmpty() || original.kind() == Finding.Kind.TIMEOUT) {
      return;
    }
    if (original.kind() == Finding.Kind.EXIT
        || !original.exceptionClassName().equals(expected.get())) {
      throw new UnexpectedFindingException(crashName, expected.get(), original);
    }
  }

  /**
   * A stack overflow, reduced with a freshly loaded target per candidate where the target can be
   * loaded again. A stack overflow strikes not only in the recursion but also in what runs at its
   * deepest point: building an exception, the first string concatenation or lambda of a call site
   * (linked with a bootstrap that takes hundreds of frames), the first loading of a class. How much
   * stack those take depends on what the target's loader has already loaded and linked, so one warm
   * loader keeps candidates that overflow nowhere else, which fresh JVMs then fail to reproduce
   * (docs/dev/benchmarks.md); the JIT's state is still shared, which the fresh-JVM verification
   * covers. Where that is much slower than running the target interpreted in a {@link WorkerJvm}
   * that keeps it loaded (a large library), the candidates run there instead ({@link
   * StackedRunner}).
   */
  static boolean isOverflow(Finding original) {
    return original.kind() == Finding.Kind.THROWN
        && original.exceptionClassName().equals(StackOverflowError.class.getName());
  }

  /**
   * What starts the worker JVMs a stack overflow is reduced in ({@link WorkerJvm}): for an overflow
   * reduced with a margin and verified in fresh JVMs, whose limits the workers share; else null.
   */
  private FreshJvmCheck workerCheck(RunnerPlan plan, Finding original) {
    boolean inWorkers =
        isOverflow(original)
            && plan.freshTargetPerRun()
            && plan.stackBytes() > 0
            && target.canRunInFreshJvm()
            && minimizer.freshJvmVerification().appliesTo(original);
    return inWorkers ? freshJvmCheck(plan) : null;
  }

  private MinimizationResult reduceAndVerify(
      RunnerPlan plan, StackedRunner stacked, Finding original) {
    TargetRunner runner = stacked.runner();
    ReductionResult<byte[]> reduction;
    long jobRuns;
    MovedGlobals moved;
    FreshJvmBackOff.Improvements improvements = new FreshJvmBackOff.Improvements();
    try (JobRunners jobs =
        JobRunners.open(
            plan,
            JobRunners.jobsFor(plan, runner),
            stacked,
            minimizer.matchMode(),
            workerCheck(plan, original))) {
      reduction = reduce(plan, stacked, jobs, original, improvements);
      jobRuns = jobs.runs();
      moved = runner.movedGlobals().and(jobs.movedGlobals());
    }
    byte[] minimized = reduction.reduced();
    Phases.end("reduction");
    Verification verification =
        new Verification(false, Verification.NONE, "interrupted before verification");
    long verificationRuns = 0;
    // An interrupted caller wants the best so far now; a fresh target would not even load, as
    // every run of an interrupted thread ends at once.
    if (!Thread.currentThread().isInterrupted()) {
      if (target.canRunInFreshJvm() && inFreshJvms(original, moved)) {
        FreshJvmBackOff.Chosen chosen =
            FreshJvmBackOff.choose(
                improvements.candidates(minimized, crash),
                freshJvmCheck(plan),
                original,
                minimizer.matchMode(),
                minimizer.freshJvmRuns());
        minimized = chosen.input();
        verification = noting(stacked.describe(chosen.verification()), moved);
        verificationRuns = chosen.jvmRuns();
        Phases.end("fresh-JVM verification");
      } else {
        try (TargetRunner fresh = TargetRunner.open(plan.options(), false, 0)) {
          Finding again = fresh.run(minimized);
          moved = moved.and(fresh.movedGlobals());
          boolean verified = again != null && minimizer.matchMode().matches(original, again);
          String method =
              target.runsOwnCopy(plan.options().exitGuard())
                  ? Verification.FRESH_CLASS_LOADER
                  : Verification.SAME_TARGET;
          verification =
              !moved.lasting().isEmpty()
                  ? new Verification(
                      false,
                      method,
                      moved.describe()
                          + ", so no run in this JVM shows what a fresh JVM would"
                          + (target.canRunInFreshJvm()
                              ? "; verify with --verify-in-fresh-jvm"
                              : ""))
                  : noting(
                      new Verification(
                          verified,
                          method,
                          verified ? "" : "no matching finding when run again: " + again),
                      moved);
          verificationRuns = fresh.runs();
        }
        Phases.end("fresh-loader verification");
      }
    }
    return new MinimizationResult(
        crash,
        minimized,
        original,
        reduction,
        plan.runsBefore() + stacked.runs() + jobRuns + verificationRuns,
        (System.nanoTime() - start) / 1_000_000,
        verification,
        runner.shape());
  }

  /**
   * Whether the result is verified in fresh JVMs: where the mode asks for it, and, unless fresh
   * JVMs are off, wherever the runs changed JVM-global state. A fresh class loader does not reset
   * such state, and though each run started from it restored, a change can reach further than what
   * is watched (a JDK class that read the default locale while it was changed keeps it).
   */
  private boolean inFreshJvms(Finding original, MovedGlobals moved) {
    FreshJvmVerification mode = minimizer.freshJvmVerification();
    return mode.appliesTo(original) || (moved.any() && mode != FreshJvmVerification.OFF);
  }

  /** {@code verification} with what the runs changed of the JVM's global state, if anything. */
  private static Verification noting(Verification verification, MovedGlobals moved) {
    if (!moved.any()) {
      return verification;
    }
    String detail =
        verification.detail().isEmpty()
            ? moved.describe()
            : verification.detail() + "; " + moved.describe();
    return new Verification(verification.verified(), verification.method(), detail);
  }

  private ReductionResult<byte[]> reduce(
      RunnerPlan plan,
      StackedRunner stacked,
      JobRunners jobs,
      Finding original,
      FreshJvmBackOff.Improvements improvements) {
    TargetRunner runner = stacked.runner();
    boolean framesRequired = false;
    if (plan.checkAllocations()) {
      // Costly arrays are stopped only where the crash's own error came from a check and its own
      // run has none: an error the JVM threw may need several large arrays that fill the heap.
      TargetRunner.stopCostlyAllocations(true);
      Finding checked = runChecked(runner);
      if (checked != null && TargetRunner.endedAtCostlyAllocation(checked)) {
        TargetRunner.stopCostlyAllocations(false);
        checked = runChecked(runner);
      }
      framesRequired = checked != null && minimizer.matchMode().matches(original, checked);
      if (!framesRequired) {
        TargetRunner.stopCostlyAllocations(false);
      }
    }
    try {
      return reduce(stacked, jobs, original, improvements, framesRequired);
    } finally {
      TargetRunner.stopCostlyAllocations(false);
    }
  }

  private ReductionResult<byte[]> reduce(
      StackedRunner stacked,
      JobRunners jobs,
      Finding original,
      FreshJvmBackOff.Improvements improvements,
      boolean framesRequired) {
    TargetRunner runner = stacked.runner();
    Oracle<byte[]> oracle;
    Supplier<Finding> lastFinding;
    if (stacked.worker() != null) {
      WorkerJvmOracle inWorker =
          new WorkerJvmOracle(stacked.worker(), original, minimizer.matchMode());
      oracle = inWorker;
      lastFinding = inWorker::lastFinding;
    } else {
      InProcessOracle inProcess =
          new InProcessOracle(runner, original, minimizer.matchMode(), framesRequired);
      oracle = inProcess;
      lastFinding = inProcess::lastFinding;
    }
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withAlgorithm(minimizer.algorithm())
            .withBudget(overflowPatience(original, minimizer.budget()))
            .withJobs(jobs.size() + 1)
            // Passes remove chunks and provider calls wholesale that byte deletion
            // would otherwise take apart a byte at a time (docs/dev/benchmarks.md).
            .withPassesFirst(true)
            // Never larger than plain ddmin: a settled result gets its chunk check.
            .withChunkCheck(true)
            // An overflow bound by nesting fails in a prefix, and needs the nesting at its end;
            // a provider's values move with every byte a window cuts off.
            .withWindowStart(
                isOverflow(original) && runner.inputKind() == TargetRunner.InputKind.BYTES)
            .withImprovementListener(improvements);
    if (minimizer.valueReduction()) {
      for (Pass<byte[]> pass : ValuePassChoice.forRunner(runner)) {
        reduction = reduction.withPass(pass);
      }
    }
    for (ProgressListener listener : minimizer.progressListeners()) {
      reduction = reduction.withProgressListener(listener);
    }
    Oracle<byte[]> asked = jobs.size() == 0 ? oracle : jobs.pool(oracle, original, framesRequired);
    if (minimizer.valueReduction()) {
      asked = ValuePassChoice.restrict(runner, crash, asked);
    }
    try {
      return reduction.run(asked);
    } catch (OriginalNotInterestingException e) {
      // The reduction asks the original once more; a finding that fails now is flaky after all.
      List<Finding> findings =
          new ArrayList<>(Collections.nCopies(minimizer.reproductionRuns(), original));
      findings.add(lastFinding.get());
      FlakyFindingException flaky =
          new FlakyFindingException(crashName, findings, minimizer.reproductionRuns());
      flaky.addSuppressed(e);
      throw flaky;
    }
  }

  /**
   * Runs in a row without a smaller result after which the reduction of a stack overflow stops.
   * Every run of an overflow pays a recursion to the depth that exhausts a large stack (and its
   * stack trace), and once the nesting is as shallow as it may get, what can still go are single
   * items, each of whose deletions costs such a run: over ten-thousand-byte results, that was
   * thousands of runs for a few bytes (docs/minimize.md).
   */
  static final long OVERFLOW_PATIENCE = 100;

  private static Budget overflowPatience(Finding original, Budget budget) {
    return isOverflow(original) ? budget.withPatience(OVERFLOW_PATIENCE) : budget;
  }

  /**
   * The crash's finding on {@code runner} if its out-of-memory error comes from an allocation check
   * there (an allocation no heap of this JVM's size can hold, whose every candidate's error has its
   * frames), else null; or the run's end at a costly array. Costs one run, of a crash that then
   * ends at once.
   */
  private Finding runChecked(TargetRunner runner) {
    long before = TargetRunner.allocationChecksThrown();
    Finding again = runner.run(crash);
    boolean fromCheck = TargetRunner.allocationChecksThrown() > before;
    return again != null && (fromCheck || TargetRunner.endedAtCostlyAllocation(again))
        ? again
        : null;
  }

  private FreshJvmCheck freshJvmCheck(RunnerPlan plan) {
    JazzerAgent.Status agent = JazzerAgent.current();
    return new FreshJvmCheck(
        freshJvmArgs(),
        target.className(),
        target.classPath(),
        plan.options().targetArgs(),
        plan.verificationTimeout(),
        agent != null && agent.installed());
  }

  /** The options of the fresh JVMs that verify: the user's, else this JVM's limits. */
  private List<String> freshJvmArgs() {
    return minimizer.freshJvmArgs().orElseGet(FreshJvmCheck::limitsOfThisJvm);
  }
}

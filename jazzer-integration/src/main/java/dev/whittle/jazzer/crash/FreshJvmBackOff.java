package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.api.ImprovementListener;
import dev.whittle.api.Progress;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Verification;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Picks the input to write when results are verified in fresh JVMs: the smallest of the reduction's
 * improvements that reproduces the finding in every one of N fresh JVMs.
 *
 * <p>A reduction inside a warm JVM keeps candidates that overflow the stack or exhaust the heap
 * only there: JIT-compiled frames are smaller than interpreted ones, and a heap the reduction has
 * filled runs out sooner. Such a candidate sits at an edge a fresh JVM does not reach. The larger
 * improvements before it are further from that edge, so the back-off walks the improvements from
 * the smallest towards the crash itself (see {@link #choose}). It MUST NOT return an input as
 * verified that missed a single run; a candidate is dropped at its first miss, so a failing one
 * costs the JVMs started beside its first (one, when they run one at a time), a passing one N.
 */
final class FreshJvmBackOff {
  private FreshJvmBackOff() {}

  /** Collects every improvement's content as the reduction finds it; they are few. */
  static final class Improvements implements ImprovementListener<byte[]> {
    private final List<byte[]> contents = new ArrayList<>();

    @Override
    public synchronized void onImprovement(byte[] best, Progress progress) {
      contents.add(best.clone());
    }

    /**
     * The inputs to try, smallest first: {@code reduced}, the improvements heard (each at most
     * once), then {@code crash}.
     */
    synchronized List<byte[]> candidates(byte[] reduced, byte[] crash) {
      List<byte[]> sorted = new ArrayList<>(contents);
      sorted.add(reduced);
      sorted.add(crash);
      sorted.sort((a, b) -> Integer.compare(a.length, b.length));
      List<byte[]> distinct = new ArrayList<>();
      for (byte[] candidate : sorted) {
        if (distinct.stream().noneMatch(seen -> Arrays.equals(seen, candidate))
            && candidate.length >= reduced.length) {
          distinct.add(candidate);
        }
      }
      return distinct;
    }
  }

  /** The input to write and how it was verified. */
  record Chosen(byte[] input, Verification verification, long jvmRuns) {}

  /**
   * The smallest of {@code candidates} (smallest first, the crash last) that reproduces {@code
   * original} in {@code runs} of {@code runs} fresh JVMs; if none does, the first candidate,
   * unverified, with the reason.
   *
   * <p>Reductions of resource findings often leave dozens of improvements that fail together (each
   * a few bytes shorter than the last), so the search gallops: candidates 0, 1, 3, 7, ... until one
   * passes, then bisects between the last failing and the first passing one. That finds the
   * smallest passing candidate in about 2 log2(n) probes if reproduction is monotone in the
   * improvement chain (a larger improvement reproduces whenever a smaller one does), which is what
   * a deeper recursion or a larger allocation gives; it never returns a candidate that failed.
   * Between the last failing and the first passing improvement it then bisects over inputs that put
   * back part of what the reduction deleted ({@link Between}), a few more probes.
   */
  static Chosen choose(
      List<byte[]> candidates,
      FreshJvmCheck check,
      Finding original,
      MatchMode matchMode,
      int runs) {
    checkNotNull(candidates, "candidates");
    checkArgument(!candidates.isEmpty(), "no candidates to verify");
    Probe probe = new Probe(candidates, check, original, matchMode, runs);
    int failing = -1;
    int passing = -1;
    for (int step = 1, index = 0;
        ;
        index = Math.min(candidates.size() - 1, index + step), step *= 2) {
      if (probe.interrupted()) {
        return probe.unverified();
      }
      if (probe.passes(index)) {
        passing = index;
        break;
      }
      failing = index;
      if (index == candidates.size() - 1) {
        return probe.unverified();
      }
    }
    while (passing - failing > 1) {
      if (probe.interrupted()) {
        break;
      }
      int middle = (failing + passing) >>> 1;
      if (probe.passes(middle)) {
        passing = middle;
      } else {
        failing = middle;
      }
    }
    byte[] chosen = candidates.get(passing);
    if (failing >= 0) {
      chosen = refine(probe, candidates.get(failing), chosen);
    }
    return probe.verified(chosen);
  }

  /**
   * The smallest input found between {@code failing} and {@code passing} that passes, or {@code
   * passing}: improvements are far apart where the reduction took large chunks, and the edge a
   * fresh JVM reaches lies somewhere between two of them.
   */
  private static byte[] refine(Probe probe, byte[] failing, byte[] passing) {
    Optional<Between> between = Between.of(failing, passing);
    if (between.isEmpty()) {
      return passing;
    }
    byte[] best = passing;
    double low = 0;
    double high = 1;
    for (int step = 0; step < Between.STEPS && !probe.interrupted(); step++) {
      double middle = (low + high) / 2;
      byte[] candidate = between.get().at(middle);
      if (candidate.length >= best.length) {
        break;
      }
      if (probe.passes(candidate)) {
        best = candidate;
        high = middle;
      } else {
        low = middle;
      }
    }
    return best;
  }

  /** The fresh-JVM runs of one back-off, with what they found for the report. */
  private static final class Probe {
    private final List<byte[]> candidates;
    private final FreshJvmCheck check;
    private final Finding original;
    private final MatchMode matchMode;
    private final int runs;
    private final String limits;
    private final List<String> missed = new ArrayList<>();
    private long jvmRuns;

    Probe(
        List<byte[]> candidates,
        FreshJvmCheck check,
        Finding original,
        MatchMode matchMode,
        int runs) {
      this.candidates = candidates;
      this.check = check;
      this.original = original;
      this.matchMode = matchMode;
      this.runs = runs;
      this.limits = check.jvmArgs().isEmpty() ? "no -Xss/-Xmx" : String.join(" ", check.jvmArgs());
    }

    boolean interrupted() {
      return Thread.currentThread().isInterrupted();
    }

    boolean passes(int index) {
      return passes(candidates.get(index));
    }

    boolean passes(byte[] candidate) {
      Replays.Tally tally = check.reproductions(candidate, original, matchMode, runs);
      int reproduced = tally.matched();
      jvmRuns += tally.started();
      if (reproduced < runs) {
        missed.add(
            String.format(Locale.ROOT, "%d bytes (%d/%d)", candidate.length, reproduced, runs));
        return false;
      }
      return true;
    }

    Chosen verified(byte[] input) {
      String detail =
          String.format(Locale.ROOT, "%d/%d fresh JVMs%s with %s", runs, runs, eachRuns(), limits);
      if (!missed.isEmpty()) {
        detail += "; backed off from " + String.join(", ", missed);
      }
      return new Chosen(input, new Verification(true, Verification.FRESH_JVM, detail), jvmRuns);
    }

    /**
     * How often each fresh JVM ran the input, where more than once: a stack overflow must overflow
     * in every one of {@link FreshJvmReplay#OVERFLOW_RUNS} runs, which is what "reproduced" means
     * for it (docs/minimize.md).
     */
    private String eachRuns() {
      return original.recursion().isPresent()
          ? String.format(Locale.ROOT, " (%d runs each)", FreshJvmReplay.OVERFLOW_RUNS)
          : "";
    }

    Chosen unverified() {
      String reason =
          interrupted()
              ? "interrupted while verifying in fresh JVMs with " + limits
              : "not even the crash itself reproduced the finding in "
                  + runs
                  + "/"
                  + runs
                  + " fresh JVMs with "
                  + limits
                  + " (tried "
                  + String.join(", ", missed)
                  + "); give the JVM options the crash needs with --jvm-arg";
      return new Chosen(
          candidates.get(0), new Verification(false, Verification.FRESH_JVM, reason), jvmRuns);
    }
  }
}

package dev.whittle.jazzer.engine;

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

/**
 * Picks the input to write when results are verified in fresh JVMs: the smallest of the reduction's
 * improvements that reproduces the finding in every one of N fresh JVMs.
 *
 * <p>A reduction inside a warm JVM keeps candidates that overflow the stack or exhaust the heap
 * only there: JIT-compiled frames are smaller than interpreted ones, and a heap the reduction has
 * filled runs out sooner. Such a candidate sits at an edge a fresh JVM does not reach. The larger
 * improvements before it are further from that edge, so the back-off walks the improvements from
 * the smallest towards the crash itself and stops at the first that reproduces N/N. It MUST NOT
 * return an input as verified that missed a single run; a candidate is dropped at its first miss,
 * so a failing one costs one JVM start, a passing one N.
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
   */
  static Chosen choose(
      List<byte[]> candidates,
      FreshJvmCheck check,
      Finding original,
      MatchMode matchMode,
      int runs) {
    checkNotNull(candidates, "candidates");
    checkArgument(!candidates.isEmpty(), "no candidates to verify");
    String limits = check.jvmArgs().isEmpty() ? "no -Xss/-Xmx" : String.join(" ", check.jvmArgs());
    long jvmRuns = 0;
    List<String> missed = new ArrayList<>();
    for (byte[] candidate : candidates) {
      if (Thread.currentThread().isInterrupted()) {
        break;
      }
      int reproduced = check.reproductions(candidate, original, matchMode, runs);
      jvmRuns += Math.min(runs, reproduced + 1);
      if (reproduced == runs) {
        String detail = String.format(Locale.ROOT, "%d/%d fresh JVMs with %s", runs, runs, limits);
        if (!missed.isEmpty()) {
          detail += "; backed off from " + String.join(", ", missed);
        }
        return new Chosen(
            candidate, new Verification(true, Verification.FRESH_JVM, detail), jvmRuns);
      }
      missed.add(
          String.format(Locale.ROOT, "%d bytes (%d/%d)", candidate.length, reproduced, runs));
    }
    String reason =
        Thread.currentThread().isInterrupted()
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

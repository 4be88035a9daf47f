package dev.whittle.benchmarks.jazzer;

import dev.whittle.api.Outcome;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.crash.InProcessOracle;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.target.TargetSpec;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.TrivialTarget;
import java.time.Duration;
import java.util.Locale;

/**
 * Executions per second of the in-process oracle on a trivial {@code byte[]} target: the cost of
 * the hand-over to the worker thread, the Jazzer runtime toggling and the classification, with next
 * to nothing in the target. Goal: at least 50,000 per second on one core.
 *
 * <pre>{@code
 * mvn -B -q -ntp -pl core,jazzer-integration -am test-compile exec:java \
 *     -Dexec.mainClass=dev.whittle.benchmarks.jazzer.InProcessOracleBenchmark \
 *     -Dexec.classpathScope=test -Dexec.args="5"
 * }</pre>
 *
 * The argument is the measured duration in seconds (default 5), after a warm-up of 2 seconds.
 */
public final class InProcessOracleBenchmark {
  private InProcessOracleBenchmark() {}

  public static void main(String[] args) {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
    TargetSpec spec = TargetSpec.of(TrivialTarget.class.getName(), TargetPaths.classPathUrls());
    try (TargetRunner runner = TargetRunner.open(spec, Duration.ofSeconds(10), false)) {
      Finding crash = runner.run(new byte[] {0x7f});
      InProcessOracle oracle = new InProcessOracle(runner, crash, MatchMode.dedupToken());
      measure(oracle, 2);
      long runs = measure(oracle, seconds);
      System.out.printf(
          Locale.ROOT,
          "in-process oracle, trivial byte[] target: %,.0f executions/second (%,d in %.1f s)%n",
          runs / seconds,
          runs,
          seconds);
    }
  }

  /** Calls the oracle on 16-byte candidates, one in 64 of them crashing, for {@code seconds}. */
  private static long measure(InProcessOracle oracle, double seconds) {
    byte[][] candidates = new byte[64][16];
    candidates[0][0] = 0x7f;
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long runs = 0;
    int interesting = 0;
    while (System.nanoTime() < end) {
      for (byte[] candidate : candidates) {
        if (oracle.test(candidate) == Outcome.INTERESTING) {
          interesting++;
        }
      }
      runs += candidates.length;
    }
    if (interesting != runs / candidates.length) {
      throw new AssertionError("the crashing candidate must be interesting every time");
    }
    return runs;
  }
}

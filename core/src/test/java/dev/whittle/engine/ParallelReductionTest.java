package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.api.Whittle;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Several jobs find what one job finds, ask more questions, and respect the budget. */
class ParallelReductionTest {
  static List<String> algorithms() {
    return Algorithms.names();
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void severalJobsFindExactlyWhatOneJobFinds(String algorithm) {
    Random random = new Random(algorithm.hashCode());
    for (int trial = 0; trial < 25; trial++) {
      byte[] input = new byte[20 + random.nextInt(200)];
      for (int i = 0; i < input.length; i++) {
        input[i] = (byte) (random.nextInt(10) == 0 ? 'x' : 'a' + random.nextInt(5));
      }
      int needed = 1 + random.nextInt(4);
      Predicate<byte[]> enoughXs = bytes -> count(bytes, 'x') >= needed;
      if (!enoughXs.test(input)) {
        continue;
      }
      ReductionResult<byte[]> one = reduce(input, algorithm, 1).run(Oracle.of(enoughXs));
      for (int jobs : new int[] {2, 3, 8}) {
        ReductionResult<byte[]> many = reduce(input, algorithm, jobs).run(Oracle.of(enoughXs));

        assertArrayEquals(one.reduced(), many.reduced(), algorithm + " with " + jobs + " jobs");
        assertEquals(one.oneMinimal(), many.oneMinimal());
        assertTrue(many.runs() >= one.runs(), "speculation only adds questions");
      }
    }
  }

  @Test
  void theOracleIsReallyAskedFromSeveralThreadsAtOnce() throws InterruptedException {
    CountDownLatch twoAtOnce = new CountDownLatch(2);
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger mostInFlight = new AtomicInteger();
    Oracle<byte[]> oracle =
        bytes -> {
          mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
          try {
            if (bytes.length
                < 30) { // the original is asked alone; distinct deletions then come in batches
              twoAtOnce.countDown();
              // Only the first call of the first batch waits, for a second one to come alongside.
              twoAtOnce.await(10, TimeUnit.SECONDS);
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            inFlight.decrementAndGet();
          }
          return count(bytes, 'x') >= 1 ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
        };
    byte[] input =
        "abcdefghijxklmnopqrstuvwyz0123".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    ReductionResult<byte[]> result = reduce(input, Algorithms.ONE_BY_ONE, 4).run(oracle);

    assertArrayEquals(new byte[] {'x'}, result.reduced());
    assertEquals(0, twoAtOnce.getCount());
    assertTrue(mostInFlight.get() >= 2, "at most " + mostInFlight.get() + " calls at once");
  }

  @Test
  void maxRunsHoldWithSeveralJobs() {
    byte[] input = new byte[300];
    input[150] = 'x';
    input[20] = 'x';
    Predicate<byte[]> twoXs = bytes -> count(bytes, 'x') >= 2;
    long needed = reduce(input, Algorithms.ENTROPY, 4).run(Oracle.of(twoXs)).runs();
    for (long maxRuns = 1; maxRuns < needed; maxRuns++) {
      ReductionResult<byte[]> result =
          reduce(input, Algorithms.ENTROPY, 4)
              .withBudget(Budget.unlimited().withMaxRuns(maxRuns))
              .run(Oracle.of(twoXs));

      assertTrue(result.runs() <= maxRuns, result.runs() + " > " + maxRuns);
      assertEquals(StopReason.MAX_RUNS, result.stopReason());
      assertTrue(twoXs.test(result.reduced()));
    }
  }

  @Test
  void valueReducersGetBatchesOfTheLoopsParallelism() {
    int[] seen = {0};
    Pass<byte[]> batchAsker =
        new Pass<>() {
          @Override
          public String name() {
            return "batch";
          }

          @Override
          public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
            seen[0] = tester.parallelism();
            List<byte[]> candidates = List.of(new byte[] {'x'}, new byte[] {'y'});
            boolean[] answers = tester.areInteresting(candidates);
            return answers[0] ? candidates.get(0) : current;
          }
        };
    ReductionResult<byte[]> result =
        Whittle.reduce(
                SequenceInputs.bytes("abxz".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
            .withAlgorithm(Algorithms.named(Algorithms.DDMIN))
            .withPass(batchAsker)
            .withJobs(3)
            .run(Oracle.of(bytes -> count(bytes, 'x') == 1));

    assertEquals(3, seen[0]);
    assertArrayEquals(new byte[] {'x'}, result.reduced());
  }

  private static dev.whittle.api.Reduction<byte[]> reduce(
      byte[] input, String algorithm, int jobs) {
    return Whittle.reduce(SequenceInputs.bytes(input))
        .withAlgorithm(Algorithms.named(algorithm))
        .withJobs(jobs);
  }

  private static int count(byte[] bytes, char c) {
    int n = 0;
    for (byte b : bytes) {
      n += b == c ? 1 : 0;
    }
    return n;
  }
}

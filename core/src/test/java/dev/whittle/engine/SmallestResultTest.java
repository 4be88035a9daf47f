package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A search takes the first interesting answer of a batch and can go on from it to a result larger
 * than another answer of that batch (issue 20, section 4: `reduce --jobs 2` found a 9-byte HTML
 * crash beside a 129-byte one, went on from the 129 bytes and wrote 16). The reduction never ends
 * larger than the smallest interesting content it found, and its listeners never hear of a larger
 * result after a smaller one.
 */
class SmallestResultTest {
  /** Interesting: the original, "abc" (a dead end: none of its parts is) and "f". */
  private static final Set<String> INTERESTING = Set.of("abcdef", "abc", "f");

  /** Asks two candidates at once and, like every search here, takes the first interesting one. */
  private static final Pass<byte[]> FIRST_OF_TWO =
      new Pass<>() {
        @Override
        public String name() {
          return "first-of-two";
        }

        @Override
        public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
          if (current.length <= 3) {
            return current;
          }
          List<byte[]> candidates = List.of(bytes("abc"), bytes("f"));
          boolean[] answers = tester.areInteresting(candidates);
          for (int i = 0; i < answers.length; i++) {
            if (answers[i]) {
              return candidates.get(i);
            }
          }
          return current;
        }
      };

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void theResultIsNoLargerThanAnySmallerInterestingAnswerOfABatch(int jobs) {
    List<String> heard = new ArrayList<>();

    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(bytes("abcdef")))
            .withAlgorithm(Algorithms.named(Algorithms.DDMIN))
            .withPass(FIRST_OF_TWO)
            .withPassesFirst(true)
            .withJobs(jobs)
            .withImprovementListener((content, progress) -> heard.add(text(content)))
            .run(Oracle.of(content -> INTERESTING.contains(text(content))));

    assertEquals("f", text(result.reduced()));
    assertEquals(List.of("abcdef", "abc", "f"), heard);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void theSearchGoesOnFromTheSmallerAnswerAtOnceNotFromTheOneItTook(int jobs) {
    List<String> asked = new ArrayList<>();

    Whittle.reduce(SequenceInputs.bytes(bytes("abcdef")))
        .withAlgorithm(Algorithms.named(Algorithms.DDMIN))
        .withPass(FIRST_OF_TWO)
        .withPassesFirst(true)
        .withJobs(jobs)
        .run(
            Oracle.of(
                content -> {
                  synchronized (asked) {
                    asked.add(text(content));
                  }
                  return INTERESTING.contains(text(content));
                }));

    // Parts of "abc" are what a search that went on from "abc" would ask.
    assertEquals(
        List.of(),
        asked.stream().filter(c -> !c.isEmpty() && "abc".contains(c) && c.length() < 3).toList(),
        "asked: " + asked);
  }

  @Test
  void anAlgorithmAloneGoesOnFromTheSmallerAnswerToAOneMinimalResult() {
    // Two ways to the failure, the second (items 12 and 13) only at an even length: with two jobs
    // Entropy Debugging's speculation finds it beside the way its walk takes, and the result it
    // stands on must then be reduced in turn, not only kept.
    byte[] input = new byte[16];
    for (int i = 0; i < input.length; i++) {
      input[i] = (byte) i;
    }
    Predicate<byte[]> twoWays =
        content ->
            (has(content, 7) && has(content, 11) && has(content, 14))
                || (has(content, 12) && has(content, 13) && content.length % 2 == 0);

    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withAlgorithm(Algorithms.named(Algorithms.ENTROPY))
            .withJobs(2)
            .run(Oracle.of(twoWays));

    assertArrayEquals(new byte[] {12, 13}, result.reduced());
    assertTrue(result.oneMinimal(), result.toString());
  }

  private static boolean has(byte[] content, int item) {
    for (byte b : content) {
      if (b == item) {
        return true;
      }
    }
    return false;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static String text(byte[] content) {
    return new String(content, StandardCharsets.US_ASCII);
  }
}

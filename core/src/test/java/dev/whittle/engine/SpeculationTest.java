package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Oracle;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * With several jobs, a reducer asks questions on speculation beside the one it needs, which saves
 * time only when the needed one takes a run. Beside an answer the cache already holds they would be
 * runs for nothing: a run of equal items, whose single deletions all give the same content, made
 * Entropy Debugging ask "is the rest unimportant?" beside every one of them (issue 20, section 4: a
 * Commons Lang number crash, {@code 0e1010000000D}).
 */
class SpeculationTest {
  /** A number whose zeros all count, between two markers. */
  private static final Predicate<byte[]> TWELVE_ZEROS =
      bytes -> {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        return text.startsWith("0e1")
            && text.endsWith("D")
            && text.chars().filter(c -> c == '0').count() == 13;
      };

  private static final byte[] NUMBER =
      ("0e1" + "0".repeat(12) + "D").getBytes(StandardCharsets.ISO_8859_1);

  private static ReductionResult<byte[]> entropy(int jobs) {
    return Whittle.reduce(SequenceInputs.bytes(NUMBER))
        .withAlgorithm(Algorithms.entropyDebugging())
        .withJobs(jobs)
        .run(Oracle.of(TWELVE_ZEROS));
  }

  @Test
  void noQuestionOnSpeculationBesideOneTheCacheAnswers() {
    ReductionResult<byte[]> one = entropy(1);
    ReductionResult<byte[]> two = entropy(2);

    assertEquals(
        new String(one.reduced(), StandardCharsets.ISO_8859_1),
        new String(two.reduced(), StandardCharsets.ISO_8859_1));
    assertEquals(8, one.runs());
    // Asking on speculation beside cached answers too: 23; without the next tree's question on
    // speculation: 12.
    assertEquals(11, two.runs());
  }
}

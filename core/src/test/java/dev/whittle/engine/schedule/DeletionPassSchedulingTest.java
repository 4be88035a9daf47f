package dev.whittle.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Budget;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.SequenceInputs;
import dev.whittle.engine.loop.OracleLoop;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A {@link DeletionPass} that finished its turn waits while the content is its result less some
 * bytes, and runs again once a rewrite made the content something else.
 */
class DeletionPassSchedulingTest {
  private static final String ORIGINAL = "abcdefgh";

  private final List<String> turns = new ArrayList<>();

  private static OracleLoop<byte[]> loop(Set<String> interesting) {
    Oracle<byte[]> scripted =
        candidate -> {
          String text = new String(candidate, StandardCharsets.ISO_8859_1);
          return text.equals(ORIGINAL) || interesting.contains(text)
              ? Outcome.INTERESTING
              : Outcome.NOT_INTERESTING;
        };
    OracleLoop<byte[]> loop =
        new OracleLoop<>(
            SequenceInputs.bytes(bytes(ORIGINAL)),
            scripted,
            Budget.unlimited(),
            List.of(),
            List.of());
    loop.askOriginal();
    return loop;
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Proposes one rewrite of what it is given; a deletion pass when {@code onlyDeletes}. */
  private class Rewrite implements Pass<byte[]> {
    final String name;
    final UnaryOperator<String> rewrite;

    Rewrite(String name, UnaryOperator<String> rewrite) {
      this.name = name;
      this.rewrite = rewrite;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
      turns.add(name);
      byte[] candidate = bytes(rewrite.apply(new String(current, StandardCharsets.ISO_8859_1)));
      return candidate.length < current.length && tester.isInteresting(candidate)
          ? candidate
          : current;
    }
  }

  private final class Deleting extends Rewrite implements DeletionPass {
    Deleting(String name, UnaryOperator<String> rewrite) {
      super(name, rewrite);
    }

    @Override
    public boolean lastTurnOnlyDeleted() {
      return true;
    }
  }

  private static String dropLast(String s) {
    return s.isEmpty() ? s : s.substring(0, s.length() - 1);
  }

  @Test
  void aFinishedDeletionPassWaitsWhileTheContentIsItsResultLessBytes() {
    OracleLoop<byte[]> loop = loop(Set.of("abcdefg", "bcdefg"));
    PassScheduler<byte[]> scheduler =
        new PassScheduler<>(
            List.of(
                new Deleting("last", DeletionPassSchedulingTest::dropLast),
                new Rewrite("first", s -> s.substring(1))));

    assertTrue(scheduler.runRound(loop, 10));
    assertEquals(List.of("last", "first"), turns);
    assertEquals("bcdefg", new String(loop.bestContent(), StandardCharsets.ISO_8859_1));

    turns.clear();
    scheduler.runRound(loop, 10);
    // "bcdefg" is "abcdefg" (what "last" returned) less a byte: "last" would only ask again.
    assertEquals(List.of("first"), turns);
  }

  @Test
  void theSamePassWithoutTheMarkRunsAgain() {
    OracleLoop<byte[]> loop = loop(Set.of("abcdefg", "bcdefg"));
    PassScheduler<byte[]> scheduler =
        new PassScheduler<>(
            List.of(
                new Rewrite("last", DeletionPassSchedulingTest::dropLast),
                new Rewrite("first", s -> s.substring(1))));

    assertTrue(scheduler.runRound(loop, 10));
    turns.clear();
    scheduler.runRound(loop, 10);
    assertTrue(turns.contains("last"), turns.toString());
  }

  @Test
  void aRewriteThatIsNoDeletionGivesTheDeletionPassItsTurnBack() {
    // "upper" rewrites the first byte to a smaller one: "abcdefg" -> "Abcdefg" is no subsequence.
    OracleLoop<byte[]> loop = loop(Set.of("abcdefg", "Abcdefg"));
    PassScheduler<byte[]> scheduler =
        new PassScheduler<>(
            List.of(
                new Deleting("last", DeletionPassSchedulingTest::dropLast),
                new SameLength("upper", turns)));

    assertTrue(scheduler.runRound(loop, 10));
    assertEquals("Abcdefg", new String(loop.bestContent(), StandardCharsets.ISO_8859_1));
    turns.clear();
    scheduler.runRound(loop, 10);
    assertTrue(turns.contains("last"), turns.toString());
    assertFalse(PassRecord.isSubsequence(bytes("Abcdefg"), bytes("abcdefg")));
  }

  /** Rewrites the first byte to upper case, same length: simpler, not shorter. */
  private static final class SameLength implements Pass<byte[]> {
    final String name;
    final List<String> turns;

    SameLength(String name, List<String> turns) {
      this.name = name;
      this.turns = turns;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
      turns.add(name);
      if (current.length == 0 || current[0] < 'a') {
        return current;
      }
      byte[] candidate = current.clone();
      candidate[0] = (byte) (candidate[0] - 32);
      return tester.isInteresting(candidate) ? candidate : current;
    }
  }

  @Test
  void subsequencesAreExact() {
    assertTrue(PassRecord.isSubsequence(bytes(""), bytes("abc")));
    assertTrue(PassRecord.isSubsequence(bytes("ac"), bytes("abc")));
    assertTrue(PassRecord.isSubsequence(bytes("abc"), bytes("abc")));
    assertFalse(PassRecord.isSubsequence(bytes("ca"), bytes("abc")));
    assertFalse(PassRecord.isSubsequence(bytes("abcd"), bytes("abc")));
    assertFalse(PassRecord.isSubsequence(bytes("aa"), bytes("abc")));
  }
}

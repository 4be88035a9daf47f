package dev.whittle.engine.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The keys of the sparse prefix tables are exactly the keys of the content: those {@link
 * ContentKeys#keyOfWhole} computes from the assembled candidate, whatever the ranges and wherever
 * they fall against the stride of the kept prefix hashes.
 */
class ContentKeysTest {
  private final SplittableRandom random = new SplittableRandom(17);

  @Test
  void aCandidatesKeyIsTheKeyOfItsContent() {
    int sparse = ContentKeys.FULL_TABLES + 1;
    for (int n : new int[] {0, 1, 31, 32, 33, 64, 2047, 2048, 2049, 5000, sparse, sparse + 40}) {
      SequenceInput<byte[]> input = SequenceInputs.bytes(randomBytes(n));
      ContentKeys keys = new ContentKeys(input);
      for (int trial = 0; trial < 50; trial++) {
        Subsequence candidate = randomSubsequence(n);
        assertEquals(
            ContentKeys.keyOfWhole(input.withContent(input.assemble(candidate))),
            keys.keyOf(candidate),
            () -> n + " items, " + candidate);
      }
    }
  }

  @Test
  void everySingleDeletionKeyIsTheKeyOfThatDeletion() {
    for (int n : new int[] {1, 2, 33, 100, 2100}) {
      SequenceInput<byte[]> input = SequenceInputs.bytes(randomBytes(n));
      ContentKeys keys = new ContentKeys(input);
      Subsequence candidate = randomSubsequence(n);
      List<ContentKey> seen = new ArrayList<>();
      assertTrue(keys.everySingleDeletion(candidate, seen::add));

      assertEquals(candidate.size(), seen.size());
      for (int p = 0; p < candidate.size(); p++) {
        Subsequence deletion = candidate.without(p, p + 1);
        assertEquals(
            ContentKeys.keyOfWhole(input.withContent(input.assemble(deletion))),
            seen.get(p),
            "deletion of position " + p);
      }
    }
  }

  /** Above {@link ContentKeys#FULL_TABLES} items, where prefix hashes are kept sparsely. */
  @Test
  void singleDeletionKeysOfALargeInputAreTheKeysOfThoseDeletions() {
    int n = ContentKeys.FULL_TABLES + 77;
    SequenceInput<byte[]> input = SequenceInputs.bytes(randomBytes(n));
    ContentKeys keys = new ContentKeys(input);
    Subsequence candidate = randomSubsequence(n);
    List<ContentKey> seen = new ArrayList<>();
    assertTrue(keys.everySingleDeletion(candidate, seen::add));

    assertEquals(candidate.size(), seen.size());
    int last = candidate.size() - 1;
    for (int p : new int[] {0, 1, 31, 32, 33, last / 2, last - 32, last}) {
      Subsequence deletion = candidate.without(p, p + 1);
      assertEquals(
          ContentKeys.keyOfWhole(input.withContent(input.assemble(deletion))),
          seen.get(p),
          "deletion of position " + p);
    }
  }

  @Test
  void theSingleDeletionsStopAtTheFirstThatFails() {
    ContentKeys keys = new ContentKeys(SequenceInputs.bytes(randomBytes(1000)));
    List<ContentKey> seen = new ArrayList<>();

    assertFalse(keys.everySingleDeletion(Subsequence.full(1000), key -> seen.add(key) && false));
    assertEquals(1, seen.size());
  }

  @Test
  void linesHashAsTheirContent() {
    SequenceInput<String> input = SequenceInputs.lines("a\nb\na\nb\n".repeat(40));
    ContentKeys keys = new ContentKeys(input);

    assertEquals(keys.keyOf(Subsequence.ofIndices(0, 1)), keys.keyOf(Subsequence.ofIndices(2, 3)));
    assertEquals(
        keys.keyOf(Subsequence.full(80)), keys.keyOf(Subsequence.full(160).slice(80, 160)));
  }

  private byte[] randomBytes(int n) {
    byte[] out = new byte[n];
    for (int i = 0; i < n; i++) {
      out[i] = (byte) random.nextInt(4); // few values: many equal contents from other indices
    }
    return out;
  }

  private Subsequence randomSubsequence(int n) {
    List<Integer> kept = new ArrayList<>();
    double keep = random.nextDouble();
    for (int i = 0; i < n; i++) {
      if (random.nextDouble() < keep) {
        kept.add(i);
      }
    }
    return Subsequence.ofIndices(kept.stream().mapToInt(Integer::intValue).toArray());
  }
}

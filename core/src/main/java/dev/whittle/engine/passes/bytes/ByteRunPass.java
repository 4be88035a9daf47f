package dev.whittle.engine.passes.bytes;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;

/**
 * Deletes runs of 2 to {@link #MAX_RUN} consecutive bytes, longest first, until none of those
 * deletions is interesting. A 1-minimal input can still hold a small group of bytes that only go
 * together, such as a parameter {@code ;e=}: without {@code =} it is malformed, without {@code e}
 * nameless, without {@code ;} part of the value. About {@code MAX_RUN} questions per byte, so it
 * runs on the small inputs the algorithm leaves, and stops after {@link #questionLimit}.
 */
final class ByteRunPass implements Pass<byte[]> {
  /**
   * The longest run deleted at once. Longer runs cost a question per byte each and rarely find
   * anything the line and length-field passes did not.
   */
  static final int MAX_RUN = 4;

  @Override
  public String name() {
    return "byte-runs";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 10_000L + 16L * size;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    byte[] best = current;
    long questionsLeft = questionLimit(current.length);
    for (int run = MAX_RUN; run >= 2; run--) {
      int at = 0;
      while (at + run <= best.length && questionsLeft > 0) {
        questionsLeft--;
        byte[] candidate = ByteArrays.without(best, at, at + run);
        if (tester.isInteresting(candidate)) {
          best = candidate; // and try the bytes that moved into place at the same position
        } else {
          // Deleting the run one byte on is the same content while the byte that would come back
          // in equals the one that would go: in a run such as {{{{ it would only be asked again.
          at++;
          while (at + run <= best.length && best[at - 1] == best[at - 1 + run]) {
            at++;
          }
        }
      }
    }
    return best;
  }
}

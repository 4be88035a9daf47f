package dev.whittle.engine.passes.bytes;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Deletes one copy of a chunk that stands twice in a row ({@code ABCABC} becomes {@code ABC}): a
 * record, a line or a block a fuzzer duplicated with its copy-part mutations. Deletion could remove
 * the copy too, but only if its chunks happen to line up with it; here each repetition costs one
 * question.
 *
 * <p>It finds repetitions through the nearest earlier occurrence of each {@link #MIN_CHUNK}-byte
 * window (no question asked for that), for chunks of {@code MIN_CHUNK} to {@link #MAX_CHUNK} bytes,
 * and skips chunks of a single repeated byte (zero padding), whose copies the other passes delete
 * more cheaply. It stops after {@link #questionLimit} questions.
 */
final class DuplicateChunkPass implements Pass<byte[]> {
  static final int MIN_CHUNK = 4;
  static final int MAX_CHUNK = 4096;

  @Override
  public String name() {
    return "duplicate-chunks";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 64L + size / 4;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    byte[] best = current;
    long left = questionLimit(current.length);
    int at = 0;
    while (left > 0) {
      int[] square = nextSquare(best, at);
      if (square == null) {
        break;
      }
      left--;
      byte[] candidate = ByteArrays.without(best, square[0], square[0] + square[1]);
      if (tester.isInteresting(candidate)) {
        best = candidate;
        at = square[0];
      } else {
        at = square[0] + 1;
      }
    }
    return best;
  }

  /**
   * The first {@code {start, length}} at or after {@code from} such that {@code data[start, start +
   * length)} equals the {@code length} bytes after it, with the smallest such length at each start;
   * null when there is none.
   */
  static int[] nextSquare(byte[] data, int from) {
    Map<Integer, Integer> last = new HashMap<>();
    int[] found = null;
    for (int j = data.length - MIN_CHUNK; j >= from; j--) {
      int key = window(data, j);
      Integer later = last.get(key);
      last.put(key, j);
      if (later == null) {
        continue;
      }
      int length = later - j;
      if (length >= MIN_CHUNK
          && length <= MAX_CHUNK
          && later + length <= data.length
          && Arrays.equals(data, j, later, data, later, later + length)
          && !constant(data, j, later)) {
        found = new int[] {j, length};
      }
    }
    return found;
  }

  private static int window(byte[] data, int at) {
    return (data[at] & 0xFF) << 24
        | (data[at + 1] & 0xFF) << 16
        | (data[at + 2] & 0xFF) << 8
        | (data[at + 3] & 0xFF);
  }

  private static boolean constant(byte[] data, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      if (data[i] != data[from]) {
        return false;
      }
    }
    return true;
  }
}

package dev.whittle.engine.passes.fields;

import java.util.HashSet;
import java.util.Set;

/**
 * Remembers which deletions of a span were asked about on one content, so that a pass proposing the
 * same result again by another span can tell before it builds and asks about a copy: deleting
 * {@code [from, to)} gives what deleting {@code [from + 1, to + 1)} gives when {@code data[from] ==
 * data[to]}, so each span stands for the one it can move right to. Forgets everything when the
 * content changes. Not thread-safe.
 */
final class AskedDeletions {
  /**
   * How far a span that is not inside one run of equal bytes is moved right: bounded so that a long
   * repeat does not make each question cost its length. A span left short of its place only misses
   * being recognised; two spans never share a key unless their deletions give the same content.
   */
  static final int MAX_SHIFT = 64;

  private final Set<Long> spans = new HashSet<>();
  private byte[] content;

  /** Where the run of equal bytes through each position ends (exclusive), for {@link #content}. */
  private int[] runEnds;

  /**
   * Whether deleting {@code [from, to)} from {@code data} gives a content already noted for the
   * same {@code data} (the same array); notes it if not.
   */
  boolean isRepeat(byte[] data, int from, int to) {
    if (data != content) {
      spans.clear();
      content = data;
      runEnds = null;
    }
    return !spans.add(key(data, from, to));
  }

  /** The span that {@code [from, to)} moves right to, as one number. */
  private long key(byte[] data, int from, int to) {
    int runEnd = runEnds(data)[from];
    if (to <= runEnd) {
      // Inside one run of equal bytes: it moves to the run's end, and no further (the byte there
      // differs from the run's).
      return span(runEnd - (to - from), runEnd);
    }
    int shift = 0;
    while (shift < MAX_SHIFT && to < data.length && data[from] == data[to]) {
      from++;
      to++;
      shift++;
    }
    return span(from, to);
  }

  private int[] runEnds(byte[] data) {
    if (runEnds == null) {
      runEnds = new int[data.length];
      for (int i = data.length - 1; i >= 0; i--) {
        runEnds[i] = i + 1 < data.length && data[i + 1] == data[i] ? runEnds[i + 1] : i + 1;
      }
    }
    return runEnds;
  }

  private static long span(int from, int to) {
    return ((long) from << 32) | to;
  }
}

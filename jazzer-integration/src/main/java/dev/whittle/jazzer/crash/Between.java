package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.primitives.Bytes;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The inputs between a smaller input and a larger one it was reduced from: the smaller one's bytes
 * sit in the larger one in order, with gaps where the reduction deleted, and {@link #at} puts back
 * a fraction of every gap.
 *
 * <p>A gap before the first kept byte gives back its end, every other gap its start, so the bytes
 * put back are those next to what was kept: on a window of the larger input (what trimming a
 * document around its trigger leaves) the window widens on both sides. Between the reduction's
 * improvement that no fresh JVM reproduces and the next larger that does lie many smaller inputs; a
 * stack overflow's depth grows with the fraction put back, so a few bisection steps over the
 * fraction find one near the edge.
 */
final class Between {
  /** Bisection steps over the fraction: the gaps' size is known to within a sixteenth. */
  static final int STEPS = 4;

  private final byte[] outer;
  private final List<int[]> gaps;

  private Between(byte[] outer, List<int[]> gaps) {
    this.outer = outer;
    this.gaps = gaps;
  }

  /**
   * The inputs between {@code inner} and {@code outer}, or empty when {@code inner}'s bytes are not
   * in {@code outer} in order. A contiguous occurrence is preferred to the leftmost alignment,
   * which on a window would spread the gaps over the window's own bytes.
   */
  static Optional<Between> of(byte[] inner, byte[] outer) {
    checkNotNull(inner, "inner");
    checkNotNull(outer, "outer");
    checkArgument(inner.length < outer.length, "inner is not smaller than outer");
    List<int[]> gaps = new ArrayList<>();
    int start = Bytes.indexOf(outer, inner);
    if (start >= 0) {
      addGap(gaps, 0, start);
      addGap(gaps, start + inner.length, outer.length - start - inner.length);
      return Optional.of(new Between(outer, gaps));
    }
    int at = 0;
    for (byte kept : inner) {
      int from = at;
      while (at < outer.length && outer[at] != kept) {
        at++;
      }
      if (at == outer.length) {
        return Optional.empty();
      }
      addGap(gaps, from, at - from);
      at++;
    }
    addGap(gaps, at, outer.length - at);
    return Optional.of(new Between(outer, gaps));
  }

  private static void addGap(List<int[]> gaps, int from, int length) {
    if (length > 0) {
      gaps.add(new int[] {from, length});
    }
  }

  /**
   * The input with {@code fraction} of every gap put back (rounded up, so any fraction above 0 puts
   * back at least one byte of each gap): 0 gives the smaller input, 1 the larger.
   */
  byte[] at(double fraction) {
    checkArgument(fraction >= 0 && fraction <= 1, "fraction %s is not in [0, 1]", fraction);
    ByteArrayOutputStream out = new ByteArrayOutputStream(outer.length);
    int next = 0;
    for (int[] gap : gaps) {
      int from = gap[0];
      int length = gap[1];
      out.write(outer, next, from - next);
      int back = (int) Math.ceil(fraction * length);
      if (from == 0) {
        out.write(outer, from + length - back, back);
      } else {
        out.write(outer, from, back);
      }
      next = from + length;
    }
    out.write(outer, next, outer.length - next);
    return out.toByteArray();
  }
}

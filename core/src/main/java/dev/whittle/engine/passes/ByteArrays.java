package dev.whittle.engine.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/** The array operations the byte-level passes share. */
@API(status = INTERNAL, since = "0.1")
public final class ByteArrays {
  private ByteArrays() {}

  /** A copy of {@code data} without the bytes from {@code from} (inclusive) to {@code to}. */
  public static byte[] without(byte[] data, int from, int to) {
    byte[] out = new byte[data.length - (to - from)];
    System.arraycopy(data, 0, out, 0, from);
    System.arraycopy(data, to, out, from, data.length - to);
    return out;
  }

  /**
   * The well-founded order every byte pass descends: shorter is simpler, and at equal length the
   * array that is smaller at the first differing byte (unsigned). A pass that only proposes
   * candidates simpler than its input cannot make the reduction cycle, whatever the other passes
   * do, since this order has no infinite descending chain.
   */
  public static boolean isSimpler(byte[] candidate, byte[] current) {
    if (candidate.length != current.length) {
      return candidate.length < current.length;
    }
    return Arrays.compareUnsigned(candidate, current) < 0;
  }

  /**
   * Whether {@code data} looks binary: a NUL, or at least one byte in eight outside printable
   * ASCII, tab and line breaks. Passes that rewrite binary fields skip other inputs without asking.
   */
  public static boolean looksBinary(byte[] data) {
    int other = 0;
    for (byte b : data) {
      int c = b & 0xFF;
      if (c == 0) {
        return true;
      }
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c > 0x7E) {
        other++;
      }
    }
    return other > 0 && other * 8 >= data.length;
  }

  /** The one of {@code fillers} that {@code data} holds most of, the first on a tie. */
  public static byte dominant(byte[] data, byte[] fillers) {
    byte best = fillers[0];
    long bestCount = -1;
    for (byte filler : fillers) {
      long count = 0;
      for (byte b : data) {
        count += b == filler ? 1 : 0;
      }
      if (count > bestCount) {
        best = filler;
        bestCount = count;
      }
    }
    return best;
  }
}

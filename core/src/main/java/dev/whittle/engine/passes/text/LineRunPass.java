package dev.whittle.engine.passes.text;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Deletes runs of whole lines: every run of up to {@link #MAX_RUN} consecutive lines, longest runs
 * first, until no such deletion is interesting. A byte-level sweep leaves text formats 1-minimal
 * but often wrapped in a structure it cannot take off a byte at a time: a multipart envelope around
 * the one part that matters, a header block whose lines each need the others. Deleting the
 * wrapper's lines together does what no single deletion can. A line ends after {@code \n}; input
 * without newlines is one line, and nothing is asked.
 */
final class LineRunPass implements Pass<byte[]> {
  /** The longest run of lines deleted at once. */
  static final int MAX_RUN = 8;

  /** The longest run of lines kept alone. */
  static final int MAX_KEPT = 64;

  @Override
  public String name() {
    return "line-runs";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 10_000L + 64L * size;
  }

  /**
   * Whether at least {@value #TEXT_SHARE_PERCENT} % of the bytes are printable ASCII, tab, line
   * ends, or above {@code 0x7f} (UTF-8 and Latin-1 text).
   */
  static boolean looksLikeText(byte[] data) {
    long texty = 0;
    for (byte b : data) {
      int c = b & 0xFF;
      texty += (c >= 0x20 && c != 0x7F) || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
    }
    return texty * 100 >= (long) TEXT_SHARE_PERCENT * data.length;
  }

  static final int TEXT_SHARE_PERCENT = 95;

  @Override
  public boolean appliesTo(byte[] content) {
    return looksLikeText(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!looksLikeText(current)) {
      return current;
    }
    byte[] best = current;
    long questionsLeft = questionLimit(current.length);
    boolean changed = true;
    while (changed && questionsLeft > 0) {
      changed = false;
      List<Integer> starts = lineStarts(best);
      int lines = starts.size() - 1;
      for (int kept = 1; kept <= Math.min(MAX_KEPT, lines - 1) && !changed; kept++) {
        for (int first = 0; first + kept <= lines && questionsLeft > 0; first++) {
          questionsLeft--;
          byte[] candidate = Arrays.copyOfRange(best, starts.get(first), starts.get(first + kept));
          if (tester.isInteresting(candidate)) {
            best = candidate;
            changed = true; // the lines moved: start again with the new ones
            break;
          }
        }
      }
      for (int run = Math.min(MAX_RUN, lines - 1); run >= 1 && !changed; run--) {
        for (int first = 0; first + run <= lines && questionsLeft > 0; first++) {
          questionsLeft--;
          byte[] candidate = ByteArrays.without(best, starts.get(first), starts.get(first + run));
          if (tester.isInteresting(candidate)) {
            best = candidate;
            changed = true;
            break;
          }
        }
      }
    }
    return best;
  }

  /** Where each line starts, and the input's length last. */
  static List<Integer> lineStarts(byte[] data) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < data.length; i++) {
      if (data[i] == '\n' && i + 1 < data.length) {
        starts.add(i + 1);
      }
    }
    starts.add(data.length);
    return starts;
  }
}

package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;
import java.util.Optional;

/**
 * Decides what a reduction writes at its end: its result, if the test command still calls it
 * interesting on every re-check; otherwise the smallest of the latest improvements that is, or else
 * INPUT, which passed the same check before the search.
 *
 * <p>It keeps the latest improvements to fall back on, as many as fit in {@link #MAX_KEPT} and in
 * the input's size again (at least {@link #MIN_BYTES_KEPT}), so that a large input never costs more
 * than twice its size.
 */
final class ResultCheck {
  static final int MAX_KEPT = 16;
  static final long MIN_BYTES_KEPT = 1 << 20;

  private final RepeatedCheck check;
  private final byte[] original;
  private final long maxBytesKept;
  private final Deque<byte[]> improvements = new ArrayDeque<>();
  private long bytesKept;

  ResultCheck(RepeatedCheck check, byte[] original) {
    this.check = checkNotNull(check, "check");
    this.original = checkNotNull(original, "original");
    this.maxBytesKept = Math.max(MIN_BYTES_KEPT, original.length);
  }

  /** Notes an improvement of the search, the latest and smallest so far. */
  synchronized void improved(byte[] content) {
    // A copy: with bytes as items, the content is the engine's own array.
    improvements.addLast(content.clone());
    bytesKept += content.length;
    while (improvements.size() > MAX_KEPT
        || (bytesKept > maxBytesKept && improvements.size() > 1)) {
      bytesKept -= improvements.removeFirst().length;
    }
  }

  /** Re-checks {@code result} and, if it fails, the improvements before it, smallest first. */
  synchronized Verdict verify(byte[] result) {
    if (Arrays.equals(result, original)) {
      return new Verdict(original, true, Optional.empty());
    }
    RepeatedCheck.Tally tally = check.check(result, true);
    if (tally.allInteresting()) {
      return new Verdict(result, true, Optional.empty());
    }
    if (tally.interrupted()) {
      return new Verdict(result, false, Optional.empty());
    }
    Iterator<byte[]> smallestFirst = improvements.descendingIterator();
    while (smallestFirst.hasNext()) {
      byte[] earlier = smallestFirst.next();
      if (!Arrays.equals(earlier, result)) {
        RepeatedCheck.Tally earlierTally = check.check(earlier, true);
        if (earlierTally.allInteresting()) {
          return new Verdict(earlier, false, Optional.of(tally));
        }
        if (earlierTally.interrupted()) {
          break;
        }
      }
    }
    return new Verdict(original, false, Optional.of(tally));
  }

  /**
   * What to write.
   *
   * @param content the bytes to write
   * @param verified whether they are the search's result and it passed its re-check
   * @param failedRecheck how the result's re-check went when it failed; empty when it passed, or
   *     Ctrl-C ended it
   */
  record Verdict(byte[] content, boolean verified, Optional<RepeatedCheck.Tally> failedRecheck) {}
}

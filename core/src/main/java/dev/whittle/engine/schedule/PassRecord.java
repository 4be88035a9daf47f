package dev.whittle.engine.schedule;

/** What the scheduler knows of one pass: what it cost and what it removed or simplified. */
final class PassRecord {
  final int order;
  long calls;
  long gain;
  boolean ran;
  long lastGain;
  int sizeAtLastRun;
  boolean cutOff;
  long allowanceFactor = 1;

  /**
   * What the last turn of a {@link DeletionPass} returned, when it finished that turn; null for
   * other passes and for a turn cut off.
   */
  byte[] finished;

  PassRecord(int order) {
    this.order = order;
  }

  /**
   * Gain per run over all its turns; a pass not yet run ranks above every pass that ran (it has not
   * had its chance), and passes that cost nothing rank by gain alone.
   */
  double yield() {
    if (!ran) {
      return Double.POSITIVE_INFINITY;
    }
    return (double) gain / Math.max(1, calls);
  }

  /**
   * Whether a turn now is worth its questions. In a regular round: not when its last turn gained
   * nothing and the content has not at least halved since, because on nearly the same content it
   * would ask nearly the same questions. In a retry: only a pass cut off at its allowance without a
   * gain (not refuted, only stopped).
   */
  boolean deservesTurn(int size, boolean retry) {
    if (retry) {
      return cutOff && lastGain == 0;
    }
    return !ran || lastGain > 0 || size <= sizeAtLastRun / 2;
  }

  /**
   * Whether {@code content} is what this deletion pass's last, finished turn returned with some
   * bytes deleted since (or that itself): the pass would find nothing it did not refute there.
   */
  boolean deletedAllFrom(Object content) {
    return finished != null && content instanceof byte[] bytes && isSubsequence(bytes, finished);
  }

  /** Whether {@code small} is {@code large} with some bytes left out (greedy matching is exact). */
  static boolean isSubsequence(byte[] small, byte[] large) {
    if (small.length > large.length) {
      return false;
    }
    int at = 0;
    for (int i = 0; i < large.length && at < small.length; i++) {
      if (large[i] == small[at]) {
        at++;
      }
    }
    return at == small.length;
  }

  /**
   * A pass cut off at its allowance gets twice that the next turn (up to {@link #MAX_FACTOR} times
   * the base), so that one whose first find lies a little past the base allowance still gets there,
   * at most doubling what it cost so far.
   */
  static final long MAX_FACTOR = 64;

  void record(long turnCalls, long turnGain, int sizeBefore, boolean wasCutOff) {
    cutOff = wasCutOff;
    if (wasCutOff && turnGain == 0) {
      allowanceFactor = Math.min(MAX_FACTOR, allowanceFactor * 2);
    }
    ran = true;
    calls += turnCalls;
    gain += turnGain;
    lastGain = turnGain;
    sizeAtLastRun = sizeBefore;
  }
}

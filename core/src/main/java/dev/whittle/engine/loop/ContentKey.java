package dev.whittle.engine.loop;

/**
 * A compact identity for a candidate's content: two independent 61-bit polynomial hashes and the
 * length. Two different contents share a key with probability below 2^-80 for inputs up to a
 * gigabyte, so the cache never needs the content itself.
 *
 * <p>{@code equals} and {@code hashCode} are written out: a record's generated ones link through
 * {@code ObjectMethods} on their first call, spinning dozens of method-handle classes, and every
 * reduction calls these first, which a short command's start-up would pay.
 */
record ContentKey(long first, long second, int length) {
  @Override
  public boolean equals(Object other) {
    return other instanceof ContentKey key
        && first == key.first
        && second == key.second
        && length == key.length;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Long.hashCode(first) + Long.hashCode(second)) + length;
  }
}

package dev.whittle.engine.loop;

/**
 * A compact identity for a candidate's content: two independent 61-bit polynomial hashes and the
 * length. Two different contents share a key with probability below 2^-80 for inputs up to a
 * gigabyte, so the cache never needs the content itself.
 */
record ContentKey(long first, long second, int length) {}

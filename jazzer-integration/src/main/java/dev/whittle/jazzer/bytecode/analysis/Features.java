package dev.whittle.jazzer.bytecode.analysis;

import static com.google.common.base.Preconditions.checkArgument;
import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A feature is an edge (a probe of a class) with the bucket of its hit count, as libFuzzer defines
 * them: 1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128 and more. Encoded in a {@code long}: the class's
 * {@link EdgeNames} number, the probe index (24 bits) and the bucket (3 bits), so that sorted
 * arrays of features are sets and equal edges sort together.
 */
@API(status = INTERNAL, since = "0.1")
public final class Features {
  static final int PROBE_BITS = 24;
  public static final int BUCKET_BITS = 3;

  private static final String[] RANGES = {"1", "2", "3", "4-7", "8-15", "16-31", "32-127", "128+"};

  private Features() {}

  public static long feature(int classId, int probe, int bucket) {
    checkArgument(probe >= 0 && probe < (1 << PROBE_BITS), "probe index out of range: %s", probe);
    checkArgument(bucket >= 0 && bucket < 8, "bucket out of range: %s", bucket);
    return ((long) classId << (PROBE_BITS + BUCKET_BITS)) | ((long) probe << BUCKET_BITS) | bucket;
  }

  /**
   * libFuzzer's bucket of a hit count, 0 to 7; counts beyond {@code int} (negative after wrapping)
   * are in the last.
   */
  public static int bucket(int count) {
    checkArgument(count != 0, "a count of 0 is no feature");
    if (count < 0 || count >= 128) {
      return 7;
    }
    if (count >= 32) {
      return 6;
    }
    if (count >= 16) {
      return 5;
    }
    if (count >= 8) {
      return 4;
    }
    if (count >= 4) {
      return 3;
    }
    return count - 1;
  }

  public static int classId(long feature) {
    return (int) (feature >>> (PROBE_BITS + BUCKET_BITS));
  }

  public static int probe(long feature) {
    return (int) ((feature >>> BUCKET_BITS) & ((1 << PROBE_BITS) - 1));
  }

  /** The bucket, 0 to 7 (0 for every plain edge). */
  public static int bucketOf(long feature) {
    return (int) (feature & 7);
  }

  /** The hit counts bucket {@code bucket} stands for, as libFuzzer writes them. */
  public static String bucketRange(int bucket) {
    return RANGES[bucket];
  }
}

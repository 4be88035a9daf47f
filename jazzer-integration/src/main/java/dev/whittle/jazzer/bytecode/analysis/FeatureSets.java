package dev.whittle.jazzer.bytecode.analysis;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import java.util.Arrays;
import org.apiguardian.api.API;

/** Set operations on sorted arrays of distinct features, as {@link ProbeCounters} makes them. */
@API(status = INTERNAL, since = "0.1")
public final class FeatureSets {
  private FeatureSets() {}

  public static long[] intersection(long[] a, long[] b) {
    long[] out = new long[Math.min(a.length, b.length)];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) {
        i++;
      } else if (a[i] > b[j]) {
        j++;
      } else {
        out[n++] = a[i];
        i++;
        j++;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** The features of {@code a} that {@code b} lacks. */
  public static long[] difference(long[] a, long[] b) {
    long[] out = new long[a.length];
    int j = 0;
    int n = 0;
    for (long feature : a) {
      while (j < b.length && b[j] < feature) {
        j++;
      }
      if (j >= b.length || b[j] != feature) {
        out[n++] = feature;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** Whether {@code all} has every feature of {@code some}. */
  public static boolean containsAll(long[] all, long[] some) {
    return difference(some, all).length == 0;
  }
}

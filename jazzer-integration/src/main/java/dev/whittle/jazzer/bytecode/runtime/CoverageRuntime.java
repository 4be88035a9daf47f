package dev.whittle.jazzer.bytecode.runtime;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.bytecode.instrumentation.CoverageInstrumenter;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.apiguardian.api.API;

/**
 * The tiny runtime that instrumented classes call ({@link CoverageInstrumenter}): it hands a class
 * its array of probe counters, held by the {@link ProbeCounters} of the loader that defined it, so
 * that every loader (every job, every fresh target) counts apart. Public only because instrumented
 * target classes, in loaders of their own, call it; the target loader resolves this class to
 * Whittle's own, whatever the target's class path holds.
 */
@API(status = INTERNAL, since = "0.1")
public final class CoverageRuntime {
  private CoverageRuntime() {}

  /**
   * The probe counters of {@code owner}, which has {@code probeCount} probes: the same array for
   * every call with the same class. A class defined by a loader without {@link ProbeCounters} (one
   * the target made itself) counts into an array nobody reads.
   */
  public static int[] probes(Class<?> owner, int probeCount) {
    ClassLoader loader = owner.getClassLoader();
    if (loader instanceof ProbeCounters.Owner counting) {
      return counting.probeCounters().forClass(owner.getName(), probeCount);
    }
    return new int[probeCount];
  }

  /**
   * {@link #probes} for an interface, which calls this at every probe: cached per class, as an
   * interface has no private static field to keep it in.
   */
  public static int[] interfaceProbes(Class<?> owner, int probeCount) {
    int[] cached = CACHE.get(owner);
    if (cached == null) {
      cached = probes(owner, probeCount);
      CACHE.put(owner, cached);
    }
    return cached;
  }

  /** Weak keys: a target's loader, and so its classes, must be collectable after its session. */
  private static final Map<Class<?>, int[]> CACHE =
      Collections.synchronizedMap(new WeakHashMap<>());
}

package dev.whittle.jazzer.bytecode.runtime;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.bytecode.analysis.Features;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apiguardian.api.API;

/**
 * The hit counters of every instrumented class one target loader defined: one {@code int} per
 * probe, incremented by the class's own code. The counters of one loader belong to one session,
 * which runs one input at a time, so a run's coverage is what the counters hold after it; {@link
 * #collect} reads and zeroes them in one pass, ready for the next run.
 *
 * <p>Thread-safe for registration; counting is racy by design (plain {@code int} increments, as in
 * libFuzzer's counters): a lost increment from a thread the target started can only move a count
 * into a neighbouring bucket.
 */
@API(status = INTERNAL, since = "0.1")
public final class ProbeCounters {
  /** A class loader whose instrumented classes count here. */
  @API(status = INTERNAL, since = "0.1")
  public interface Owner {
    ProbeCounters probeCounters();
  }

  private static final class ClassProbes {
    final String className;
    final int[] counters;

    /**
     * The class's number in the names last asked, kept because asking the names' map after every
     * run for every class with a hit costs more than the run of a small input.
     */
    private volatile ClassId lastId;

    ClassProbes(String className, int[] counters) {
      this.className = className;
      this.counters = counters;
    }

    int idIn(EdgeNames names) {
      ClassId id = lastId;
      if (id == null || id.names != names) {
        id = new ClassId(names, names.idOf(className));
        lastId = id;
      }
      return id.id;
    }
  }

  private record ClassId(EdgeNames names, int id) {}

  private final ConcurrentHashMap<String, ClassProbes> byName = new ConcurrentHashMap<>();

  /** The same classes in registration order, for collecting without touching the map. */
  private final List<ClassProbes> registered = new CopyOnWriteArrayList<>();

  /** How many features the last collection found: a hint, racy reads are harmless. */
  private int lastCollected;

  /** The array of {@code className}'s counters, made at its first use. */
  int[] forClass(String className, int probeCount) {
    checkNotNull(className, "className");
    checkArgument(probeCount >= 0, "probeCount must not be negative: %s", probeCount);
    ClassProbes probes =
        byName.computeIfAbsent(
            className,
            name -> {
              ClassProbes made = new ClassProbes(name, new int[probeCount]);
              registered.add(made);
              return made;
            });
    return probes.counters;
  }

  /** Zeroes every counter, such as those a class initializer or a previous run left. */
  public void reset() {
    for (ClassProbes probes : registered) {
      Arrays.fill(probes.counters, 0);
    }
  }

  /**
   * The features the counters show, as {@link Features} encodes them (hit-count buckets, or plain
   * edges without {@code hitCounts}), sorted, and zeroes the counters.
   */
  public long[] collect(EdgeNames names, boolean hitCounts) {
    // As many as last time, so that the array seldom grows while a run's features are read.
    long[] found = new long[Math.max(64, lastCollected)];
    int size = 0;
    for (ClassProbes probes : registered) {
      int[] counters = probes.counters;
      int classId = -1;
      for (int probe = 0; probe < counters.length; probe++) {
        int count = counters[probe];
        if (count == 0) {
          continue;
        }
        counters[probe] = 0;
        if (classId < 0) {
          classId = probes.idIn(names);
        }
        if (size == found.length) {
          found = Arrays.copyOf(found, size * 2);
        }
        found[size++] = Features.feature(classId, probe, hitCounts ? Features.bucket(count) : 0);
      }
    }
    lastCollected = size;
    long[] features = Arrays.copyOf(found, size);
    Arrays.sort(features);
    return features;
  }

  /** How many classes have registered counters. */
  public int classes() {
    return registered.size();
  }

  /** How many probes the registered classes have in all. */
  public int probes() {
    int total = 0;
    for (ClassProbes probes : registered) {
      total += probes.counters.length;
    }
    return total;
  }
}

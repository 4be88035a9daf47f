package dev.whittle.jazzer.bytecode.analysis;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apiguardian.api.API;

/**
 * Short numbers for class names inside one minimization, so that a feature fits in a {@code long}.
 * The number is only an encoding: an edge is identified by its class name and its probe index in
 * the class, which {@link #describe} gives back, so coverage is comparable across runs, jobs (each
 * with loaders of their own sharing one {@code EdgeNames}) and processes. Thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class EdgeNames {
  private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
  private final List<String> names = new CopyOnWriteArrayList<>();

  /** The number of {@code className}, given at its first use. */
  public int idOf(String className) {
    checkNotNull(className, "className");
    Integer id = ids.get(className);
    if (id != null) {
      return id;
    }
    synchronized (this) {
      return ids.computeIfAbsent(
          className,
          name -> {
            names.add(name);
            return names.size() - 1;
          });
    }
  }

  public String className(int id) {
    checkArgument(id >= 0 && id < names.size(), "no class with number %s", id);
    return names.get(id);
  }

  /** {@code feature} as {@code com.example.Parser#12} (plain edge) or with {@code /hits 4-7}. */
  public String describe(long feature) {
    String edge = className(Features.classId(feature)) + "#" + Features.probe(feature);
    int bucket = Features.bucketOf(feature);
    return bucket == 0 ? edge : edge + "/hits " + Features.bucketRange(bucket);
  }
}

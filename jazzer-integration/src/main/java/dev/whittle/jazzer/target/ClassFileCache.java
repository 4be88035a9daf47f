package dev.whittle.jazzer.target;

import static com.google.common.base.Preconditions.checkNotNull;

import java.net.URL;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Manifest;

/**
 * The class files the {@link TargetClassLoader}s of one runner define, as read from the class path
 * and rewritten: with a fresh target per run every run's loader defines the same classes from the
 * same class path through the same rewriters, so each class file is read (opening and inflating its
 * jar) and rewritten once per runner instead of once per run. Only the bytes are shared: each
 * loader still defines, links, verifies and initializes its own classes, so every run's target
 * starts from fresh static state and runs as cold as in a fresh JVM.
 *
 * <p>Also remembers the names the class path does not have (asked of it first by the child-first
 * loader, then of the parent) and the manifests of its jars ({@link ClassPackages}). Valid for one
 * class path and one list of rewriters: the runner's. Thread-safe: a target may load classes on
 * threads of its own; two threads that read the same class at once both rewrite it, to the same
 * bytes.
 */
final class ClassFileCache {
  /**
   * A class file ready to define.
   *
   * @param bytes the class file after the loader's rewriters; never modified
   * @param location the class path entry it was read from, its code source
   */
  record ClassFile(byte[] bytes, URL location) {
    ClassFile {
      checkNotNull(bytes, "bytes");
      checkNotNull(location, "location");
    }
  }

  /** How a loader reads and rewrites a class file the cache does not have yet. */
  @FunctionalInterface
  interface Reader {
    /**
     * @return the class file, or empty if the class path has no class {@code name}
     * @throws ClassNotFoundException if it could not be read (not remembered: the next loader tries
     *     again)
     */
    Optional<ClassFile> read(String name) throws ClassNotFoundException;
  }

  private final Map<String, Optional<ClassFile>> classes = new ConcurrentHashMap<>();
  private final Map<String, Optional<Manifest>> manifests = new ConcurrentHashMap<>();

  /** The class file named {@code name}, read by {@code reader} the first time it is asked for. */
  Optional<ClassFile> get(String name, Reader reader) throws ClassNotFoundException {
    Optional<ClassFile> cached = classes.get(name);
    if (cached != null) {
      return cached;
    }
    Optional<ClassFile> read = reader.read(name);
    Optional<ClassFile> raced = classes.putIfAbsent(name, read);
    return raced != null ? raced : read;
  }

  /** How many classes of the class path it holds. */
  int size() {
    return (int) classes.values().stream().filter(Optional::isPresent).count();
  }

  /** The manifests of the class path's jars by URL, for {@link ClassPackages}; empty for none. */
  Map<String, Optional<Manifest>> manifests() {
    return manifests;
  }
}

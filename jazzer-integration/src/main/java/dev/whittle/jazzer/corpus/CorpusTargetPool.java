package dev.whittle.jazzer.corpus;

import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Copies of the target with coverage probes, one per job, each in a class loader of its own; a run
 * borrows an idle one. A copy whose run timed out is replaced by a freshly loaded one: the
 * abandoned run may still be counting into its loader's counters. Thread-safe.
 */
final class CorpusTargetPool implements AutoCloseable {
  private final Supplier<CorpusTarget> loader;
  private final BlockingQueue<CorpusTarget> idle;
  private final List<CorpusTarget> all = new ArrayList<>();
  private final AtomicLong closedRuns = new AtomicLong();
  private final Set<String> closedRestored = ConcurrentHashMap.newKeySet();
  private final Set<String> closedLasting = ConcurrentHashMap.newKeySet();

  /** {@code jobs} copies from {@code loader}; closes those it loaded if one fails to load. */
  CorpusTargetPool(Supplier<CorpusTarget> loader, int jobs) {
    this.loader = loader;
    this.idle = new ArrayBlockingQueue<>(jobs);
    try {
      for (int job = 0; job < jobs; job++) {
        CorpusTarget target = loader.get();
        synchronized (all) {
          all.add(target);
        }
        idle.add(target);
      }
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /**
   * Runs {@code input} once on an idle copy. Null when the calling thread is interrupted, whose
   * runs end at once and show nothing.
   */
  CoverageRun run(byte[] input) {
    CorpusTarget target;
    try {
      target = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    CorpusTarget giveBack = target;
    try {
      CoverageRun run = target.run(input);
      if (Thread.currentThread().isInterrupted()) {
        return null;
      }
      if (run.timedOut()) {
        giveBack = replace(target);
      }
      return run;
    } finally {
      idle.add(giveBack);
    }
  }

  /**
   * Lends an idle copy to {@code use}, for recording a {@code FuzzedDataProvider} target's calls.
   */
  <T> T withTarget(Function<CorpusTarget, T> use) {
    CorpusTarget target;
    try {
      target = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    try {
      return use.apply(target);
    } finally {
      idle.add(target);
    }
  }

  /** The passes that fit the target ({@link CorpusTarget#passes}). */
  List<Pass<byte[]>> passes() {
    CorpusTarget any;
    synchronized (all) {
      any = all.get(0);
    }
    return any.passes(this);
  }

  /** The oracle for shrinking {@code original} ({@link CorpusTarget#restrict}). */
  Oracle<byte[]> restrict(byte[] original, Oracle<byte[]> oracle) {
    CorpusTarget any;
    synchronized (all) {
      any = all.get(0);
    }
    return any.restrict(original, oracle);
  }

  private CorpusTarget replace(CorpusTarget hung) {
    CorpusTarget fresh = loader.get();
    synchronized (all) {
      all.set(all.indexOf(hung), fresh);
    }
    closedRuns.addAndGet(hung.runs());
    hung.addMovedGlobals(closedRestored, closedLasting);
    hung.close();
    return fresh;
  }

  /**
   * The warning for what the runs of every copy so far changed of the JVM's global state ({@link
   * CorpusTarget#movedGlobalsWarning}), or empty if they changed nothing.
   */
  Optional<String> movedGlobalsWarning() {
    Set<String> restored = new TreeSet<>(closedRestored);
    Set<String> lasting = new TreeSet<>(closedLasting);
    synchronized (all) {
      for (CorpusTarget target : all) {
        target.addMovedGlobals(restored, lasting);
      }
    }
    return CorpusTarget.movedGlobalsWarning(restored, lasting);
  }

  /** Runs of the target in every copy so far. */
  long runs() {
    long runs = closedRuns.get();
    synchronized (all) {
      for (CorpusTarget target : all) {
        runs += target.runs();
      }
    }
    return runs;
  }

  @Override
  public void close() {
    synchronized (all) {
      for (CorpusTarget target : all) {
        target.close();
      }
    }
  }
}

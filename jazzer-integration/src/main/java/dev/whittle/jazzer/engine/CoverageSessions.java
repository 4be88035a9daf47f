package dev.whittle.jazzer.engine;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.coverage.EdgeNames;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.target.TargetSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Target sessions with coverage probes, one per job, each in a class loader of its own; a run
 * borrows an idle one. A session whose run timed out is replaced by a freshly loaded one: the
 * abandoned run may still be counting into its loader's counters. Thread-safe.
 */
final class CoverageSessions implements AutoCloseable {
  /**
   * A run's finding (null for none), stable-or-not features and how long the target took; {@code
   * timedOut} for a hang.
   */
  record Run(Finding finding, long[] features, long nanos) {
    boolean timedOut() {
      return finding != null && finding.kind() == Finding.Kind.TIMEOUT;
    }
  }

  private final TargetSpec spec;
  private final Duration callTimeout;
  private final EdgeNames names;
  private final boolean hitCounts;
  private final BlockingQueue<TargetRunner> idle;
  private final List<TargetRunner> all = new ArrayList<>();
  private final AtomicLong closedRuns = new AtomicLong();
  private final AtomicLong reopened = new AtomicLong();

  CoverageSessions(
      TargetSpec spec, Duration callTimeout, int jobs, EdgeNames names, boolean hitCounts) {
    this.spec = spec;
    this.callTimeout = callTimeout;
    this.names = names;
    this.hitCounts = hitCounts;
    this.idle = new ArrayBlockingQueue<>(jobs);
    try {
      for (int job = 0; job < jobs; job++) {
        TargetRunner session = TargetRunner.open(spec, callTimeout, false);
        synchronized (all) {
          all.add(session);
        }
        idle.add(session);
      }
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /**
   * Runs {@code input} once on an idle session. Null when the calling thread is interrupted, whose
   * runs end at once and show nothing.
   */
  Run run(byte[] input) {
    TargetRunner session;
    try {
      session = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    TargetRunner giveBack = session;
    try {
      long start = System.nanoTime();
      TargetRunner.CoveredRun run = session.runWithCoverage(input, names, hitCounts);
      long nanos = System.nanoTime() - start;
      if (Thread.currentThread().isInterrupted()) {
        return null;
      }
      if (run.finding() != null && run.finding().kind() == Finding.Kind.TIMEOUT) {
        giveBack = replace(session);
      }
      return new Run(run.finding(), run.features(), nanos);
    } finally {
      idle.add(giveBack);
    }
  }

  /** Runs a session of its own, for recording a {@code FuzzedDataProvider} target's calls. */
  <T> T withSession(java.util.function.Function<TargetRunner, T> use) {
    TargetRunner session;
    try {
      session = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    try {
      return use.apply(session);
    } finally {
      idle.add(session);
    }
  }

  /** Any session, to learn the target's shape from; MUST NOT be run. */
  TargetRunner any() {
    synchronized (all) {
      return all.get(0);
    }
  }

  private TargetRunner replace(TargetRunner hung) {
    TargetRunner fresh = TargetRunner.open(spec, callTimeout, false);
    reopened.incrementAndGet();
    synchronized (all) {
      all.set(all.indexOf(hung), fresh);
    }
    closedRuns.addAndGet(hung.runs());
    hung.close();
    return fresh;
  }

  /** Runs of the target in every session so far. */
  long runs() {
    long runs = closedRuns.get();
    synchronized (all) {
      for (TargetRunner session : all) {
        runs += session.runs();
      }
    }
    return runs;
  }

  /** Sessions loaded afresh after a timeout. */
  long reopened() {
    return reopened.get();
  }

  @Override
  public void close() {
    synchronized (all) {
      for (TargetRunner session : all) {
        session.close();
      }
    }
  }
}

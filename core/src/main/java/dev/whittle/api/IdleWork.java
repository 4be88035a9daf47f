package dev.whittle.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Work for the jobs a reduction's questions leave idle. With several jobs ({@link
 * Reduction#withJobs}) the search often asks fewer questions at once than it has jobs: one
 * candidate whose answer decides the next. Each idle job then takes a task from here, and the
 * search waits for the tasks with its own questions, so that never more than the jobs run at once.
 * A command-line reduction re-checks its best result so far there, which it would otherwise
 * re-check after the search, one job's run after another.
 *
 * <p>{@link #next} MUST be thread-safe and MUST return at once. A task SHOULD take about as long as
 * one question, as the search waits for it; what it throws is ignored.
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface IdleWork {
  /** No work: idle jobs stay idle. */
  IdleWork NONE = () -> null;

  /** A task for one idle job now, or null when there is none. */
  Runnable next();
}

package dev.whittle.engine.sequence;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A tester that can say between two questions whether the reduction must end: the oracle loop
 * checks its deadline and interruption at every question, and a reducer that works long before its
 * next one (building the tree of a large input, setting up a level of it) asks here too, so that
 * the deadline holds to within one test run.
 */
@API(status = INTERNAL, since = "0.1")
public interface StopCheck {
  /**
   * @throws StopReduction if the deadline has passed or the thread was interrupted
   */
  void checkStop();

  /** {@link #checkStop} of {@code tester}, when it is a {@code StopCheck}; nothing otherwise. */
  static void check(Object tester) {
    if (tester instanceof StopCheck stopCheck) {
      stopCheck.checkStop();
    }
  }
}

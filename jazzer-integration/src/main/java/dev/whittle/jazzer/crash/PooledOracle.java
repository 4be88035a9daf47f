package dev.whittle.jazzer.crash;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A thread-safe oracle over several oracles, each with its own target runner (its own class loader,
 * static state and worker thread) or worker JVM: a call borrows an idle one and gives it back.
 */
final class PooledOracle implements Oracle<byte[]> {
  private final BlockingQueue<Oracle<byte[]>> idle;

  PooledOracle(List<? extends Oracle<byte[]>> oracles) {
    this.idle = new ArrayBlockingQueue<>(oracles.size(), false, oracles);
  }

  @Override
  public Outcome test(byte[] candidate) {
    Oracle<byte[]> oracle;
    try {
      oracle = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Outcome.UNRESOLVED;
    }
    try {
      return oracle.test(candidate);
    } finally {
      idle.add(oracle);
    }
  }
}

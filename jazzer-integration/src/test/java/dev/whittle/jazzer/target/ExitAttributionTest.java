package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.targets.OwnThreadExitTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Exits from a target's own threads, with several runners running at once (--jobs N). */
class ExitAttributionTest {
  @Test
  @Timeout(60)
  void anExitOnATargetsOwnThreadCountsForItsRunnerNotTheOneThatStartedARunLast() throws Exception {
    for (String name : OwnThreadExitTarget.LATCHES) {
      System.getProperties().put(name, new CountDownLatch(1));
    }
    TargetSpec spec =
        TargetSpec.of(OwnThreadExitTarget.class.getName(), TargetPaths.classPathUrls());
    ExecutorService callers = Executors.newFixedThreadPool(2);
    try (TargetRunner exiting = TargetRunner.open(spec, Duration.ofSeconds(30), false);
        TargetRunner waiting = TargetRunner.open(spec, Duration.ofSeconds(30), false)) {
      Future<Finding> exited = callers.submit(() -> exiting.run("X".getBytes(UTF_8)));
      // The waiting runner's run starts last, while the exiting one's is under way.
      assertTrue(latch(0).await(20, TimeUnit.SECONDS), "the exiting run never started");
      Future<Finding> waited = callers.submit(() -> waiting.run("W".getBytes(UTF_8)));

      assertEquals(Finding.exit(7), exited.get());
      assertNull(waited.get());
    } finally {
      callers.shutdownNow();
      for (String name : OwnThreadExitTarget.LATCHES) {
        System.getProperties().remove(name);
      }
    }
  }

  private static CountDownLatch latch(int index) {
    return (CountDownLatch) System.getProperties().get(OwnThreadExitTarget.LATCHES[index]);
  }
}

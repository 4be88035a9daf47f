package dev.whittle.jazzer.crash;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.targets.CrashOrExitTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.NoEntryTarget;
import dev.whittle.jazzer.targets.RecursionsTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A worker JVM keeps one target loaded and answers input after input as a fresh JVM would, through
 * the target's exits and hangs, and an input needs the same stack in every one of its runs. Each
 * test starts a JVM or two.
 */
class WorkerJvmTest {
  private static FreshJvmCheck check(Class<?> target, Duration runTimeout) {
    return new FreshJvmCheck(
        List.of(), target.getName(), TargetPaths.classPath(), List.of(), runTimeout, false);
  }

  @Test
  void answersInputAfterInputThroughTheTargetsExits() {
    try (WorkerJvm worker =
        check(CrashOrExitTarget.class, Duration.ofSeconds(10)).startWorker(1 << 20)) {
      Finding crash = worker.run("C".getBytes(ISO_8859_1));
      Finding exit = worker.run("E".getBytes(ISO_8859_1));
      Finding nothing = worker.run(new byte[0]);
      Finding again = worker.run("C".getBytes(ISO_8859_1));

      assertEquals(IllegalStateException.class.getName(), crash.exceptionClassName());
      assertEquals(Finding.Kind.EXIT, exit.kind(), exit.toString());
      assertEquals(5, exit.exitStatus());
      assertNull(nothing);
      assertTrue(again.hasSameIdentityAs(crash), again + " after the exit, as " + crash);
      assertEquals(4, worker.runs());
      assertEquals(1, worker.starts(), "the exit did not end the worker JVM");
    }
  }

  @Test
  void aHangIsATimeoutAndTheWorkerGoesOn() {
    try (WorkerJvm worker = check(HangTarget.class, Duration.ofMillis(500)).startWorker(1 << 20)) {
      Finding hang = worker.run("H".getBytes(ISO_8859_1));
      Finding crash = worker.run("X".getBytes(ISO_8859_1));

      assertEquals(Finding.Kind.TIMEOUT, hang.kind(), hang.toString());
      assertEquals(IllegalStateException.class.getName(), crash.exceptionClassName());
      assertEquals(1, worker.starts());
    }
  }

  @Test
  void theSameNestingOverflowsAtTheSameDepthInEveryRun() {
    try (WorkerJvm worker =
        check(RecursionsTarget.class, Duration.ofSeconds(10)).startWorker(256 << 10)) {
      int first = shallowestOverflow(worker);
      int second = shallowestOverflow(worker);
      int third = shallowestOverflow(worker);

      assertTrue(first > 10, "a real depth: " + first);
      assertEquals(first, second, "runs " + worker.runs());
      assertEquals(first, third, "runs " + worker.runs());
    }
  }

  @Test
  void aTargetThatDoesNotLoadIsAnErrorNamingIt() {
    try (WorkerJvm worker =
        check(NoEntryTarget.class, Duration.ofSeconds(10)).startWorker(1 << 20)) {
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> worker.run(new byte[0]));

      assertTrue(e.getMessage().contains(NoEntryTarget.class.getName()), e.getMessage());
    }
  }

  /** The fewest levels of {@code [[[...} that overflow, by bisection. */
  private static int shallowestOverflow(WorkerJvm worker) {
    int fits = 1;
    int overflows = 100_000;
    while (overflows - fits > 1) {
      int middle = (fits + overflows) >>> 1;
      Finding found = worker.run("[".repeat(middle).getBytes(ISO_8859_1));
      if (found != null && found.exceptionClassName().equals(StackOverflowError.class.getName())) {
        overflows = middle;
      } else {
        fits = middle;
      }
    }
    return overflows;
  }
}

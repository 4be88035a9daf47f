package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.targets.FailingInitTarget;
import dev.whittle.jazzer.targets.InitializedTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreshTargetTest {
  @TempDir Path dir;
  private Path log;

  @BeforeEach
  void logLifecycle() {
    log = dir.resolve("lifecycle.log");
    System.setProperty(InitializedTarget.LOG, log.toString());
  }

  @AfterEach
  void stopLogging() {
    System.clearProperty(InitializedTarget.LOG);
  }

  private static TargetOptions initialized() {
    return TargetOptions.of(
            FuzzTarget.onClassPath(InitializedTarget.class.getName(), TargetPaths.classPath()))
        .withTargetArgs(List.of("secret"));
  }

  @Test
  void openedAheadIsAnInitializedCopyThatHasRunNothing() throws Exception {
    try (FreshTarget fresh = FreshTarget.openingAhead(initialized());
        TargetRunner runner = fresh.take()) {
      assertNotNull(runner);
      assertEquals(0, runner.runs());
      assertEquals(List.of("initialized [secret]"), Files.readAllLines(log));
      Finding finding = runner.run("secret".getBytes(StandardCharsets.ISO_8859_1));
      assertNotNull(finding);
      assertEquals(IllegalStateException.class.getName(), finding.exceptionClassName());
    }
    assertEquals(List.of("initialized [secret]", "torn down"), Files.readAllLines(log));
  }

  @Test
  void aCopyNeverTakenIsTornDownOnceOpen() throws Exception {
    FreshTarget fresh = FreshTarget.openingAhead(initialized());
    fresh.close();
    long until = System.nanoTime() + 60_000_000_000L;
    while (!(Files.exists(log) && Files.readAllLines(log).contains("torn down"))
        && System.nanoTime() < until) {
      Thread.sleep(20);
    }
    assertEquals(List.of("initialized [secret]", "torn down"), Files.readAllLines(log));
  }

  @Test
  void aTargetThatCannotInitializeFailsWhenTakenAsItWouldOpenedThen() {
    TargetOptions failing =
        TargetOptions.of(
            FuzzTarget.onClassPath(FailingInitTarget.class.getName(), TargetPaths.classPath()));
    FuzzTargetLoadException ahead =
        assertThrows(FuzzTargetLoadException.class, () -> FreshTarget.openingAhead(failing).take());
    FuzzTargetLoadException onTake =
        assertThrows(
            FuzzTargetLoadException.class, () -> FreshTarget.openingOnTake(failing).take());
    assertEquals(onTake.getMessage(), ahead.getMessage());
  }

  @Test
  void opensAheadOnlyWithACoreToSpareOneJobAndACopyAllowed() {
    TargetOptions options = initialized();
    try (TargetRunner first = TargetRunner.open(options, false, 0)) {
      assertEquals(
          Runtime.getRuntime().availableProcessors() > 1 && !first.jazzerRuntimePresent(),
          FreshTarget.paysAhead(options, first));
      assertFalse(FreshTarget.paysAhead(options.withJobs(2), first));
    }
    assertTrue(Files.exists(log));
  }
}

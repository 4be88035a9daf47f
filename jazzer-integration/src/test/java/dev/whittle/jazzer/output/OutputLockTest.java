package dev.whittle.jazzer.output;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One run per output at a time; a killed run's lock file blocks no one. */
class OutputLockTest {
  @TempDir Path dir;

  @Test
  void aSecondLockOnTheSameOutputIsRefusedUntilTheFirstIsReleased() {
    Path output = dir.resolve("out");

    try (OutputLock first = OutputLock.acquire(output)) {
      OutputBusyException refused =
          assertThrows(
              OutputBusyException.class, () -> OutputLock.acquire(dir.resolve(".").resolve("out")));
      assertEquals(
          output.toAbsolutePath().normalize(), refused.output().toAbsolutePath().normalize());
      assertTrue(refused.getMessage().contains("another whittle run"), refused::getMessage);
    }
    try (OutputLock again = OutputLock.acquire(output)) {
      assertTrue(Files.exists(OutputLock.lockFile(output)));
    }
  }

  @Test
  void theLockFileGoesAtTheEndAndAMarkLeftOnAFileThatStayedBlocksNoOne() throws IOException {
    Path output = dir.resolve("out");
    Path lockFile = OutputLock.lockFile(output);

    try (OutputLock lock = OutputLock.acquire(output)) {
      assertTrue(Files.exists(lockFile));
    }
    assertFalse(Files.exists(lockFile));

    // As if a holder had marked the file and then failed to delete it.
    Files.writeString(lockFile, OutputLock.RELEASED, UTF_8);
    try (OutputLock lock = OutputLock.acquire(output)) {
      assertTrue(Files.exists(lockFile));
    }
  }
}

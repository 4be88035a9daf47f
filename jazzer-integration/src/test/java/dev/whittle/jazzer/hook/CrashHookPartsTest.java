package dev.whittle.jazzer.hook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.output.MinimizationOutputs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrashHookPartsTest {
  @TempDir Path dir;

  @Test
  void agentOptionsHaveDefaultsAndAPrefixMayHoldCommas() {
    assertEquals(
        new HookOptions(
            HookOptions.DEFAULT_BUDGET, HookOptions.DEFAULT_RUN_TIMEOUT, Optional.empty()),
        HookOptions.parse(null));
    assertEquals(
        new HookOptions(Duration.ofMinutes(1), Duration.ofMillis(500), Optional.of("a,b/")),
        HookOptions.parse("budget=1m,timeout=500,artifact_prefix=a,b/"));
    assertThrows(IllegalArgumentException.class, () -> HookOptions.parse("bugdet=1s"));
  }

  @Test
  void theLastArtifactPrefixWinsAsInLibFuzzer() {
    assertEquals("", JazzerRun.artifactPrefix(List.of("--target_class=X", "corpus")));
    assertEquals(
        "b/",
        JazzerRun.artifactPrefix(
            List.of("-artifact_prefix=a/", "--artifact_prefix=c/", "-artifact_prefix=b/")));
  }

  @Test
  void forkAndJobsAboveZeroMakeTheParentOfJobsTheLastFlagWinning() {
    assertTrue(JazzerRun.runsFuzzingJobs(List.of("-fork=2", "corpus")));
    assertTrue(JazzerRun.runsFuzzingJobs(List.of("-jobs=4")));
    assertFalse(JazzerRun.runsFuzzingJobs(List.of("-fork=2", "-fork=0")));
    assertFalse(JazzerRun.runsFuzzingJobs(List.of("--fork=2", "-runs=9", "-fork=x")));
    assertEquals(".", JazzerRun.reproducerPath(List.of("-artifact_prefix=a/")));
    assertEquals(
        "r", JazzerRun.reproducerPath(List.of("--reproducer_path=q", "--reproducer_path=r")));
  }

  @Test
  void aReproducersInputIsItsBase64ChunksJoined() throws Exception {
    Path reproducer =
        write(
            "Crash_x.java",
            ("public class Crash_x {\n    static final String base64Bytes = String.join(\"\","
                    + " \"QUJD\", \"REVG\");\n}\n")
                .getBytes(StandardCharsets.UTF_8));
    assertArrayEquals(
        "ABCDEF".getBytes(StandardCharsets.UTF_8),
        JazzerReproducers.input(reproducer).orElseThrow());
    assertEquals(
        Optional.empty(),
        JazzerReproducers.input(
            write("Crash_y.java", "class Crash_y {}".getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void onlyCrashFilesWrittenSinceTheSnapshotAndNamedAfterTheirContentCount() throws Exception {
    byte[] old = {1};
    byte[] fresh = {2};
    Path oldCrash = write("run-crash-" + MinimizationOutputs.sha1Hex(old), old);
    Files.setLastModifiedTime(oldCrash, FileTime.fromMillis(1_000_000));
    CrashFiles files = CrashFiles.snapshot(dir + "/run-");
    Path freshCrash = write("run-crash-" + MinimizationOutputs.sha1Hex(fresh), fresh);
    write("run-crash-" + "0".repeat(40), fresh); // Not libFuzzer's name for these bytes.
    write("crash-" + MinimizationOutputs.sha1Hex(old), old); // Another prefix.
    assertEquals(List.of(freshCrash), files.writtenSince());
    Files.setLastModifiedTime(oldCrash, FileTime.fromMillis(2_000_000)); // Found again.
    assertEquals(List.of(oldCrash, freshCrash), files.writtenSince());
  }

  private Path write(String name, byte[] content) throws Exception {
    return Files.write(dir.resolve(name), content);
  }
}

package dev.whittle.jazzer.output;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 17, item 5: a result whose place cannot be written goes elsewhere, or is named lost. */
class MinimizationOutputsTest {
  private static final MinimizationResult RESULT =
      CrashMinimizer.forTarget(BugTarget.class.getName(), TargetPaths.classPath())
          .minimize("xxBUGxx".getBytes(UTF_8));
  private static final String SHA1 = MinimizationOutputs.sha1Hex(RESULT.minimized());

  @TempDir Path dir;

  @Test
  void aBlockedPlaceSendsBothFilesToTheFirstFallbackThatTakesThem() throws IOException {
    Path crash = Files.writeString(dir.resolve("crash-1"), "xxBUGxx", UTF_8);
    Path blocked = Files.createDirectories(dir.resolve("minimized-" + SHA1).resolve("in-the-way"));
    Path notADirectory = Files.writeString(dir.resolve("a-file"), "x", UTF_8);
    Path fallback = dir.resolve("fallback");

    MinimizationOutputs.Written written =
        MinimizationOutputs.writeOrFallBack(
            crash,
            blocked.getParent(),
            RESULT,
            Duration.ofSeconds(1),
            List.of(notADirectory.resolve("sub"), fallback));

    assertEquals(fallback.resolve("minimized-" + SHA1), written.minimized());
    assertEquals(fallback.resolve("Crash_" + SHA1 + ".java"), written.reproducer());
    assertEquals("BUG", Files.readString(written.minimized(), UTF_8));
    assertTrue(Files.readString(written.reproducer(), UTF_8).contains("class Crash_" + SHA1));
    assertTrue(written.fallback().orElseThrow().contains("cannot write " + blocked.getParent()));
    assertFalse(Files.exists(dir.resolve("Crash_" + SHA1 + ".java")), "kept together");
  }

  @Test
  void whenNoPlaceTakesThemTheFailureNamesEveryPlaceTried() throws IOException {
    Path crash = Files.writeString(dir.resolve("crash-1"), "xxBUGxx", UTF_8);
    Path blocked = Files.createDirectories(dir.resolve("minimized-" + SHA1).resolve("in-the-way"));
    Path notADirectory = Files.writeString(dir.resolve("a-file"), "x", UTF_8);

    OutputWriteException e =
        assertThrows(
            OutputWriteException.class,
            () ->
                MinimizationOutputs.writeOrFallBack(
                    crash,
                    blocked.getParent(),
                    RESULT,
                    Duration.ofSeconds(1),
                    List.of(notADirectory.resolve("one"), notADirectory.resolve("two"))));

    assertTrue(e.getMessage().contains("cannot write " + blocked.getParent()), e.getMessage());
    assertTrue(e.getMessage().contains(notADirectory.resolve("one").toString()), e.getMessage());
    assertTrue(e.getMessage().contains(notADirectory.resolve("two").toString()), e.getMessage());
  }

  @Test
  void theFallbacksAreTheCurrentDirectoryThenTheTemporaryOne() {
    assertEquals(
        List.of(
            Path.of("").toAbsolutePath(),
            Path.of(System.getProperty("java.io.tmpdir"), "whittle-out").toAbsolutePath()),
        MinimizationOutputs.fallbackDirectories());
  }
}

package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.command.TestCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The re-check of a reduction's result, and what it falls back on when the result fails it. */
class ResultCheckTest {
  private static final byte[] INPUT = bytes("aaXaa");

  @TempDir Path dir;
  private TestCommand command;

  @BeforeEach
  void start() throws IOException {
    // Interesting when the candidate holds an X, unless a file "fail-CONTENT" exists.
    String script = "[ -e \"$0/fail-$(cat \"$1\")\" ] && exit 1; grep -q X \"$1\"";
    command =
        TestCommand.start(List.of("sh", "-c", script, dir.toString()), "in", Optional.empty());
  }

  @AfterEach
  void stop() throws IOException {
    command.close();
  }

  @Test
  void aResultThatPassesItsThreeRunsIsWritten() {
    RepeatedCheck check = new RepeatedCheck(command, 3, 1);
    ResultCheck resultCheck = new ResultCheck(check, INPUT);
    resultCheck.improved(bytes("X"));

    ResultCheck.Verdict verdict = resultCheck.verify(bytes("X"));

    assertTrue(verdict.verified());
    assertEquals("X", new String(verdict.content(), UTF_8));
    assertEquals(3, check.runsMade());
  }

  @Test
  void aResultThatFailsARecheckGivesWayToTheLatestImprovementThatPasses() throws IOException {
    RepeatedCheck check = new RepeatedCheck(command, 3, 1);
    ResultCheck resultCheck = new ResultCheck(check, INPUT);
    resultCheck.improved(bytes("Xa"));
    resultCheck.improved(bytes("X"));
    Files.createFile(dir.resolve("fail-X"));

    ResultCheck.Verdict verdict = resultCheck.verify(bytes("X"));

    assertFalse(verdict.verified());
    assertEquals("Xa", new String(verdict.content(), UTF_8));
    assertTrue(verdict.failedRecheck().isPresent());
    assertEquals(1, verdict.failedRecheck().get().runs(), "it stops at the first failed run");
    assertEquals(0, verdict.failedRecheck().get().interesting());
    assertEquals(4, check.runsMade(), "the failed run on X, then three on Xa");
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }
}

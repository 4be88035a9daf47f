package dev.whittle.engine.command;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalCommandOracleTest {
  private static final byte[] CANDIDATE = "candidate <b>".getBytes(UTF_8);

  @TempDir Path dir;

  @Test
  void exitStatusZeroIsInterestingAndAnyOtherIsNot() throws IOException {
    try (ExternalCommandOracle yes = oracle(List.of("true"), Optional.empty());
        ExternalCommandOracle no = oracle(List.of("sh", "-c", "exit 3", "sh"), Optional.empty())) {
      assertEquals(Outcome.INTERESTING, yes.test(CANDIDATE));
      assertEquals(Outcome.NOT_INTERESTING, no.test(CANDIDATE));
      assertEquals(new CommandRun.Exited(3), no.lastRun().orElseThrow());
    }
  }

  @Test
  void passesTheCandidateAsAFileWithTheInputsNameAsTheLastArgument() throws IOException {
    Path copy = dir.resolve("copy");
    Path argument = dir.resolve("argument");
    String script = "cp \"$2\" \"$0\"; printf %s \"$2\" > \"$1\"";

    try (ExternalCommandOracle oracle =
        oracle(
            List.of("sh", "-c", script, copy.toString(), argument.toString()), Optional.empty())) {
      assertEquals(Outcome.INTERESTING, oracle.test(CANDIDATE));
    }

    assertEquals(new String(CANDIDATE, UTF_8), Files.readString(copy));
    Path candidateFile = Path.of(Files.readString(argument));
    assertEquals("page.html", candidateFile.getFileName().toString());
    assertTrue(candidateFile.isAbsolute(), candidateFile::toString);
  }

  @Test
  void deletesItsTemporaryDirectoryWhenClosed() throws IOException {
    Path argument = dir.resolve("argument");
    String script = "printf %s \"$1\" > \"$0\"; touch \"$1.left-behind\"";

    try (ExternalCommandOracle oracle =
        oracle(List.of("sh", "-c", script, argument.toString()), Optional.empty())) {
      oracle.test(CANDIDATE);
      assertTrue(Files.exists(Path.of(Files.readString(argument))));
    }

    Path temporaryDirectory = Path.of(Files.readString(argument)).getParent();
    assertFalse(Files.exists(temporaryDirectory), temporaryDirectory::toString);
  }

  @Test
  void doesNotBlockOnALotOfOutputOrOnReadingStandardInput() throws IOException {
    String script = "head -c 5000000 /dev/zero; head -c 5000000 /dev/zero >&2; cat > /dev/null";
    try (ExternalCommandOracle oracle =
        oracle(List.of("sh", "-c", script, "sh"), Optional.of(Duration.ofSeconds(20)))) {
      assertEquals(Outcome.INTERESTING, oracle.test(CANDIDATE));
    }
  }

  @Test
  void killsACommandAndItsChildrenAfterTheTimeout() throws IOException, InterruptedException {
    Path pidFile = dir.resolve("child.pid");
    String script = "sleep 60 & echo $! > \"$0\"; wait";

    try (ExternalCommandOracle oracle =
        oracle(
            List.of("sh", "-c", script, pidFile.toString()), Optional.of(Duration.ofMillis(500)))) {
      assertEquals(Outcome.NOT_INTERESTING, oracle.test(CANDIDATE));
      assertInstanceOf(CommandRun.TimedOut.class, oracle.lastRun().orElseThrow());
    }

    // A sleep of a minute has ended only if it was killed.
    long childPid = Long.parseLong(Files.readString(pidFile).trim());
    assertTrue(Processes.endsWithin(childPid, Duration.ofSeconds(5)), "sleep " + childPid);
  }

  @Test
  void endsWhatARunLeftBehindInTheBackgroundWhenItExits() throws Exception {
    // A subshell in the background stays in the command's tree until the command exits; a setsid
    // one leaves its session and process group at once. Both outlive a command that just exits.
    Path pids = dir.resolve("pids");
    String script =
        "( sleep 300 ) & echo $! >> \"$0\"; setsid sleep 301 & echo $! >> \"$0\"; exit 0";

    try (ExternalCommandOracle oracle =
        oracle(List.of("sh", "-c", script, pids.toString()), Optional.empty())) {
      assertEquals(Outcome.INTERESTING, oracle.test(CANDIDATE));
      assertEquals(Outcome.INTERESTING, oracle.test(CANDIDATE));

      // Not only when the oracle closes: after each run.
      List<Long> left = Files.readAllLines(pids).stream().map(Long::parseLong).toList();
      assertEquals(4, left.size(), left::toString);
      for (long pid : left) {
        assertTrue(Processes.endsWithin(pid, Duration.ofSeconds(5)), "still running: " + pid);
      }
    }
  }

  @Test
  void endsWhatATimedOutRunLeftBehindOutsideItsTree() throws Exception {
    Path pids = dir.resolve("pids");
    // The inner shell ends at once: its sleep is no descendant of the command any more when the
    // timeout comes.
    String script = "sh -c 'setsid sleep 302 & echo $! >> \"$0\"' \"$0\"; sleep 60";

    try (ExternalCommandOracle oracle =
        oracle(List.of("sh", "-c", script, pids.toString()), Optional.of(Duration.ofMillis(500)))) {
      assertEquals(Outcome.NOT_INTERESTING, oracle.test(CANDIDATE));

      long pid = Long.parseLong(Files.readString(pids).trim());
      assertTrue(Processes.endsWithin(pid, Duration.ofSeconds(5)), "still running: " + pid);
    }
  }

  @Test
  void answersUnresolvedAndKeepsTheInterruptWhenInterrupted() throws IOException {
    try (ExternalCommandOracle oracle =
        oracle(List.of("sh", "-c", "sleep 60", "sh"), Optional.empty())) {
      Thread.currentThread().interrupt();
      try {
        assertEquals(Outcome.UNRESOLVED, oracle.test(CANDIDATE));
        assertTrue(Thread.currentThread().isInterrupted());
      } finally {
        Thread.interrupted();
      }
    }
  }

  @Test
  void namesACommandThatCannotBeStarted() throws IOException {
    try (ExternalCommandOracle oracle =
        oracle(List.of("whittle no such command"), Optional.empty())) {
      TestCommandNotStartableException e =
          assertThrows(TestCommandNotStartableException.class, () -> oracle.test(CANDIDATE));
      assertTrue(e.getMessage().contains("'whittle no such command'"), e::getMessage);
      assertTrue(e.getMessage().contains("without a shell"), e::getMessage);
    }
  }

  private static ExternalCommandOracle oracle(List<String> command, Optional<Duration> timeout)
      throws IOException {
    return ExternalCommandOracle.create(command, "page.html", timeout);
  }
}

package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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

/** The re-check of a reduction's result, with the runs idle jobs made on it during the search. */
class ResultCheckTest {
  private static final byte[] INPUT = bytes("aaXaa");

  @TempDir Path dir;
  private TestCommand command;
  private RepeatedCheck check;
  private ResultCheck resultCheck;

  @BeforeEach
  void start() throws IOException {
    // Interesting when the candidate holds an X, unless the file "fail" exists.
    String script = "[ ! -e \"$0/fail\" ] && grep -q X \"$1\"";
    command =
        TestCommand.start(List.of("sh", "-c", script, dir.toString()), "in", Optional.empty());
    check = new RepeatedCheck(command, 3, 1);
    resultCheck = new ResultCheck(check, INPUT);
  }

  @AfterEach
  void stop() throws IOException {
    command.close();
  }

  @Test
  void theRunsIdleJobsMadeOnTheResultCountInItsCheck() {
    resultCheck.improved(INPUT);
    assertNull(resultCheck.next(), "INPUT was checked before the search");
    resultCheck.improved(bytes("Xa"));
    resultCheck.improved(bytes("X"));
    Runnable first = resultCheck.next();
    assertNotNull(first);
    assertNull(resultCheck.next(), "one run at a time");
    first.run();

    ResultCheck.Verdict verdict = resultCheck.verify(bytes("X"));

    assertTrue(verdict.verified());
    assertEquals("X", new String(verdict.content(), UTF_8));
    assertEquals(2, check.runsMade(), "the search's run, one beside it, one after it");
  }

  @Test
  void aResultCheckedWholeBesideTheSearchNeedsNoRunAfterIt() {
    resultCheck.improved(bytes("X"));
    for (int run = 0; run < 2; run++) {
      resultCheck.next().run();
    }
    assertNull(resultCheck.next(), "the search's run and two re-checks: none left to make");

    assertTrue(resultCheck.verify(bytes("X")).verified());
    assertEquals(2, check.runsMade());
  }

  @Test
  void runsOnAnEarlierImprovementDoNotCount() {
    resultCheck.improved(bytes("Xa"));
    resultCheck.next().run();
    resultCheck.improved(bytes("X"));

    ResultCheck.Verdict verdict = resultCheck.verify(bytes("X"));

    assertTrue(verdict.verified());
    assertEquals(3, check.runsMade(), "one on Xa, two after the search on X");
  }

  @Test
  void aRunThatFailedBesideTheSearchFailsTheResult() throws IOException {
    resultCheck.improved(bytes("Xa"));
    resultCheck.improved(bytes("X"));
    Path fail = Files.createFile(dir.resolve("fail"));
    resultCheck.next().run();
    Files.delete(fail);
    assertNull(resultCheck.next(), "the check failed: no more runs on it");

    ResultCheck.Verdict verdict = resultCheck.verify(bytes("X"));

    assertFalse(verdict.verified());
    assertEquals("Xa", new String(verdict.content(), UTF_8), "the earlier improvement");
    assertTrue(verdict.failedRecheck().isPresent());
    assertEquals(2, verdict.failedRecheck().get().runs(), "the search's, then the failed one");
    assertEquals(3, check.runsMade(), "the failed run, then two on Xa");
  }

  @Test
  void withOneCheckRunTheSearchsOwnRunIsTheCheck() {
    RepeatedCheck once = new RepeatedCheck(command, 1, 1);
    ResultCheck trusting = new ResultCheck(once, INPUT);
    trusting.improved(bytes("X"));
    assertNull(trusting.next());

    assertTrue(trusting.verify(bytes("X")).verified());
    assertEquals(0, once.runsMade());
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }
}

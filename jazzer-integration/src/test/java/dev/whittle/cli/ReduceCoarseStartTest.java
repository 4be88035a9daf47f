package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code whittle reduce} on a crash file that holds two ways to the failure (issue 20, section 4:
 * jsoup's HTML crash, where {@code <noscript>} must come first, then either a {@code <pre>} or a
 * {@code <textarea>}). On a fuzzer's crash file, binary at first, no tree pass asks anything, and
 * deleting from the front takes the first way apart while the second still holds the failure; the
 * reduction starts with plain ddmin's halves and quarters there, and keeps ddmin's shorter way. On
 * text the tree passes go first, and the reduction asks exactly what it asked without the start.
 */
class ReduceCoarseStartTest {
  /** An element that must come first, then either of two elements, as grep sees it. */
  private static final String ELEMENT_THEN_EITHER = "^<n>.*(<pre>|<textarea>)";

  private static final String TWO_WAYS =
      "<n>" + "j".repeat(8) + "<pre>" + "j".repeat(8) + "<textarea>" + "k".repeat(24);

  @TempDir Path dir;

  private JsonObject reduce(String content) throws IOException {
    Path input = dir.resolve("crash");
    Files.write(input, content.getBytes(StandardCharsets.ISO_8859_1));
    Execution run =
        InProcessWhittle.execute(
            "reduce", "--json", input.toString(), "--", "grep", "-qaP", ELEMENT_THEN_EITHER);
    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    json.addProperty(
        "result", Files.readString(dir.resolve("crash.reduced"), StandardCharsets.ISO_8859_1));
    return json;
  }

  @Test
  void aCrashFileWithNulsKeepsTheShorterWayAsPlainDdminKeepsIt() throws IOException {
    JsonObject json = reduce(TWO_WAYS + "\0\0\0\0");

    // Without the coarse start: "<n><textarea>" in 43 runs.
    assertEquals("<n><pre>", json.get("result").getAsString());
    assertTrue(json.get("oneMinimal").getAsBoolean(), json::toString);
    // 27 before token-runs, whose runs of tokens and bracket pairs the result costs 6 more.
    assertEquals(32, json.get("runs").getAsLong(), json::toString);
  }

  @Test
  void textAsksWhatItAskedWithoutTheCoarseStart() throws IOException {
    JsonObject json = reduce(TWO_WAYS + "kkkk");

    assertEquals("<n><pre>", json.get("result").getAsString());
    assertEquals(22, json.get("runs").getAsLong(), json::toString); // 17 before token-runs
    assertEquals(4, json.getAsJsonObject("runsPerPass").get("hdd*").getAsLong(), json::toString);
  }
}

package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.samples.heldout.GsonFuzzer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The finding as reduce-bench.sh's interestingness test names it. */
class LibraryFrameTest {
  private static final Path GSON_CRASH =
      Path.of("held-out/GsonFuzzer/crash-edd71d918d7932aee9b82301a1037c6b38af1b93");

  @Test
  void aRealCrashIsNamedByItsLibrarysFrameNotTheJdksThatThrew() throws Exception {
    Throwable thrown = null;
    try {
      GsonFuzzer.fuzzerTestOneInput(Files.readAllBytes(GSON_CRASH));
    } catch (RuntimeException e) {
      thrown = e;
    }

    // Integer.parseInt throws; Gson's frame that called it is what tells this bug apart.
    assertEquals(
        "thrown java.lang.NumberFormatException at"
            + " com.google.gson.stream.JsonReader.readEscapeCharacter:1522",
        LibraryFrame.describe(thrown));
  }

  @Test
  void theRootCauseCountsAndAStackOfJdkFramesOnlyHasNoFrame() {
    IllegalStateException root = new IllegalStateException("x");
    root.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement("java.lang.String", "charAt", null, 1),
          new StackTraceElement("sun.misc.Unsafe", "get", null, 2),
        });

    assertEquals(
        "thrown java.lang.IllegalStateException at ?",
        LibraryFrame.describe(new RuntimeException("wrapper", root)));
    assertEquals("none", LibraryFrame.describe(null));
  }

  @Test
  void theTargetsOwnFrameCountsWhenItThrowsItself() {
    RuntimeException own = new RuntimeException();
    own.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement("java.util.Objects", "check", null, 1),
          new StackTraceElement(
              "dev.whittle.samples.parsers.HtmlFuzzer", "fuzzerTestOneInput", "H", 29),
        });

    assertEquals(
        "thrown java.lang.RuntimeException at"
            + " dev.whittle.samples.parsers.HtmlFuzzer.fuzzerTestOneInput:29",
        LibraryFrame.describe(own));
  }
}

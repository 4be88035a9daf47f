package dev.whittle.jazzer.hook;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The crash hook's page (docs/crash-hook.md) has a row for every option the agent accepts and for
 * no other: the options are those the agent names when it is given one it does not know, read at
 * run time, and every row's option parses.
 */
class CrashHookDocsTest {
  /** Surefire runs in the module's directory; docs/ is the repository's. */
  private static final Path PAGE = Path.of("..", "docs", "crash-hook.md");

  @Test
  void theOptionTableHasARowForEveryOptionTheAgentKnowsAndNoOther() throws IOException {
    Set<String> rows = new TreeSet<>();
    Matcher row =
        Pattern.compile("(?m)^\\| `([a-z_]+)=[A-Z]+`")
            .matcher(Files.readString(PAGE, StandardCharsets.UTF_8));
    while (row.find()) {
      rows.add(row.group(1));
    }
    assertEquals(optionsTheAgentNames(), rows, PAGE + "'s option table against the agent's");
    for (String option : rows) {
      String example = option.equals("artifact_prefix") ? "artifact_prefix=out/" : option + "=2s";
      assertDoesNotThrow(() -> HookOptions.parse(example), example);
    }
  }

  /** The names in "(known: budget=DURATION, ...)" of the agent's message on an unknown option. */
  private static Set<String> optionsTheAgentNames() {
    String message =
        assertThrows(IllegalArgumentException.class, () -> HookOptions.parse("no-such-option=1"))
            .getMessage();
    Matcher known = Pattern.compile("known: ([^)]*)\\)").matcher(message);
    assertTrue(known.find(), () -> "the agent's message names no known options: " + message);
    Set<String> names = new TreeSet<>();
    for (String option : known.group(1).split(",\\s*")) {
      names.add(option.substring(0, option.indexOf('=')));
    }
    return names;
  }
}

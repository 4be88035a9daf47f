package dev.whittle.jazzer.targets;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.File;
import java.io.IOException;

/**
 * A bug only Jazzer's OS command injection detector sees: the program after {@code run=} is started
 * with {@link ProcessBuilder}. The detector reports {@code jazze}; without it nothing is thrown,
 * since the start always fails (the working directory lies below {@code /dev/null}) and the failure
 * is swallowed.
 */
public final class CommandInjectionTarget {
  private CommandInjectionTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, ISO_8859_1);
    int at = text.indexOf("run=");
    if (at < 0) {
      return;
    }
    int end = text.indexOf('\n', at);
    String program = text.substring(at + 4, end < 0 ? text.length() : end);
    if (program.isEmpty()) {
      return;
    }
    try {
      new ProcessBuilder(program).directory(new File("/dev/null/whittle")).start().destroy();
    } catch (IOException e) {
      // No such program, or no such directory: nothing ran.
    }
  }
}

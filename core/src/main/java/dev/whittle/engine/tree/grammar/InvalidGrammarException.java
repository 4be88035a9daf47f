package dev.whittle.engine.tree.grammar;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A grammar file that ANTLR cannot load: unreadable, not ANTLR 4 syntax, or semantically wrong (an
 * undefined rule, a missing lexer). The message names the file and gives ANTLR's own messages.
 */
@API(status = INTERNAL, since = "0.1")
public final class InvalidGrammarException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;

  InvalidGrammarException(Path file, String problem, List<String> messages) {
    super(format(file, problem, messages));
    this.file = file;
  }

  InvalidGrammarException(Path file, String problem, Throwable cause) {
    super(format(file, problem, List.of()), cause);
    this.file = file;
  }

  /** The grammar file at fault. */
  public Path file() {
    return file;
  }

  private static String format(Path file, String problem, List<String> messages) {
    StringBuilder out = new StringBuilder("grammar ").append(file).append(": ").append(problem);
    for (String message : messages) {
      out.append(System.lineSeparator()).append("  ").append(message);
    }
    return out.toString();
  }
}

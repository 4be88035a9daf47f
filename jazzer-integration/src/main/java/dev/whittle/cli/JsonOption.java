package dev.whittle.cli;

import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --json}, shared by every command that reports figures: one JSON object on standard output
 * instead of the summary. Each command says under the key {@value #KEY} of its resource bundle what
 * the object holds.
 */
final class JsonOption {
  static final String KEY = "json";

  @Option(names = "--json", descriptionKey = KEY)
  boolean json;

  /** Prints the JSON object, or the summary, which ends with its own line separator. */
  void print(PrintWriter out, Supplier<String> toJson, Supplier<String> toSummary) {
    out.print(json ? toJson.get() + System.lineSeparator() : toSummary.get());
    out.flush();
  }
}

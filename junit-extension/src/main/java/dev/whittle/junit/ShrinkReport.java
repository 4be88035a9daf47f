package dev.whittle.junit;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.output.EscapedBytes;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The failure message of a shrunk fuzz test input, in the spirit of jqwik's: what failed, the
 * shrunk sample (sizes, runs, time, Jazzer's dedup token, the bytes, for structured parameters the
 * argument values, the file written), the original sample; the original error is the cause.
 */
final class ShrinkReport {
  private ShrinkReport() {}

  /**
   * @param method the fuzz test method
   * @param originalFile the input file that failed
   * @param result what shrinking produced
   * @param shrunkArguments the shrunk input's argument values, for structured parameters
   * @param written the shrunk input's file, or empty if none was written (nothing got simpler); the
   *     header says which
   * @param note a remark on where the file went, or empty
   * @param wallMillis the time shrinking added to the test
   */
  static String message(
      Method method,
      Path originalFile,
      MinimizationResult result,
      Optional<String> shrunkArguments,
      Optional<Path> written,
      Optional<String> note,
      long wallMillis) {
    byte[] original = result.original();
    byte[] shrunk = result.minimized();
    StringBuilder out = new StringBuilder();
    out.append(describe(method)).append(" failed; Whittle ");
    if (written.isEmpty()) {
      out.append("found no smaller input than its ").append(bytes(original.length));
    } else if (shrunk.length < original.length) {
      out.append("shrank its input from ")
          .append(bytes(original.length))
          .append(" to ")
          .append(bytes(shrunk.length));
    } else {
      // Simpler values in as many bytes: an integer moved toward zero keeps its four.
      out.append("simplified its input's values (").append(bytes(shrunk.length)).append(')');
    }
    out.append("\n\n");
    String runs =
        String.format(
            Locale.ROOT,
            "%,d runs, %,d ms; Jazzer DEDUP_TOKEN %s",
            result.runs(),
            wallMillis,
            result.dedupToken());
    if (written.isPresent()) {
      out.append(
          String.format(
              Locale.ROOT,
              "Shrunk Sample (%s, %s)%s:%n",
              bytes(shrunk.length),
              runs,
              result.verified() ? "" : " (not verified: " + unverifiedReason(result) + ")"));
      out.append("  ").append(EscapedBytes.of(shrunk, EscapedBytes.SHOWN_BYTES)).append('\n');
      shrunkArguments.ifPresent(values -> out.append("  ").append(values).append('\n'));
      out.append("  written to ").append(written.get().toAbsolutePath()).append('\n');
    } else {
      out.append("Shrunk Sample: none, no smaller input found (")
          .append(runs)
          .append("); nothing written\n");
    }
    note.ifPresent(text -> out.append("  (").append(text).append(")\n"));
    out.append('\n');
    out.append(
        String.format(
            Locale.ROOT,
            "Original Sample (%s, %s):%n",
            bytes(original.length),
            originalFile.getFileName()));
    out.append("  ").append(EscapedBytes.of(original, EscapedBytes.SHOWN_BYTES)).append('\n');
    if (written.isEmpty()) {
      // The shrunk input is the original then; its values are said here instead.
      shrunkArguments.ifPresent(values -> out.append("  ").append(values).append('\n'));
    }
    out.append("  from ").append(originalFile.toAbsolutePath()).append('\n');
    out.append('\n');
    out.append("Original Error (the cause below): ");
    if (result.finding().kind() == Finding.Kind.THROWN) {
      out.append(result.finding().exceptionClassName());
      result.finding().message().ifPresent(message -> out.append(": ").append(firstLine(message)));
    } else {
      out.append(result.finding());
    }
    return out.toString();
  }

  static String describe(Method method) {
    return method.getDeclaringClass().getSimpleName()
        + "."
        + method.getName()
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", ", "(", ")"));
  }

  private static String bytes(int n) {
    return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "byte" : "bytes");
  }

  private static String firstLine(String message) {
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline) + " ...";
  }

  /**
   * Why the shrunk input is not verified: the verification's own words where it has them (the
   * target changed JVM-global state that no run in this JVM can undo), else that it did not fail
   * again.
   */
  private static String unverifiedReason(MinimizationResult result) {
    String detail = result.verification().detail();
    return detail.contains("JVM-global state") ? detail : "it did not fail the same way once more";
  }
}

package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The Java source of a {@code Crash_<sha1>.java} reproducer: a JUnit 5 test class in the default
 * package, as Jazzer's are, that runs the fuzz target on the minimized bytes and passes while the
 * finding is there. It calls the target directly, so it compiles only against the target's class
 * path, and a renamed target shows up as a compile error rather than a silent pass.
 */
final class ReproducerSource {
  /** Jazzer names its reproducers {@code Crash_<sha1>}. */
  static final String CLASS_PREFIX = "Crash_";

  /**
   * Up to this many bytes go into an array literal. Each element costs about 7 bytes of the static
   * initializer, whose code may not exceed 64 KiB; longer inputs are embedded as Base64 text.
   */
  static final int MAX_LITERAL_BYTES = 4096;

  private static final int BYTES_PER_LINE = 16;
  private static final int BASE64_CHUNK = 1000;
  private static final String PROVIDER = "dev.whittle.jazzer.fdp.ByteFuzzedDataProvider";

  private final String className;
  private final FuzzTargetShape target;
  private final Finding finding;
  private final byte[] data;
  private final String crashFileName;
  private final int originalSize;
  private final Duration runTimeout;

  /**
   * @param sha1 the minimized bytes' SHA-1 in hex, which names the class
   * @param crashFileName the crash file the bytes were minimized from, for the class comment
   * @param runTimeout the per-call timeout of the minimization, for timeout findings
   */
  ReproducerSource(
      String sha1,
      FuzzTargetShape target,
      Finding finding,
      byte[] data,
      String crashFileName,
      int originalSize,
      Duration runTimeout) {
    checkArgument(sha1.matches("[0-9a-f]{40}"), "not a SHA-1 in hex: %s", sha1);
    this.className = CLASS_PREFIX + sha1;
    this.target = checkNotNull(target, "target");
    this.finding = checkNotNull(finding, "finding");
    this.data = checkNotNull(data, "data").clone();
    this.crashFileName = checkNotNull(crashFileName, "crashFileName");
    this.originalSize = originalSize;
    this.runTimeout = checkNotNull(runTimeout, "runTimeout");
  }

  String className() {
    return className;
  }

  String fileName() {
    return className + ".java";
  }

  String render() {
    List<String> lines = new ArrayList<>();
    lines.addAll(imports());
    lines.add("");
    lines.addAll(classComment());
    lines.add("public class " + className + " {");
    lines.add("  static final byte[] DATA = " + dataExpression() + ";");
    lines.addAll(lifecycle());
    lines.add("");
    lines.addAll(testMethod());
    lines.add("}");
    return String.join("\n", lines) + "\n";
  }

  private List<String> imports() {
    List<String> imports = new ArrayList<>();
    switch (finding.kind()) {
      case THROWN -> {
        imports.add("import static org.junit.jupiter.api.Assertions.assertEquals;");
        imports.add("import static org.junit.jupiter.api.Assertions.assertThrows;");
      }
      case TIMEOUT -> {
        imports.add("import static org.junit.jupiter.api.Assertions.assertThrows;");
        imports.add("import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;");
      }
      case EXIT -> {}
    }
    imports.add("");
    if (finding.kind() == Finding.Kind.TIMEOUT) {
      imports.add("import java.time.Duration;");
    }
    if (target.initialize() != FuzzTargetShape.Initialize.NONE) {
      imports.add("import org.junit.jupiter.api.BeforeAll;");
    }
    if (target.hasTearDown()) {
      imports.add("import org.junit.jupiter.api.AfterAll;");
    }
    if (finding.kind() == Finding.Kind.EXIT) {
      imports.add("import org.junit.jupiter.api.Disabled;");
    }
    imports.add("import org.junit.jupiter.api.Test;");
    if (finding.kind() == Finding.Kind.TIMEOUT) {
      imports.add("import org.opentest4j.AssertionFailedError;");
    }
    // A loop, not a stream's dropWhile: its stream classes would load for this line alone.
    while (!imports.isEmpty() && imports.get(0).isEmpty()) {
      imports.remove(0);
    }
    return List.copyOf(imports);
  }

  private List<String> classComment() {
    List<String> comment = new ArrayList<>();
    comment.add("/**");
    comment.add(" * Reproduces " + describeFinding());
    comment.add(" * of the fuzz target {@code " + target.className() + "}.");
    comment.add(" *");
    comment.add(
        " * <p>Written by whittle minimize from "
            + crashFileName
            + " ("
            + originalSize
            + " bytes, minimized to "
            + data.length
            + ").");
    comment.add(" * The test passes while the finding is there. Run it with");
    comment.add(" * -XX:-OmitStackTraceInFastThrow, or a hot exception may lose its stack.");
    if (target.takesDataProvider()) {
      comment.add(
          " * It needs Whittle's jazzer-integration on the class path for " + PROVIDER + ",");
      comment.add(" * which decodes bytes as Jazzer 0.30.0's FuzzedDataProvider does.");
    }
    comment.add(" */");
    return comment;
  }

  private String describeFinding() {
    return switch (finding.kind()) {
      case THROWN ->
          "a " + finding.exceptionClassName() + " (Jazzer DEDUP_TOKEN " + finding.identity() + ")";
      case TIMEOUT -> "a hang (a run longer than " + Durations.format(runTimeout) + ")";
      case EXIT -> "a call of System.exit(" + finding.exitStatus() + ")";
    };
  }

  private String dataExpression() {
    if (data.length <= MAX_LITERAL_BYTES) {
      return arrayLiteral();
    }
    String base64 = Base64.getEncoder().encodeToString(data);
    StringBuilder chunks = new StringBuilder();
    for (int start = 0; start < base64.length(); start += BASE64_CHUNK) {
      String chunk = base64.substring(start, Math.min(base64.length(), start + BASE64_CHUNK));
      chunks.append(",\n          \"").append(chunk).append('"');
    }
    // One string constant may not exceed 64 KiB, so the chunks are joined at run time.
    return "java.util.Base64.getDecoder().decode(String.join(\"\"" + chunks + "))";
  }

  private String arrayLiteral() {
    if (data.length == 0) {
      return "{}";
    }
    StringBuilder literal = new StringBuilder("{");
    for (int i = 0; i < data.length; i++) {
      literal.append(i % BYTES_PER_LINE == 0 ? "\n    " : " ").append(data[i]);
      if (i < data.length - 1) {
        literal.append(',');
      }
    }
    return literal.append("\n  }").toString();
  }

  private List<String> lifecycle() {
    List<String> lines = new ArrayList<>();
    String initializeCall =
        switch (target.initialize()) {
          case NONE -> null;
          case NO_ARGS -> target.sourceName() + ".fuzzerInitialize();";
          case WITH_ARGS -> target.sourceName() + ".fuzzerInitialize(new String[0]);";
        };
    if (initializeCall != null) {
      lines.add("");
      lines.add("  @BeforeAll");
      lines.add("  static void fuzzerInitialize() throws Throwable {");
      lines.add("    " + initializeCall);
      lines.add("  }");
    }
    if (target.hasTearDown()) {
      lines.add("");
      lines.add("  @AfterAll");
      lines.add("  static void fuzzerTearDown() throws Throwable {");
      lines.add("    " + target.sourceName() + ".fuzzerTearDown();");
      lines.add("  }");
    }
    return lines;
  }

  private List<String> testMethod() {
    String call = target.sourceName() + ".fuzzerTestOneInput(" + argument() + ")";
    return switch (finding.kind()) {
      case THROWN ->
          List.of(
              "  @Test",
              "  void reproduces() {",
              // Compared by name: the exception class may be nested, anonymous or not public.
              "    Throwable thrown =",
              "        assertThrows(Throwable.class, () -> " + call + ");",
              "    assertEquals(\""
                  + finding.exceptionClassName()
                  + "\", thrown.getClass().getName());",
              "  }");
      case TIMEOUT ->
          List.of(
              "  @Test",
              "  void hangs() {",
              "    assertThrows(",
              "        AssertionFailedError.class,",
              "        () ->",
              "            assertTimeoutPreemptively(",
              String.format(
                  Locale.ROOT,
                  "                Duration.ofMillis(%d), () -> %s));",
                  runTimeout.toMillis(),
                  call),
              "  }");
      case EXIT ->
          List.of(
              "  @Test",
              "  @Disabled(\"the target calls System.exit("
                  + finding.exitStatus()
                  + ") on this input, which would end the test JVM\")",
              "  void exits() {",
              "    " + call + ";",
              "  }");
    };
  }

  private String argument() {
    return target.takesDataProvider() ? PROVIDER + ".of(DATA)" : "DATA";
  }
}

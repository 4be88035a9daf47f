package dev.whittle.samples.bench;

import dev.whittle.samples.coverage.CoverageRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Replays one input through a fuzz target in this JVM, the plain way (no agent, no Whittle class on
 * the class path), and prints what it threw as one line, so that a script can compare a minimized
 * crash with its original in fresh JVMs:
 *
 * <pre>
 * java [-Xss.. -Xmx..] -cp CP dev.whittle.samples.bench.CrashReplay TARGET_CLASS FILE
 * crash-replay: thrown java.lang.IllegalStateException at a.Parser.check:42 < a.Parser.read:17
 * crash-replay: thrown java.lang.StackOverflowError recursion a.B.f,a.B.g
 * crash-replay: none
 * </pre>
 *
 * <p>The finding is the root cause (causes followed to the end) and its top two frames (class,
 * method, line; the JDK's own frames without a line, which differ between JDKs). A {@link
 * StackOverflowError}'s top frame is wherever in the recursion the stack ran out, which moves with
 * JIT state and stack size, so an overflow is named by its recursion instead: the methods that
 * occur more than once in its stack trace, sorted. {@code fuzzerTestOneInput(byte[])} gets the
 * file's bytes; {@code fuzzerTestOneInput(FuzzedDataProvider)} gets Jazzer's own native provider
 * over them, which needs Jazzer's jar on the class path. Exit status 0 whatever the target did; 2
 * for a usage error.
 */
public final class CrashReplay {

  private CrashReplay() {}

  public static void main(String[] args) throws IOException, ReflectiveOperationException {
    if (args.length != 2) {
      System.err.println("usage: CrashReplay TARGET_CLASS FILE");
      System.exit(2);
    }
    System.out.println("crash-replay: " + replay(args[0], Files.readAllBytes(Path.of(args[1]))));
  }

  /** Runs {@code target}'s entry point once on {@code data}, here; describes what it threw. */
  public static String replay(String target, byte[] data) throws ReflectiveOperationException {
    return describe(CoverageRunner.invoke(CoverageRunner.entryPoint(Class.forName(target)), data));
  }

  /** The innermost cause of {@code thrown}: what the bug threw before the wrapping. */
  static Throwable rootCause(Throwable thrown) {
    Throwable root = thrown;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }

  /** The line's text after {@code crash-replay: } for what a run threw (null: nothing). */
  public static String describe(Throwable thrown) {
    if (thrown == null) {
      return "none";
    }
    Throwable root = rootCause(thrown);
    String type = root.getClass().getName();
    StackTraceElement[] frames = root.getStackTrace();
    if (root instanceof StackOverflowError) {
      return "thrown " + type + " recursion " + recursion(frames);
    }
    if (frames.length == 0) {
      return "thrown " + type + " at ?";
    }
    // Its caller too: the same helper (a bounds check, a parser's error method) throws for
    // different bugs.
    return "thrown "
        + type
        + " at "
        + frame(frames[0])
        + (frames.length > 1 ? " < " + frame(frames[1]) : "");
  }

  /** The methods that occur more than once in {@code frames}, sorted and comma-separated. */
  static String recursion(StackTraceElement[] frames) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (StackTraceElement frame : frames) {
      counts.merge(frame.getClassName() + "." + frame.getMethodName(), 1, Integer::sum);
    }
    TreeSet<String> repeated = new TreeSet<>();
    counts.forEach(
        (method, count) -> {
          if (count > 1) {
            repeated.add(method);
          }
        });
    return repeated.isEmpty() ? "?" : String.join(",", repeated);
  }

  /** Class, method and line; no line for the JDK's own frames, whose lines change per JDK. */
  private static String frame(StackTraceElement frame) {
    String method = frame.getClassName() + "." + frame.getMethodName();
    return frame.getClassName().matches("(java|javax|jdk|sun)\\..*")
        ? method
        : method + ":" + frame.getLineNumber();
  }
}

package dev.whittle.samples.bench;

import dev.whittle.samples.coverage.CoverageRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The finding of one input as the C-Vise comparison's interestingness test names it ({@code
 * samples/scripts/reduce-bench.sh}): the root exception's class and its top in-library frame, the
 * first frame that is not the JDK's own. Replays the input the plain way, in this JVM (no agent, no
 * Whittle class), and prints one line:
 *
 * <pre>
 * java -cp CP dev.whittle.samples.bench.LibraryFrame TARGET_CLASS FILE
 * library-frame: thrown java.lang.NumberFormatException at com.google.gson.stream.JsonReader.readEscapeCharacter:1522
 * library-frame: thrown java.lang.StackOverflowError recursion a.B.f,a.B.g
 * library-frame: none
 * </pre>
 *
 * <p>The JDK's frames are skipped because a bounds check or {@code Integer.parseInt} throws for
 * many different bugs: the library's frame that called it tells them apart. A finding the target
 * itself throws (a round-trip property) has the target's frame. A stack overflow is named by its
 * recursion, as {@link CrashReplay} names it: where in the recursion the stack ran out moves. Exit
 * status 0 whatever the target did; 2 for a usage error.
 */
public final class LibraryFrame {
  private static final Pattern JDK = Pattern.compile("(java|javax|jdk|sun|com\\.sun)\\..*");

  private LibraryFrame() {}

  public static void main(String[] args) throws IOException, ReflectiveOperationException {
    if (args.length != 2) {
      System.err.println("usage: LibraryFrame TARGET_CLASS FILE");
      System.exit(2);
    }
    byte[] data = Files.readAllBytes(Path.of(args[1]));
    Throwable thrown =
        CoverageRunner.invoke(CoverageRunner.entryPoint(Class.forName(args[0])), data);
    System.out.println("library-frame: " + describe(thrown));
  }

  /** The line's text after {@code library-frame: } for what a run threw (null: nothing). */
  public static String describe(Throwable thrown) {
    if (thrown == null) {
      return "none";
    }
    Throwable root = CrashReplay.rootCause(thrown);
    if (root instanceof StackOverflowError) {
      return CrashReplay.describe(root);
    }
    String type = root.getClass().getName();
    for (StackTraceElement frame : root.getStackTrace()) {
      if (!JDK.matcher(frame.getClassName()).matches()) {
        return "thrown "
            + type
            + " at "
            + frame.getClassName()
            + "."
            + frame.getMethodName()
            + ":"
            + frame.getLineNumber();
      }
    }
    return "thrown " + type + " at ?";
  }
}

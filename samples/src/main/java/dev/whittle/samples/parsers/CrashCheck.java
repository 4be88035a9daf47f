package dev.whittle.samples.parsers;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The oracle of the C-Vise comparison, a small main that a test script runs once per candidate in a
 * fresh JVM: it runs a fuzz target's {@code fuzzerTestOneInput} on a file and compares what it
 * throws with a crash's signature, the root cause's class and its innermost frames as Jazzer's
 * dedup token counts them ({@link StackTraceElement#toString()}, reflection and {@code
 * jdk.internal} frames left out, none beyond the target's {@code fuzzerTestOneInput}).
 *
 * <pre>
 * CrashCheck print TARGET FILE [N]     prints FILE's signature (N frames, default 3); exit 0 if it throws
 * CrashCheck check TARGET SIGNATURE FILE   exit 0 iff FILE throws with the signature in file SIGNATURE
 * </pre>
 *
 * Exit statuses of {@code check}: 0 the same signature, 1 another or none, 2 usage or I/O error.
 */
public final class CrashCheck {
  private static final List<String> SKIPPED =
      List.of("jdk.internal.", "java.lang.reflect.", "sun.reflect.", "java.lang.invoke.");

  private CrashCheck() {}

  public static void main(String[] args) {
    PrintStream out = System.out;
    try {
      if (args.length >= 3 && args.length <= 4 && args[0].equals("print")) {
        int frames = args.length == 4 ? Integer.parseInt(args[3]) : 3;
        List<String> signature = signature(args[1], Files.readAllBytes(Path.of(args[2])), frames);
        signature.forEach(out::println);
        out.flush();
        Runtime.getRuntime().halt(signature.isEmpty() ? 1 : 0);
      } else if (args.length == 4 && args[0].equals("check")) {
        List<String> expected = Files.readAllLines(Path.of(args[2]), StandardCharsets.UTF_8);
        byte[] input = Files.readAllBytes(Path.of(args[3]));
        List<String> actual = signature(args[1], input, expected.size() - 1);
        // halt: the target's threads and shutdown hooks must not hold the test script up.
        Runtime.getRuntime().halt(!expected.isEmpty() && actual.equals(expected) ? 0 : 1);
      }
    } catch (IOException | ReflectiveOperationException | RuntimeException e) {
      System.err.println("CrashCheck: " + e);
      Runtime.getRuntime().halt(2);
    }
    System.err.println(
        "usage: CrashCheck print TARGET FILE [N] | CrashCheck check TARGET SIGNATURE FILE");
    Runtime.getRuntime().halt(2);
  }

  /**
   * What running {@code target} on {@code input} throws: the root cause's class name, then its
   * innermost {@code frames} counted frames; empty if it throws nothing.
   */
  public static List<String> signature(String target, byte[] input, int frames)
      throws ReflectiveOperationException {
    Method entry = Class.forName(target).getMethod("fuzzerTestOneInput", byte[].class);
    try {
      entry.invoke(null, (Object) input);
      return List.of();
    } catch (InvocationTargetException e) {
      return signatureOf(e.getCause(), frames);
    }
  }

  /** {@code thrown}'s root cause's class name and its innermost {@code frames} counted frames. */
  public static List<String> signatureOf(Throwable thrown, int frames) {
    Throwable root = thrown;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    List<String> signature = new ArrayList<>();
    signature.add(root.getClass().getName());
    for (StackTraceElement frame : root.getStackTrace()) {
      if (signature.size() > frames) {
        break;
      }
      if (SKIPPED.stream().noneMatch(frame.getClassName()::startsWith)) {
        signature.add(frame.toString());
      }
    }
    // Jazzer's token stops at the fuzz target's entry point, and so does the signature: the frames
    // of whoever calls it (this main, Whittle, Jazzer's driver) differ.
    for (int i = 1; i < signature.size(); i++) {
      if (signature.get(i).contains(".fuzzerTestOneInput(")) {
        return List.copyOf(signature.subList(0, i + 1));
      }
    }
    return signature;
  }
}

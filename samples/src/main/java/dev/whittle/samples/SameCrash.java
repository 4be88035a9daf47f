package dev.whittle.samples;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A test command for {@code whittle reduce} that replays a {@code byte[]} fuzz target's crash in a
 * JVM of its own, the way a project without Whittle's in-process minimizer would:
 *
 * <pre>
 * java -cp samples/target/classes dev.whittle.samples.SameCrash TARGET CRASH CANDIDATE
 * </pre>
 *
 * <p>Runs {@code TARGET.fuzzerTestOneInput} on the bytes of {@code CRASH}, then on those of {@code
 * CANDIDATE}, and exits with status 0 if and only if both throw the same finding: the same class of
 * root cause, thrown through the same frames (class, method, line) from where it was thrown down to
 * {@code fuzzerTestOneInput}, as Jazzer's DEDUP_TOKEN counts them. Status 1 means another finding
 * or none; 2 a usage error. No Jazzer is involved, so bug-detector findings are out of its reach.
 */
public final class SameCrash {
  static final int SAME = 0;
  static final int DIFFERENT = 1;
  static final int USAGE = 2;

  private static final String ENTRY = "fuzzerTestOneInput";

  private SameCrash() {}

  public static void main(String[] args) throws IOException, ReflectiveOperationException {
    if (args.length != 3) {
      System.err.println("usage: SameCrash TARGET_CLASS CRASH_FILE CANDIDATE_FILE");
      System.exit(USAGE);
    }
    Method entry = Class.forName(args[0]).getMethod(ENTRY, byte[].class);
    Optional<List<String>> original = finding(entry, Files.readAllBytes(Path.of(args[1])));
    if (original.isEmpty()) {
      System.err.println("SameCrash: " + args[1] + " does not crash " + args[0]);
      System.exit(USAGE);
    }
    Optional<List<String>> candidate = finding(entry, Files.readAllBytes(Path.of(args[2])));
    System.exit(original.equals(candidate) ? SAME : DIFFERENT);
  }

  /**
   * What identifies the finding of {@code entry} on {@code data}: the root cause's class, then its
   * frames down to the entry point's; empty if the call returns normally.
   */
  static Optional<List<String>> finding(Method entry, byte[] data)
      throws ReflectiveOperationException {
    try {
      entry.invoke(null, (Object) data);
      return Optional.empty();
    } catch (InvocationTargetException e) {
      Throwable root = rootCause(e.getCause());
      List<String> identity = new ArrayList<>();
      identity.add(root.getClass().getName());
      for (StackTraceElement frame : root.getStackTrace()) {
        identity.add(frame.toString());
        if (frame.getClassName().equals(entry.getDeclaringClass().getName())
            && frame.getMethodName().equals(ENTRY)) {
          break; // Frames below the entry point are the caller's, not the finding's.
        }
      }
      return Optional.of(identity);
    }
  }

  /** The deepest cause; a cycle of causes stops where it closes. */
  private static Throwable rootCause(Throwable thrown) {
    Map<Throwable, Boolean> seen = new IdentityHashMap<>();
    Throwable root = thrown;
    while (root.getCause() != null && seen.put(root, Boolean.TRUE) == null) {
      root = root.getCause();
    }
    return root;
  }
}

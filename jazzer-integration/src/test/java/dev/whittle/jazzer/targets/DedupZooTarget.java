package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.Jazzer;
import java.util.List;

/**
 * One target, many kinds of finding, chosen by the first byte: what the dedup token test runs both
 * in process and under the real Jazzer.
 */
public final class DedupZooTarget {
  /** The first bytes this target reacts to, one per kind of finding. */
  public static final String KINDS = "npcsaorwmfhl";

  private DedupZooTarget() {}

  public static void fuzzerTestOneInput(byte[] data) throws Exception {
    if (data.length == 0) {
      return;
    }
    switch (data[0]) {
      case 'n' -> nullPointer(data);
      case 'p' -> Integer.parseInt("not a number " + data.length);
      case 'c' -> withCauses();
      case 's' -> withSuppressed();
      case 'a' -> withNestedSuppressed();
      case 'o' -> recurse(0);
      case 'r' -> DedupZooTarget.class.getDeclaredMethod("thrower").invoke(null);
      case 'w' -> throw new StackOverflowError("thrown by hand");
      case 'm' -> throw new OutOfMemoryError("thrown by hand");
      case 'f' -> throw new Exception("checked");
      case 'h' -> swallowedDetectorFinding();
      case 'l' -> List.of(1, 2, 3).forEach(i -> thrownInLambda(i));
      default -> {}
    }
  }

  private static void nullPointer(byte[] data) {
    Object nothing = data.length > 1000 ? data : null;
    nothing.hashCode();
  }

  private static void withCauses() {
    try {
      throw new IllegalArgumentException("root");
    } catch (IllegalArgumentException root) {
      throw new IllegalStateException("wrapped", new RuntimeException("middle", root));
    }
  }

  private static void withSuppressed() {
    IllegalStateException main = new IllegalStateException("main");
    main.addSuppressed(new UnsupportedOperationException("suppressed without cause"));
    main.addSuppressed(new RuntimeException("suppressed with cause", new ArithmeticException()));
    throw main;
  }

  private static void withNestedSuppressed() {
    IllegalStateException main = new IllegalStateException("main", new ArithmeticException());
    RuntimeException inner = new RuntimeException("inner");
    inner.addSuppressed(new IndexOutOfBoundsException("innermost"));
    main.addSuppressed(inner);
    throw main;
  }

  private static int recurse(int depth) {
    return recurse(depth + 1) + 1;
  }

  /** Called reflectively, so that the reflection frames show up between the target's. */
  public static void thrower() {
    throw new ArrayStoreException("via reflection");
  }

  private static void swallowedDetectorFinding() {
    try {
      Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("detector finding"));
    } catch (Throwable swallowed) {
      // A target that swallows the HardToCatchError: the finding must still count.
    }
  }

  private static void thrownInLambda(int i) {
    if (i == 2) {
      throw new NegativeArraySizeException("in a lambda");
    }
  }
}

package dev.whittle.jazzer.finding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.Recursion;
import dev.whittle.jazzer.digest.Digests;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Jazzer 0.30.0's {@code DEDUP_TOKEN} for a throwable, as its {@code preprocessThrowable} followed
 * by {@code computeDedupToken} (driver/ExceptionUtils.kt) compute it, without modifying the
 * throwable:
 *
 * <ul>
 *   <li>SHA-256 over the root cause's class name and the {@code toString()} of each of its frames,
 *       innermost first, up to the first Jazzer-internal frame, leaving out reflection and
 *       method-handle frames; then, if the throwable has suppressed exceptions, {@code
 *       "suppressed"} and the digest of each, computed the same way. The token is the digest's
 *       first 8 bytes as a big-endian long.
 *   <li>A {@link StackOverflowError} is wrapped in {@code FuzzerSecurityIssueLow} whose stack is
 *       the overflow's bottom frames up to the first repetition; the token is over the wrapper
 *       alone.
 *   <li>Any other {@link VirtualMachineError} (out of memory among them) is wrapped with an empty
 *       stack; the token is over the error's root cause, and its suppressed exceptions do not
 *       count.
 *   <li>Jazzer's {@code dropInternalFrames} replaces each suppressed exception's stack with a copy
 *       of the outer throwable's (it reads the outer {@code stackTrace} inside the loop); the token
 *       of a suppressed exception without a cause is therefore computed over the outer stack.
 *       Reproduced here on purpose, since it is what Jazzer prints.
 * </ul>
 *
 * <p>Jazzer stops at its own driver frames below the fuzz target; in process, Whittle's frames are
 * there instead, so the stack is also cut right after the outermost {@code fuzzerTestOneInput}
 * frame of the target class, which gives the token Jazzer prints.
 */
@API(status = INTERNAL, since = "0.1")
public final class DedupToken {
  private static final String JAZZER_PACKAGE_PREFIX = "com.code_intelligence.jazzer.";
  private static final Set<String> PUBLIC_JAZZER_PACKAGES = Set.of("api", "replay", "sanitizers");
  private static final List<String> SKIPPED_PREFIXES =
      List.of("jdk.internal.", "java.lang.reflect.", "sun.reflect.", "java.lang.invoke.");
  static final String STACK_OVERFLOW_WRAPPER =
      "com.code_intelligence.jazzer.api.FuzzerSecurityIssueLow";
  private static final byte[] SUPPRESSED = "suppressed".getBytes(UTF_8);

  /** How many digests of frames {@link #digests} keeps: a reduction meets few stacks again. */
  private static final int REMEMBERED_DIGESTS = 16;

  /**
   * A root cause's class name and counted frames: all a digest without suppressed depends on. A
   * class with its {@code equals} and {@code hashCode} written out, not a record, whose generated
   * ones link through a bootstrap method on first use, at start-up cost (StartupTest).
   */
  private static final class Frames {
    private final String className;
    private final List<String> frames;

    Frames(String className, List<String> frames) {
      this.className = className;
      this.frames = frames;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Frames that
          && className.equals(that.className)
          && frames.equals(that.frames);
    }

    @Override
    public int hashCode() {
      return 31 * className.hashCode() + frames.hashCode();
    }
  }

  /**
   * The token, the root cause's frames that went into it, and the recursion of a stack overflow
   * (null for anything else, and for an overflow without recurring frames).
   */
  record Computed(long token, List<String> frames, Recursion recursion) {}

  private final String entryClass;
  private final String entryMethod;
  private final List<String> extraInternalPrefixes;

  /**
   * The digests of the stacks met last, most recent last: a reduction runs into the same finding
   * run after run, and hashing its frames again every run was a large part of each run's cost.
   */
  private final Map<Frames, byte[]> digests =
      new LinkedHashMap<>(REMEMBERED_DIGESTS * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Frames, byte[]> eldest) {
          return size() > REMEMBERED_DIGESTS;
        }
      };

  private long digestsComputed;

  /**
   * @param entryClass the fuzz target class, whose outermost {@code entryMethod} frame is the last
   *     one counted
   * @param entryMethod the entry point's name: {@code fuzzerTestOneInput} for a standalone target,
   *     the test method's name for a {@code @FuzzTest}
   * @param extraInternalPrefixes class-name prefixes that count as Jazzer-internal too: a
   *     FuzzedDataProvider implementation's package, since Jazzer's own provider is internal
   */
  public DedupToken(String entryClass, String entryMethod, List<String> extraInternalPrefixes) {
    this.entryClass = entryClass;
    this.entryMethod = entryMethod;
    this.extraInternalPrefixes = List.copyOf(extraInternalPrefixes);
  }

  Computed compute(Throwable thrown) {
    Recursion recursion = recursionOf(thrown);
    if (thrown instanceof StackOverflowError) {
      return overStack(STACK_OVERFLOW_WRAPPER, bottomFramesWithoutRepetition(thrown), recursion);
    }
    if (thrown instanceof VirtualMachineError) {
      Throwable root = rootCause(thrown);
      return overStack(root.getClass().getName(), root.getStackTrace(), recursion);
    }
    List<String> frames = new ArrayList<>();
    byte[] digest = digest(thrown, null, frames, thrown.getStackTrace());
    return new Computed(
        ByteBuffer.wrap(digest).getLong(), Collections.unmodifiableList(frames), recursion);
  }

  private Computed overStack(String className, StackTraceElement[] stack, Recursion recursion) {
    List<String> frames = countedFrames(stack);
    return new Computed(ByteBuffer.wrap(digestOf(className, frames)).getLong(), frames, recursion);
  }

  /**
   * SHA-256 over {@code className} and {@code frames}, each in UTF-8, remembered for the next
   * throwable with the same stack. The returned array MUST NOT be modified.
   */
  private byte[] digestOf(String className, List<String> frames) {
    Frames key = new Frames(className, List.copyOf(frames));
    synchronized (digests) {
      byte[] known = digests.get(key);
      if (known != null) {
        return known;
      }
    }
    MessageDigest sha = Digests.sha256();
    sha.update(className.getBytes(UTF_8));
    for (String frame : frames) {
      sha.update(frame.getBytes(UTF_8));
    }
    byte[] digest = sha.digest();
    synchronized (digests) {
      digestsComputed++;
      digests.put(key, digest);
    }
    return digest;
  }

  /** How many digests of frames this instance has computed rather than remembered. */
  long digestsComputed() {
    synchronized (digests) {
      return digestsComputed;
    }
  }

  /**
   * The recursion a stack overflow (the root cause of {@code thrown}) struck in, or null. Its stack
   * is cut below the entry point as for the token and without reflection and method-handle frames,
   * whose shape changes once the JVM inflates a reflective call; Jazzer-internal frames stay, since
   * the overflow may strike inside Jazzer's class-file transformer above the recursion.
   */
  Recursion recursionOf(Throwable thrown) {
    Throwable root = rootCause(thrown);
    if (!(root instanceof StackOverflowError)) {
      return null;
    }
    StackTraceElement[] stack = root.getStackTrace();
    int end = afterOutermostEntry(stack);
    List<String> frames = new ArrayList<>(end);
    for (int i = 0; i < end; i++) {
      if (!isSkipped(stack[i].getClassName())) {
        frames.add(stack[i].toString());
      }
    }
    return Recursion.find(frames, end < stack.length || endsAtEntry(stack)).orElse(null);
  }

  private boolean endsAtEntry(StackTraceElement[] stack) {
    return stack.length > 0 && isEntry(stack[stack.length - 1]);
  }

  /**
   * Jazzer's {@code hash(throwable, passToRootCause = true)}.
   *
   * @param ownStack the stack to use for {@code throwable} itself, or null for its own
   * @param framesOut receives the root cause's counted frames, or null
   * @param outerStack the stack {@code dropInternalFrames} gives {@code throwable}'s suppressed
   *     exceptions, or null when it leaves them alone
   */
  private byte[] digest(
      Throwable throwable,
      StackTraceElement[] ownStack,
      List<String> framesOut,
      StackTraceElement[] outerStack) {
    Throwable root = rootCause(throwable);
    StackTraceElement[] stack =
        root == throwable && ownStack != null ? ownStack : root.getStackTrace();
    List<String> frames = countedFrames(stack);
    if (framesOut != null) {
      framesOut.addAll(frames);
    }
    Throwable[] suppressed = throwable.getSuppressed();
    if (suppressed.length == 0) {
      return digestOf(root.getClass().getName(), frames);
    }
    MessageDigest sha = Digests.sha256();
    sha.update(root.getClass().getName().getBytes(UTF_8));
    for (String frame : frames) {
      sha.update(frame.getBytes(UTF_8));
    }
    sha.update(SUPPRESSED);
    for (Throwable each : suppressed) {
      sha.update(digest(each, outerStack, null, null));
    }
    return sha.digest();
  }

  /** {@code toString()} of the frames Jazzer hashes, innermost first. */
  List<String> countedFrames(StackTraceElement[] stack) {
    int end = afterOutermostEntry(stack);
    List<String> frames = new ArrayList<>(end);
    for (int i = 0; i < end; i++) {
      StackTraceElement frame = stack[i];
      String className = frame.getClassName();
      if (isInternal(className)) {
        break;
      }
      if (!isSkipped(className)) {
        frames.add(frame.toString());
      }
    }
    return frames;
  }

  private int afterOutermostEntry(StackTraceElement[] stack) {
    for (int i = stack.length - 1; i >= 0; i--) {
      if (isEntry(stack[i])) {
        return i + 1;
      }
    }
    return stack.length;
  }

  private boolean isEntry(StackTraceElement frame) {
    return frame.getMethodName().equals(entryMethod) && frame.getClassName().equals(entryClass);
  }

  private boolean isInternal(String className) {
    if (className.startsWith(JAZZER_PACKAGE_PREFIX)) {
      String rest = className.substring(JAZZER_PACKAGE_PREFIX.length());
      int dot = rest.indexOf('.');
      return !PUBLIC_JAZZER_PACKAGES.contains(dot < 0 ? rest : rest.substring(0, dot));
    }
    for (String prefix : extraInternalPrefixes) {
      if (className.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isSkipped(String className) {
    for (String prefix : SKIPPED_PREFIXES) {
      if (className.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Jazzer's stack-overflow clean-up: the frames from the bottom up to (not including) the first
   * frame seen before, in their original order.
   */
  static StackTraceElement[] bottomFramesWithoutRepetition(Throwable overflow) {
    StackTraceElement[] stack = overflow.getStackTrace();
    Set<StackTraceElement> seen = new HashSet<>();
    int start = stack.length;
    while (start > 0 && seen.add(stack[start - 1])) {
      start--;
    }
    StackTraceElement[] bottom = new StackTraceElement[stack.length - start];
    System.arraycopy(stack, start, bottom, 0, bottom.length);
    return bottom;
  }

  /** The deepest cause; a cycle of causes (which would hang Jazzer) stops where it closes. */
  static Throwable rootCause(Throwable throwable) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Throwable root = throwable;
    while (root.getCause() != null && seen.add(root)) {
      root = root.getCause();
    }
    return root;
  }
}

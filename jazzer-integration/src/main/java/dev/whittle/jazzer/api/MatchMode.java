package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * When a candidate's finding counts as the original one. Timeouts only ever match timeouts and
 * exits only exits with the same status, in every mode. Immutable.
 */
@API(status = STABLE, since = "0.1")
public final class MatchMode {
  /** Name of the default mode, the same Jazzer dedup token: {@link #dedupToken()}. */
  public static final String DEDUP_TOKEN = "dedup-token";

  /** Name of the mode that only asks for the same exception class: {@link #exceptionType()}. */
  public static final String EXCEPTION_TYPE = "exception-type";

  /** Prefix of the name of {@link #topFrames(int)}, followed by the number of frames. */
  public static final String TOP_FRAMES_PREFIX = "top-frames-";

  private static final String OUT_OF_MEMORY_ERROR = "java.lang.OutOfMemoryError";

  /** What a hidden class's name has after its host's: a slash and the address, {@code /0x..}. */
  private static final String HIDDEN_CLASS_MARK = "/0x";

  private enum Rule {
    DEDUP_TOKEN,
    EXCEPTION_TYPE,
    TOP_FRAMES
  }

  private static final MatchMode DEDUP = new MatchMode(Rule.DEDUP_TOKEN, 0);
  private static final MatchMode TYPE = new MatchMode(Rule.EXCEPTION_TYPE, 0);

  private final Rule rule;
  private final int frameCount;

  private MatchMode(Rule rule, int frameCount) {
    this.rule = rule;
    this.frameCount = frameCount;
  }

  /**
   * The same Jazzer dedup token: the finding Jazzer would report as the same bug. Two allowances:
   *
   * <ul>
   *   <li>A stack overflow (a finding whose root cause is a {@link StackOverflowError}) matches by
   *       the same exception class and the same {@link Finding#recursion() recursion}: its dedup
   *       token hashes the frames where the overflow struck, which move with the JIT's state, the
   *       stack size and the input's depth, so one overflow has many tokens. Two overflows in
   *       different recursions stay apart.
   *   <li>HotSpot gives only the first few {@code OutOfMemoryError}s of a JVM a stack trace ({@code
   *       -XX:PreallocatedOutOfMemoryErrorCount}, 4 by default), so an out-of-memory error without
   *       a stack trace matches an out-of-memory original by type alone.
   * </ul>
   */
  public static MatchMode dedupToken() {
    return DEDUP;
  }

  /** The same class of exception, wherever it was thrown. */
  public static MatchMode exceptionType() {
    return TYPE;
  }

  /**
   * The same innermost {@code n} frames of the root cause, of those that make up the dedup token (a
   * trace shorter than {@code n} must match whole). The exception class is not compared.
   */
  public static MatchMode topFrames(int n) {
    checkArgument(n >= 1, "topFrames needs at least 1 frame, was %s", n);
    return new MatchMode(Rule.TOP_FRAMES, n);
  }

  /**
   * The mode with this name: {@value #DEDUP_TOKEN}, {@value #EXCEPTION_TYPE} or {@code
   * top-frames-N}.
   *
   * @throws IllegalArgumentException naming the accepted forms
   */
  public static MatchMode named(String name) {
    checkNotNull(name, "name");
    if (name.equals(DEDUP_TOKEN)) {
      return DEDUP;
    }
    if (name.equals(EXCEPTION_TYPE)) {
      return TYPE;
    }
    if (name.startsWith(TOP_FRAMES_PREFIX)) {
      try {
        return topFrames(Integer.parseInt(name.substring(TOP_FRAMES_PREFIX.length())));
      } catch (NumberFormatException e) {
        // Falls through to the message below.
      }
    }
    throw new IllegalArgumentException(
        "unknown match mode '"
            + name
            + "'; known: "
            + DEDUP_TOKEN
            + ", "
            + EXCEPTION_TYPE
            + ", "
            + TOP_FRAMES_PREFIX
            + "N");
  }

  /** Whether {@code candidate} counts as a reproduction of {@code original}. */
  public boolean matches(Finding original, Finding candidate) {
    checkNotNull(original, "original");
    checkNotNull(candidate, "candidate");
    if (original.kind() != candidate.kind()) {
      return false;
    }
    return switch (original.kind()) {
      case TIMEOUT -> true;
      case EXIT -> original.exitStatus() == candidate.exitStatus();
      case THROWN -> thrownMatches(original, candidate);
    };
  }

  private boolean thrownMatches(Finding original, Finding candidate) {
    return switch (rule) {
      case DEDUP_TOKEN ->
          original.hasSameIdentityAs(candidate)
              || sameRecursion(original, candidate)
              || bothOutOfMemoryOneStackless(original, candidate)
              || bothOutOfMemorySameVisibleFrames(original, candidate);
      case EXCEPTION_TYPE -> original.exceptionClassName().equals(candidate.exceptionClassName());
      case TOP_FRAMES -> top(original.frames()).equals(top(candidate.frames()));
    };
  }

  private static boolean sameRecursion(Finding original, Finding candidate) {
    return original.recursion().isPresent()
        && candidate.recursion().isPresent()
        && original.exceptionClassName().equals(candidate.exceptionClassName())
        && original.recursion().get().sameAs(candidate.recursion().get());
  }

  private static boolean bothOutOfMemoryOneStackless(Finding original, Finding candidate) {
    return original.exceptionClassName().equals(OUT_OF_MEMORY_ERROR)
        && candidate.exceptionClassName().equals(OUT_OF_MEMORY_ERROR)
        && (original.frames().isEmpty() || candidate.frames().isEmpty());
  }

  /**
   * HotSpot fills the stack trace of its own out-of-memory errors with the frames of hidden classes
   * too (a lambda's {@code Outer$$Lambda$63/0x00007f..}), whose names change from JVM to JVM, where
   * a trace filled by {@link Throwable#fillInStackTrace} leaves them out: two such errors are the
   * same where their other frames are.
   */
  private static boolean bothOutOfMemorySameVisibleFrames(Finding original, Finding candidate) {
    return original.exceptionClassName().equals(OUT_OF_MEMORY_ERROR)
        && candidate.exceptionClassName().equals(OUT_OF_MEMORY_ERROR)
        && visible(original.frames()).equals(visible(candidate.frames()));
  }

  private static List<String> visible(List<String> frames) {
    return frames.stream().filter(frame -> !frame.contains(HIDDEN_CLASS_MARK)).toList();
  }

  private List<String> top(List<String> frames) {
    return frames.subList(0, Math.min(frameCount, frames.size()));
  }

  /** The name {@link #named} accepts for this mode. */
  public String name() {
    return switch (rule) {
      case DEDUP_TOKEN -> DEDUP_TOKEN;
      case EXCEPTION_TYPE -> EXCEPTION_TYPE;
      case TOP_FRAMES -> TOP_FRAMES_PREFIX + frameCount;
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MatchMode other && rule == other.rule && frameCount == other.frameCount;
  }

  @Override
  public int hashCode() {
    return Objects.hash(rule, frameCount);
  }

  @Override
  public String toString() {
    return name();
  }
}

package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one run of a fuzz target produced that counts as a bug: something it threw, a hang past the
 * per-call timeout, or a call to {@code System.exit}. Immutable, and free of references to the
 * target's classes, so that holding a finding keeps no class loader alive.
 *
 * <p>A thrown finding's identity is Jazzer 0.30.0's {@code DEDUP_TOKEN}; {@link #identity()} prints
 * it exactly as Jazzer does ({@code %016x}). A stack overflow also carries the {@link Recursion} it
 * struck in, by which {@link MatchMode#dedupToken()} matches it: its dedup token depends on where
 * in the recursion it struck.
 */
@API(status = STABLE, since = "0.1")
public final class Finding {
  /** The kinds of finding. */
  public enum Kind {
    /** The target threw, or a Jazzer bug detector reported a finding. */
    THROWN,
    /** The target ran past the per-call timeout. */
    TIMEOUT,
    /** The target called {@code System.exit} or {@code Runtime.halt}. */
    EXIT
  }

  /** What {@link #identity()} says for every timeout. */
  public static final String TIMEOUT_IDENTITY = "timeout";

  /** What {@link #identity()} starts with for an exit, followed by the status. */
  public static final String EXIT_IDENTITY_PREFIX = "exit-";

  private final Kind kind;
  private final String exceptionClassName;
  private final String message;
  private final long dedupToken;
  private final ImmutableList<String> frames;
  private final Recursion recursion;
  private final int exitStatus;
  private final String classPathProblem;

  private Finding(
      Kind kind,
      String exceptionClassName,
      String message,
      long dedupToken,
      ImmutableList<String> frames,
      Recursion recursion,
      int exitStatus,
      String classPathProblem) {
    this.kind = kind;
    this.exceptionClassName = exceptionClassName;
    this.message = message;
    this.dedupToken = dedupToken;
    this.frames = frames;
    this.recursion = recursion;
    this.exitStatus = exitStatus;
    this.classPathProblem = classPathProblem;
  }

  /**
   * A thrown finding.
   *
   * @param exceptionClassName the class of what the target threw (before Jazzer's wrapping of stack
   *     overflows and out-of-memory errors)
   * @param message its message, or null
   * @param dedupToken Jazzer's dedup token
   * @param frames the stack frames ({@link StackTraceElement#toString()}) that went into the token
   *     for the root cause, innermost first
   */
  public static Finding thrown(
      String exceptionClassName, String message, long dedupToken, List<String> frames) {
    return thrown(exceptionClassName, message, dedupToken, frames, null);
  }

  /**
   * A thrown finding whose root cause is a {@link StackOverflowError} that struck in {@code
   * recursion}, which identifies it better than the dedup token (see {@link Recursion}).
   *
   * @param recursion the recursion, or null when there is none (an overflow thrown by hand, not by
   *     the JVM, or a finding of another kind)
   */
  public static Finding thrown(
      String exceptionClassName,
      String message,
      long dedupToken,
      List<String> frames,
      Recursion recursion) {
    checkNotNull(exceptionClassName, "exceptionClassName");
    checkNotNull(frames, "frames");
    return new Finding(
        Kind.THROWN,
        exceptionClassName,
        message,
        dedupToken,
        ImmutableList.copyOf(frames),
        recursion,
        0,
        null);
  }

  /**
   * This thrown finding, marked as a broken class path: what was thrown is (or was caused by) a
   * linkage error, which says that the target's classes do not fit together, not that the input
   * found a bug. {@code problem} says what is missing and which class path entry to check.
   */
  public Finding withClassPathProblem(String problem) {
    checkNotNull(problem, "problem");
    checkArgument(kind == Kind.THROWN, "only a thrown finding has a class path problem: %s", this);
    return new Finding(
        kind, exceptionClassName, message, dedupToken, frames, recursion, exitStatus, problem);
  }

  /** A run that did not finish within the per-call timeout. */
  public static Finding timeout() {
    return new Finding(Kind.TIMEOUT, "", null, 0, ImmutableList.of(), null, 0, null);
  }

  /** A run that asked the JVM to exit with {@code status}. */
  public static Finding exit(int status) {
    return new Finding(Kind.EXIT, "", null, 0, ImmutableList.of(), null, status, null);
  }

  public Kind kind() {
    return kind;
  }

  /** The class name of what was thrown; empty for timeouts and exits. */
  public String exceptionClassName() {
    return exceptionClassName;
  }

  /** The message of what was thrown, if it had one. Messages never take part in identity. */
  public Optional<String> message() {
    return Optional.ofNullable(message);
  }

  /** Jazzer's dedup token for a thrown finding; 0 for timeouts and exits. */
  public long dedupToken() {
    return dedupToken;
  }

  /**
   * The root cause's stack frames that went into the dedup token, innermost first; empty for
   * timeouts and exits, and for errors the JVM threw without a stack trace.
   */
  public List<String> frames() {
    return frames;
  }

  /**
   * What a linkage error behind this finding says about the target's class path (the missing class
   * or method, and the entries to check); empty for a finding of the target's own.
   */
  public Optional<String> classPathProblem() {
    return Optional.ofNullable(classPathProblem);
  }

  /** The innermost frame of the root cause, if it has any. */
  public Optional<String> topFrame() {
    return frames.isEmpty() ? Optional.empty() : Optional.of(frames.get(0));
  }

  /**
   * The finding for people: for a thrown one its class, message (on one line, cut when long) and
   * innermost frame with the dedup token, {@code "java.lang.IllegalStateException: bad header at
   * com.example.Parser.parse(Parser.java:12) (DEDUP_TOKEN 0123456789abcdef)"}; {@code timeout};
   * {@code System.exit(3)}.
   */
  public String describe() {
    if (kind != Kind.THROWN) {
      return toString();
    }
    StringBuilder text = new StringBuilder(exceptionClassName);
    if (message != null) {
      text.append(": ").append(oneLine(message));
    }
    topFrame().ifPresent(frame -> text.append(" at ").append(frame));
    return text.append(" (DEDUP_TOKEN ").append(identity()).append(')').toString();
  }

  /** How much of a message {@link #describe} shows: a hostile one can be megabytes. */
  static final int SHOWN_MESSAGE_CHARS = 200;

  private static String oneLine(String message) {
    String line = message.replace("\r", "").replace('\n', ' ').replace('\t', ' ');
    return line.length() <= SHOWN_MESSAGE_CHARS
        ? line
        : line.substring(0, SHOWN_MESSAGE_CHARS) + "... (" + line.length() + " chars)";
  }

  /**
   * For a thrown finding whose root cause is a stack overflow, the recursion it struck in: what
   * {@link MatchMode#dedupToken()} compares instead of the dedup token, which depends on where in
   * the recursion the overflow struck. Empty for every other finding.
   */
  public Optional<Recursion> recursion() {
    return Optional.ofNullable(recursion);
  }

  /** The requested exit status of an {@link Kind#EXIT} finding. */
  public int exitStatus() {
    checkArgument(kind == Kind.EXIT, "not an exit finding: %s", this);
    return exitStatus;
  }

  /**
   * The identity as text: the dedup token as Jazzer prints it ({@code DEDUP_TOKEN: %016x}) for a
   * thrown finding, {@value #TIMEOUT_IDENTITY} for a timeout, {@code exit-STATUS} for an exit.
   */
  public String identity() {
    return switch (kind) {
      case THROWN -> String.format(Locale.ROOT, "%016x", dedupToken);
      case TIMEOUT -> TIMEOUT_IDENTITY;
      case EXIT -> EXIT_IDENTITY_PREFIX + exitStatus;
    };
  }

  /**
   * Same kind and same identity (for a thrown finding, the same exception class and dedup token):
   * the strictest match, which {@link MatchMode#dedupToken()} relaxes only for stack overflows (by
   * their {@link #recursion()}) and frameless out-of-memory errors.
   */
  public boolean hasSameIdentityAs(Finding other) {
    return kind == other.kind
        && dedupToken == other.dedupToken
        && exitStatus == other.exitStatus
        && exceptionClassName.equals(other.exceptionClassName);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Finding other
        && hasSameIdentityAs(other)
        && frames.equals(other.frames)
        && Objects.equals(recursion, other.recursion)
        && Objects.equals(message, other.message);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, exceptionClassName, dedupToken, exitStatus);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case THROWN ->
          exceptionClassName
              + " (DEDUP_TOKEN "
              + identity()
              + (recursion == null ? "" : ", matched by its " + recursion)
              + ")";
      case TIMEOUT -> "timeout";
      case EXIT -> "System.exit(" + exitStatus + ")";
    };
  }
}

package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.google.common.collect.ImmutableList;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The recursion a stack overflow struck in, which identifies it where Jazzer's {@code DEDUP_TOKEN}
 * cannot: that token hashes the frames at the top of the stack, and where in the recursion the
 * overflow struck (which method of a cycle of mutually recursive ones, which depth) moves with the
 * JIT's state, the thread's stack size and the input. Immutable.
 *
 * <p>Two parts:
 *
 * <ul>
 *   <li>The recursion's frames: the distinct frames ({@link StackTraceElement#toString()}, line
 *       numbers included) that recur in the lower half of the recursive part of the stack trace,
 *       sorted. A cycle's frames are the same set in whichever of its rotations the overflow
 *       struck, and the set also stays when the nesting mixes kinds (arrays in objects in arrays)
 *       so that the stack has no period at all, or when a reducer deletes one level of it. The
 *       lower half leaves out what ran at the overflow's point, above the recursion: a class being
 *       loaded, an exception being built.
 *   <li>The frame that entered the recursion: the first one below its outermost recurring frame.
 *       HotSpot keeps only the innermost {@code -XX:MaxJavaStackTraceDepth} frames (1024 by
 *       default), so for a deep recursion that frame is usually not in the trace; it is then
 *       unknown, and two recursions match on their frames alone.
 * </ul>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Recursion {
  private final ImmutableList<String> frames;
  private final String entry;

  private Recursion(ImmutableList<String> frames, String entry) {
    this.frames = frames;
    this.entry = entry;
  }

  /**
   * A recursion with these frames, entered from {@code entry}.
   *
   * @param frames the recursion's frames, in any order (duplicates are dropped)
   * @param entry the frame that entered it, or null if it is not known
   */
  public static Recursion of(List<String> frames, String entry) {
    checkNotNull(frames, "frames");
    checkArgument(!frames.isEmpty(), "a recursion needs at least one frame");
    return new Recursion(ImmutableList.copyOf(new TreeSet<>(frames)), entry);
  }

  /**
   * The recursion in a stack, or empty when nothing in it recurs.
   *
   * @param stack the frames, innermost first, as far as they count (cut below the fuzz target's
   *     entry point, without reflection frames)
   * @param complete whether the stack reaches down to the fuzz target's entry point, so that the
   *     frame entering the recursion is in it
   */
  public static Optional<Recursion> find(List<String> stack, boolean complete) {
    checkNotNull(stack, "stack");
    Map<String, Integer> counts = counts(stack, 0, stack.size());
    int end = stack.size();
    while (end > 0 && counts.get(stack.get(end - 1)) < 2) {
      end--;
    }
    if (end == 0) {
      return Optional.empty();
    }
    int lowerHalf = end / 2;
    Map<String, Integer> lower = counts(stack, lowerHalf, end);
    List<String> recurring = new ArrayList<>();
    for (Map.Entry<String, Integer> frame : lower.entrySet()) {
      if (frame.getValue() >= 2) {
        recurring.add(frame.getKey());
      }
    }
    if (recurring.isEmpty()) {
      return Optional.empty();
    }
    String entry = complete && end < stack.size() ? stack.get(end) : null;
    return Optional.of(of(recurring, entry));
  }

  private static Map<String, Integer> counts(List<String> stack, int from, int to) {
    Map<String, Integer> counts = new HashMap<>();
    for (int i = from; i < to; i++) {
      counts.merge(stack.get(i), 1, Integer::sum);
    }
    return counts;
  }

  /** The recursion's distinct frames, sorted. */
  public List<String> frames() {
    return frames;
  }

  /** The frame that entered the recursion, if the stack trace reached it. */
  public Optional<String> entry() {
    return Optional.ofNullable(entry);
  }

  /** A short name for the frames: the first 8 bytes of their SHA-256, as {@code %016x}. */
  public String id() {
    MessageDigest sha = sha256();
    for (String frame : frames) {
      sha.update(frame.getBytes(UTF_8));
      sha.update((byte) '\n');
    }
    return String.format(Locale.ROOT, "%016x", ByteBuffer.wrap(sha.digest()).getLong());
  }

  /**
   * Whether {@code other} is the same recursion: the same frames, entered from the same frame where
   * both stacks show it.
   */
  public boolean sameAs(Recursion other) {
    checkNotNull(other, "other");
    return frames.equals(other.frames)
        && (entry == null || other.entry == null || entry.equals(other.entry));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Recursion other
        && frames.equals(other.frames)
        && Objects.equals(entry, other.entry);
  }

  @Override
  public int hashCode() {
    return Objects.hash(frames, entry);
  }

  /** {@code recursion ID of N frames}, and where it was entered if known. */
  @Override
  public String toString() {
    return "recursion "
        + id()
        + " of "
        + frames.size()
        + (frames.size() == 1 ? " frame" : " frames")
        + (entry == null ? "" : " entered at " + entry);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform must support SHA-256", e);
    }
  }
}

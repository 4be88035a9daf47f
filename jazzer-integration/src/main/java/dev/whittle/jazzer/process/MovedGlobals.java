package dev.whittle.jazzer.process;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The JVM-global state a runner's runs changed, which a fresh class loader does not reset: a run in
 * this JVM then does not start as a run in a fresh JVM does. See {@code TargetRunner.movedGlobals}.
 *
 * @param restored what runs changed and the runner put back before the next run
 * @param lasting what runs changed and nothing can put back in this JVM, such as a one-shot factory
 *     of {@code java.net}: every later run in this JVM sees it
 */
@API(status = INTERNAL, since = "0.1")
public record MovedGlobals(SortedSet<String> restored, SortedSet<String> lasting) {
  /** Nothing moved. */
  public static final MovedGlobals NONE = new MovedGlobals(new TreeSet<>(), new TreeSet<>());

  public MovedGlobals {
    restored = Collections.unmodifiableSortedSet(new TreeSet<>(checkNotNull(restored, "restored")));
    lasting = Collections.unmodifiableSortedSet(new TreeSet<>(checkNotNull(lasting, "lasting")));
  }

  /** Whether any run changed anything. */
  public boolean any() {
    return !restored.isEmpty() || !lasting.isEmpty();
  }

  /** What both moved; a global lasting in either is lasting. */
  public MovedGlobals and(MovedGlobals other) {
    SortedSet<String> bothLasting = new TreeSet<>(lasting);
    bothLasting.addAll(other.lasting);
    SortedSet<String> bothRestored = new TreeSet<>(restored);
    bothRestored.addAll(other.restored);
    bothRestored.removeAll(bothLasting);
    return new MovedGlobals(bothRestored, bothLasting);
  }

  /** For people: "the target changed the default locale (restored before each run)", or empty. */
  public String describe() {
    if (!any()) {
      return "";
    }
    StringBuilder text = new StringBuilder("the target changed JVM-global state in its runs: ");
    if (!restored.isEmpty()) {
      text.append(String.join(", ", restored)).append(" (restored before each run)");
    }
    if (!lasting.isEmpty()) {
      if (!restored.isEmpty()) {
        text.append("; ");
      }
      text.append(String.join(", ", lasting)).append(" (cannot be reset in this JVM)");
    }
    return text.toString();
  }
}

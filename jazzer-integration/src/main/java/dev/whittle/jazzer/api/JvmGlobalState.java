package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.process.GlobalState;
import dev.whittle.jazzer.process.MovedGlobals;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The JVM-global state that a fresh class loader does not reset (default locale and time zone,
 * system properties, standard streams, {@code java.net}'s defaults), as captured at one moment, to
 * put back later. Whittle's own runs start from the state before their first run and put back what
 * each moved; a front door whose target also ran before Whittle saw it (the JUnit extension, after
 * Jazzer's own failing invocation) captures the state before the target's first run, so that
 * shrinking starts where a fresh JVM would, not where the failing input left the JVM.
 */
@API(status = INTERNAL, since = "0.1")
public final class JvmGlobalState {
  private final GlobalState state;

  private JvmGlobalState(GlobalState state) {
    this.state = state;
  }

  /** The state as it is now. */
  public static JvmGlobalState capture() {
    return new JvmGlobalState(GlobalState.baseline());
  }

  /** Puts back what moved since {@link #capture}, and says what that was. */
  public Restored restore() {
    state.afterRun();
    MovedGlobals moved = state.moved();
    List<String> names = new ArrayList<>(moved.restored());
    names.addAll(moved.lasting());
    return new Restored(names, !moved.lasting().isEmpty());
  }

  /**
   * What {@link #restore} found moved.
   *
   * @param moved the names of what moved, for people ("default locale", "system properties"), empty
   *     when nothing moved
   * @param lasting whether something moved that nothing can put back in this JVM (a one-shot
   *     factory of {@code java.net}): no run in this JVM then shows what a fresh JVM does
   */
  public record Restored(List<String> moved, boolean lasting) {
    /** Nothing moved. */
    public static final Restored NOTHING = new Restored(List.of(), false);

    public Restored {
      moved = List.copyOf(moved);
    }

    /** Whether anything moved. */
    public boolean any() {
      return !moved.isEmpty();
    }
  }
}

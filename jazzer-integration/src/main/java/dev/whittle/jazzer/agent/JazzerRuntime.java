package dev.whittle.jazzer.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Jazzer's bug detectors, reached through {@code
 * com.code_intelligence.jazzer.runtime.JazzerInternal}: the copy the target's loader sees, and the
 * one on the boot class path where Jazzer's agent (see {@link JazzerAgent}) puts the detectors,
 * when that is another class (a test class path may hold a second copy). Its two static fields are
 * internal API of Jazzer 0.30.0, so they are looked up reflectively and their absence is a
 * supported state, not an error: plain exceptions are findings either way.
 *
 * <p>Detectors only fire while {@code hooksEnabled} is true, and report through {@code lastFinding}
 * (then throw a {@code HardToCatchError} the target might swallow), so a run MUST {@link #begin}
 * before the call and {@link #end} after it; the finding in {@code lastFinding} takes precedence
 * over what was thrown, as in Jazzer's {@code FuzzTargetRunner}.
 */
@API(status = INTERNAL, since = "0.1")
public final class JazzerRuntime {
  public static final String JAZZER_INTERNAL =
      "com.code_intelligence.jazzer.runtime.JazzerInternal";

  private static final JazzerRuntime ABSENT = new JazzerRuntime(List.of());

  /** One copy of {@code JazzerInternal}'s two fields. */
  private record Copy(VarHandle hooksEnabled, VarHandle lastFinding) {}

  private final List<Copy> copies;

  private JazzerRuntime(List<Copy> copies) {
    this.copies = copies;
  }

  /** The runtime {@code loader} sees, or one that does nothing if it sees none. */
  public static JazzerRuntime visibleFrom(ClassLoader loader) {
    List<Class<?>> classes = new ArrayList<>(2);
    addIfLoadable(classes, loader);
    if (JazzerAgent.onBootClassPath()) {
      addIfLoadable(classes, ClassLoader.getPlatformClassLoader());
    }
    List<Copy> copies = new ArrayList<>(classes.size());
    for (Class<?> internal : classes) {
      try {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        copies.add(
            new Copy(
                lookup.findStaticVarHandle(internal, "hooksEnabled", boolean.class),
                lookup.findStaticVarHandle(internal, "lastFinding", Throwable.class)));
      } catch (ReflectiveOperationException | LinkageError e) {
        // Not the JazzerInternal this class knows: nothing to arm there.
      }
    }
    return copies.isEmpty() ? ABSENT : new JazzerRuntime(List.copyOf(copies));
  }

  private static void addIfLoadable(List<Class<?>> classes, ClassLoader loader) {
    try {
      Class<?> internal = Class.forName(JAZZER_INTERNAL, true, loader);
      if (!classes.contains(internal)) {
        classes.add(internal);
      }
    } catch (ReflectiveOperationException | LinkageError e) {
      // Not visible from there.
    }
  }

  public boolean isPresent() {
    return !copies.isEmpty();
  }

  /** The state to restore after a run, per copy. */
  public record Saved(boolean[] hooksEnabled, Throwable[] lastFinding) {}

  private static final Saved NOTHING_SAVED = new Saved(new boolean[0], new Throwable[0]);

  /** Enables the detectors and clears the last finding; returns what to restore. */
  public Saved begin() {
    if (copies.isEmpty()) {
      return NOTHING_SAVED;
    }
    int n = copies.size();
    Saved saved = new Saved(new boolean[n], new Throwable[n]);
    for (int i = 0; i < n; i++) {
      Copy copy = copies.get(i);
      saved.hooksEnabled()[i] = (boolean) copy.hooksEnabled().get();
      saved.lastFinding()[i] = (Throwable) copy.lastFinding().get();
      copy.hooksEnabled().set(true);
      copy.lastFinding().set((Throwable) null);
    }
    return saved;
  }

  /** Restores {@code saved} and returns the finding a detector reported during the run, or null. */
  public Throwable end(Saved saved) {
    Throwable reported = null;
    for (int i = 0; i < copies.size(); i++) {
      Copy copy = copies.get(i);
      Throwable here = (Throwable) copy.lastFinding().get();
      if (reported == null) {
        reported = here;
      }
      copy.lastFinding().set(saved.lastFinding()[i]);
      copy.hooksEnabled().set(saved.hooksEnabled()[i]);
    }
    return reported;
  }
}

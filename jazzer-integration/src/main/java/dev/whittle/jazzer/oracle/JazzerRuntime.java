package dev.whittle.jazzer.oracle;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Jazzer's bug detectors, reached through {@code
 * com.code_intelligence.jazzer.runtime.JazzerInternal} when the target's loader can see it
 * (Jazzer's agent puts it on the boot class path). Its two static fields are internal API of Jazzer
 * 0.30.0, so they are looked up reflectively and their absence is a supported state, not an error:
 * plain exceptions are findings either way.
 *
 * <p>Detectors only fire while {@code hooksEnabled} is true, and report through {@code lastFinding}
 * (then throw a {@code HardToCatchError} the target might swallow), so a run MUST {@link #begin}
 * before the call and {@link #end} after it; the finding in {@code lastFinding} takes precedence
 * over what was thrown, as in Jazzer's {@code FuzzTargetRunner}.
 */
final class JazzerRuntime {
  static final String JAZZER_INTERNAL = "com.code_intelligence.jazzer.runtime.JazzerInternal";

  private static final JazzerRuntime ABSENT = new JazzerRuntime(null, null);

  private final VarHandle hooksEnabled;
  private final VarHandle lastFinding;

  private JazzerRuntime(VarHandle hooksEnabled, VarHandle lastFinding) {
    this.hooksEnabled = hooksEnabled;
    this.lastFinding = lastFinding;
  }

  /** The runtime {@code loader} sees, or one that does nothing if it sees none. */
  static JazzerRuntime visibleFrom(ClassLoader loader) {
    try {
      Class<?> internal = Class.forName(JAZZER_INTERNAL, true, loader);
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      return new JazzerRuntime(
          lookup.findStaticVarHandle(internal, "hooksEnabled", boolean.class),
          lookup.findStaticVarHandle(internal, "lastFinding", Throwable.class));
    } catch (ReflectiveOperationException | LinkageError e) {
      return ABSENT;
    }
  }

  boolean isPresent() {
    return hooksEnabled != null;
  }

  /** The state to restore after a run. */
  record Saved(boolean hooksEnabled, Throwable lastFinding) {}

  private static final Saved NOTHING_SAVED = new Saved(true, null);

  /** Enables the detectors and clears the last finding; returns what to restore. */
  Saved begin() {
    if (hooksEnabled == null) {
      return NOTHING_SAVED;
    }
    Saved saved = new Saved((boolean) hooksEnabled.get(), (Throwable) lastFinding.get());
    hooksEnabled.set(true);
    lastFinding.set((Throwable) null);
    return saved;
  }

  /** Restores {@code saved} and returns the finding a detector reported during the run, or null. */
  Throwable end(Saved saved) {
    if (hooksEnabled == null) {
      return null;
    }
    Throwable reported = (Throwable) lastFinding.get();
    lastFinding.set(saved.lastFinding());
    hooksEnabled.set(saved.hooksEnabled());
    return reported;
  }
}

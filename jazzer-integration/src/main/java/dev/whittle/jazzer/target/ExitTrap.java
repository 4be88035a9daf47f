package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.StackWalker.Option;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the target's exit calls become ({@link ExitCallRewriter}): each method records the exit
 * request for the run in progress and throws {@link TargetExitRequest}. Each has the stack effect
 * of the call it replaces, so the rewritten code keeps its stack-map frames. Public only because
 * rewritten target classes, in loaders of their own, call it; {@link TargetClassLoader} and {@link
 * FuzzTestClassLoader} resolve this class to Whittle's own, whatever the target's class path holds.
 */
@API(status = INTERNAL, since = "0.1")
public final class ExitTrap {
  /** Hidden frames too: a method reference {@code System::exit} runs in a hidden lambda class. */
  private static final StackWalker STACK =
      StackWalker.getInstance(EnumSet.of(Option.RETAIN_CLASS_REFERENCE, Option.SHOW_HIDDEN_FRAMES));

  private ExitTrap() {}

  /** Replaces {@code System.exit(int)}. */
  public static void exit(int status) {
    throw request("System.exit", status);
  }

  /** Replaces {@code runtime.exit(int)}: same operands, receiver first. */
  public static void exit(Runtime runtime, int status) {
    Objects.requireNonNull(runtime); // As the virtual call would have thrown.
    throw request("Runtime.exit", status);
  }

  /** Replaces {@code runtime.halt(int)}: same operands, receiver first. */
  public static void halt(Runtime runtime, int status) {
    Objects.requireNonNull(runtime);
    throw request("Runtime.halt", status);
  }

  private static TargetExitRequest request(String call, int status) {
    RunWorker.recordExitRequest(status, callingTargetLoader().orElse(null));
    return new TargetExitRequest(call, status);
  }

  /** The loader of the innermost target class on the stack: the runner that asked to exit. */
  private static Optional<CurrentRun.Owner> callingTargetLoader() {
    return STACK.walk(
        frames ->
            frames
                .map(frame -> frame.getDeclaringClass().getClassLoader())
                .filter(CurrentRun.Owner.class::isInstance)
                .map(CurrentRun.Owner.class::cast)
                .findFirst());
  }
}

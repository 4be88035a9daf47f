package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What the target's exit calls become ({@link ExitCallRewriter}): each method records the exit
 * request for the run in progress and throws {@link TargetExitRequest}. Each has the stack effect
 * of the call it replaces, so the rewritten code keeps its stack-map frames. Public only because
 * rewritten target classes, in loaders of their own, call it; {@link TargetClassLoader} resolves
 * this class to Whittle's own, whatever the target's class path holds.
 */
@API(status = INTERNAL)
public final class ExitTrap {
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
    AttemptWorker.recordExitRequest(status);
    return new TargetExitRequest(call, status);
  }
}

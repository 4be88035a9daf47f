package dev.whittle.jazzer.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.instrument.Instrumentation;
import org.apiguardian.api.API;

/**
 * whittle.jar's {@code Launcher-Agent-Class}: under {@code java -jar whittle.jar} the JVM hands it
 * an {@link Instrumentation} before {@code main} runs, so that {@link JazzerAgent} can install
 * Jazzer's bug detectors without attaching to its own JVM (which Java 9 and later only allow with
 * {@code -Djdk.attach.allowAttachSelf=true}, and which Byte Buddy otherwise does by starting a
 * second JVM). It only keeps the instance; nothing is installed until a minimization asks.
 */
@API(status = INTERNAL, since = "0.1")
public final class LauncherAgent {
  private static volatile Instrumentation instrumentation;

  private LauncherAgent() {}

  /** Called by the JVM before {@code main}. */
  public static void agentmain(String args, Instrumentation inst) {
    instrumentation = inst;
  }

  /** The launcher's instrumentation, or null when Whittle was not started with {@code -jar}. */
  static Instrumentation instrumentation() {
    return instrumentation;
  }
}

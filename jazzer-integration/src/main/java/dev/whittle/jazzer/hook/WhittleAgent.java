package dev.whittle.jazzer.hook;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The crash-minimization hook for Jazzer runs, as a Java agent: {@code
 * -javaagent:whittle.jar[=OPTIONS]} on the JVM that runs Jazzer's standalone driver. It installs a
 * shutdown hook ({@link CrashHook}) and nothing else: no class is transformed, so every stack
 * frame, and with it every {@code DEDUP_TOKEN} Jazzer prints, stays as without it. The options are
 * described in {@link HookOptions}.
 */
@API(status = INTERNAL, since = "0.1")
public final class WhittleAgent {
  private WhittleAgent() {}

  /** The agent's entry point, called by the JVM before {@code main}. */
  public static void premain(String agentArgs, Instrumentation instrumentation) {
    premain(agentArgs);
  }

  /** The entry point the JVM falls back to. */
  public static void premain(String agentArgs) {
    PrintStream log = CrashHook.processStandardError();
    try {
      HookOptions options = HookOptions.parse(agentArgs);
      List<String> arguments = JazzerRun.jvmArguments();
      String prefix = options.artifactPrefix().orElseGet(() -> JazzerRun.artifactPrefix(arguments));
      CrashFiles crashFiles = CrashFiles.snapshot(prefix);
      JazzerReproducers reproducers =
          JazzerReproducers.snapshot(Path.of(JazzerRun.reproducerPath(arguments)));
      Thread hook =
          new Thread(
              new CrashHook(
                  options,
                  crashFiles,
                  Optional.of(reproducers),
                  JazzerRun.runsFuzzingJobs(arguments),
                  JazzerRun::fuzzTargetClass,
                  log),
              "whittle-crash-hook");
      Runtime.getRuntime().addShutdownHook(hook);
    } catch (RuntimeException e) {
      // Never stands in the way of the fuzzing run itself.
      log.println("whittle: crash hook not installed: " + e.getMessage());
    }
  }
}

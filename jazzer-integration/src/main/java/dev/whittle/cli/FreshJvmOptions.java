package dev.whittle.cli;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.FreshJvmVerification;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * How {@code minimize} verifies a result in fresh JVMs: which results, how many, with what. The
 * options that set these fields are in {@link MinimizeCommandSpec}.
 */
final class FreshJvmOptions {
  List<String> jvmArgs;

  boolean verifyInFreshJvm;

  boolean noFreshJvm;

  int freshJvmRuns;

  /**
   * {@code minimizer} verifying as these options say.
   *
   * @throws ParameterException for options that exclude each other or values out of range
   */
  CrashMinimizer applyTo(CrashMinimizer minimizer, CommandLine command) {
    CrashMinimizer configured =
        minimizer.withFreshJvmVerification(mode(command)).withFreshJvmRuns(freshJvmRuns);
    return jvmArgs == null ? configured : configured.withFreshJvmArgs(jvmArgs);
  }

  private FreshJvmVerification mode(CommandLine command) {
    if (verifyInFreshJvm && noFreshJvm) {
      throw new ParameterException(
          command, "--verify-in-fresh-jvm and --no-fresh-jvm exclude each other");
    }
    if (freshJvmRuns < 1) {
      throw new ParameterException(
          command, "--fresh-jvm-runs must be at least 1, was " + freshJvmRuns);
    }
    if (jvmArgs != null) {
      for (String arg : jvmArgs) {
        if (!arg.startsWith("-")) {
          throw new ParameterException(
              command, "--jvm-arg takes a JVM option starting with '-', got: " + arg);
        }
      }
    }
    return verifyInFreshJvm
        ? FreshJvmVerification.ALWAYS
        : noFreshJvm ? FreshJvmVerification.OFF : FreshJvmVerification.RESOURCE_FINDINGS;
  }
}

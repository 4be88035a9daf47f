package dev.whittle.cli;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.FreshJvmVerification;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** How {@code minimize} verifies a result in fresh JVMs: which results, how many, with what. */
final class FreshJvmOptions {
  @Option(
      names = "--jvm-arg",
      paramLabel = "OPTION",
      arity = "1",
      description =
          "An option of the fresh JVMs that verify a result, such as -Xss512k or -Xmx256m;"
              + " repeatable. Default: the -Xss, -Xmx and -Xms this JVM runs with.")
  List<String> jvmArgs;

  @Option(
      names = "--verify-in-fresh-jvm",
      description =
          "Verify every result in fresh JVMs, not only StackOverflowError and OutOfMemoryError"
              + " ones. Costs a JVM start per run.")
  boolean verifyInFreshJvm;

  @Option(
      names = "--no-fresh-jvm",
      description =
          "Verify every result in a fresh class loader only, resource findings too (as before"
              + " fresh JVMs were used).")
  boolean noFreshJvm;

  @Option(
      names = "--fresh-jvm-runs",
      paramLabel = "N",
      defaultValue = "3",
      description = "How many fresh JVMs must each reproduce a result. Default: ${DEFAULT-VALUE}.")
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

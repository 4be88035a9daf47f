package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.Jazzer;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Jazzer 0.30.0's real standalone driver in a child JVM, as the tests run it: the JVM options that
 * halve its start-up without changing a stack frame, Jazzer and its API and the test targets on the
 * class path, coverage instrumentation off, the output to a file (a stack overflow's trace alone
 * could fill a pipe and stall Jazzer).
 */
public final class RealJazzer {
  private RealJazzer() {}

  /**
   * The command: {@code java}, then {@code jvmOptions}, the class path with {@code extraClassPath}
   * appended, the driver for {@code targetClass}, and {@code jazzerArguments}.
   */
  public static List<String> command(
      List<String> jvmOptions,
      List<Path> extraClassPath,
      String targetClass,
      List<String> jazzerArguments) {
    List<String> classPath = new ArrayList<>();
    classPath.add(TargetPaths.codeSourceOf(Jazzer.class).toString());
    classPath.add(TargetPaths.codeSourceOf(FuzzedDataProvider.class).toString());
    classPath.add(TargetPaths.classPath().get(0).toString());
    extraClassPath.forEach(entry -> classPath.add(entry.toString()));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-cp");
    command.add(String.join(File.pathSeparator, classPath));
    command.add(Jazzer.class.getName());
    command.add("--target_class=" + targetClass);
    command.add("--instrumentation_excludes=**");
    command.addAll(jazzerArguments);
    return command;
  }

  /** Starts {@code command} in {@code workDirectory}, standard output and error to {@code log}. */
  public static Process start(List<String> command, Path workDirectory, Path log)
      throws IOException {
    return new ProcessBuilder(command)
        .directory(workDirectory.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /** Waits for {@code jazzer} to end, or kills it and fails after {@code limit}. */
  public static int await(Process jazzer, Duration limit) throws InterruptedException {
    if (!jazzer.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
      jazzer.destroyForcibly();
      throw new AssertionError("Jazzer did not finish within " + limit.toSeconds() + " s");
    }
    return jazzer.exitValue();
  }
}

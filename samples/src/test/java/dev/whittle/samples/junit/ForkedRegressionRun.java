package dev.whittle.samples.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs one fuzz test class through the JUnit Platform in regression mode in a JVM of its own, as
 * Surefire's fork would, so that a test that could end the JVM cannot end the one running the
 * tests. The child prints each failure (its display name, the failure, its causes and suppressed
 * exceptions) between markers, then a summary line; a JVM that ends before the summary is what
 * Surefire reports as "The forked VM terminated without properly saying goodbye".
 */
final class ForkedRegressionRun {
  static final String BEGIN = "--- failure ---";
  static final String END = "--- end of failure ---";
  static final String SUMMARY = "--- summary: ";

  /** What the child printed and how it ended. */
  record Outcome(int exitCode, String output) {
    /** The text between the markers of the only failure, or an error naming the output. */
    String onlyFailure() {
      int begin = output.indexOf(BEGIN);
      int end = output.indexOf(END);
      if (begin < 0 || end < begin || output.indexOf(BEGIN, begin + 1) >= 0) {
        throw new AssertionError("not exactly one failure reported:\n" + output);
      }
      return output.substring(begin + BEGIN.length(), end);
    }
  }

  private ForkedRegressionRun() {}

  /**
   * Runs {@code testClass} in a new JVM with extension auto-detection on and {@code parameters}
   * ({@code key=value}) as JUnit configuration parameters, in {@code directory}.
   */
  static Outcome run(Path directory, String testClass, List<String> parameters)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.add("-cp");
    // Absolute: the child runs in another directory.
    command.add(
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
            .map(entry -> Path.of(entry).toAbsolutePath().toString())
            .collect(Collectors.joining(File.pathSeparator)));
    command.add(ForkedRegressionRun.class.getName());
    command.add(testClass);
    command.addAll(parameters);
    Path log = Files.createTempFile(directory, "regression", ".log");
    Process process =
        new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!process.waitFor(300, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the regression run did not end in time:\n" + Files.readString(log));
    }
    return new Outcome(process.exitValue(), Files.readString(log));
  }

  public static void main(String[] args) throws ClassNotFoundException {
    EngineTestKit.Builder engine =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(Class.forName(args[0])))
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true");
    for (int i = 1; i < args.length; i++) {
      int equals = args[i].indexOf('=');
      engine.configurationParameter(args[i].substring(0, equals), args[i].substring(equals + 1));
    }
    EngineExecutionResults results = engine.execute();
    for (Event event : results.testEvents().failed().list()) {
      Throwable thrown =
          event
              .getPayload(TestExecutionResult.class)
              .flatMap(TestExecutionResult::getThrowable)
              .orElseThrow();
      System.out.println(BEGIN);
      System.out.println("test: " + event.getTestDescriptor().getDisplayName());
      System.out.println("failure: " + thrown);
      for (Throwable cause = thrown.getCause(); cause != null; cause = cause.getCause()) {
        System.out.println("cause: " + cause);
      }
      for (Throwable suppressed : thrown.getSuppressed()) {
        System.out.println("suppressed: " + suppressed);
        for (Throwable cause = suppressed.getCause(); cause != null; cause = cause.getCause()) {
          System.out.println("suppressed cause: " + cause);
        }
      }
      System.out.println(END);
    }
    System.out.println(
        SUMMARY
            + results.testEvents().succeeded().count()
            + " succeeded, "
            + results.testEvents().failed().count()
            + " failed");
    System.out.flush();
    // Jazzer leaves non-daemon threads behind; whatever a test left running must not keep it.
    Runtime.getRuntime().halt(0);
  }
}

package dev.whittle.jazzer.crash;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.agent.JazzerAgent;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.process.BoundedExit;
import dev.whittle.jazzer.target.TargetRunner;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The main class of the worker JVM that {@link WorkerJvm} starts: loads the fuzz target once as
 * {@link FreshJvmReplay} does (its own class loader and exit guard), then runs it on one input
 * after the other on a worker thread with the stack it was given, and answers each with the
 * finding's lines ({@link FreshJvmReplay#render}) and an end line, all starting with {@value
 * FreshJvmReplay#PREFIX}.
 *
 * <p>Arguments: {@code TARGET_CLASS CLASS_PATH TIMEOUT_MILLIS AGENT STACK_BYTES [TARGET_ARGS...]}.
 * Each input comes on stdin as a 4-byte big-endian length and the bytes; a length of -1 or the end
 * of stdin ends the JVM. The first line is {@value #READY}, or an error line and exit status 2 if
 * the target does not load.
 *
 * <p>A class whose static initializer a stack overflow struck stays unusable in its loader (every
 * later use throws {@link NoClassDefFoundError}); after such a finding the target is loaded anew,
 * and an input that met a class broken by an earlier run is run again on the fresh copy, so that
 * one run's overflow never decides another's outcome.
 */
@API(status = INTERNAL, since = "0.1")
public final class WorkerJvmMain {
  static final String READY = "ready";
  static final String END = "end";

  private WorkerJvmMain() {}

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    System.setOut(System.err);
    if (args.length < 5) {
      out.println(
          FreshJvmReplay.PREFIX
              + "error usage: TARGET_CLASS CLASS_PATH TIMEOUT_MILLIS AGENT STACK_BYTES");
      out.flush();
      BoundedExit.exit(2);
    }
    if (args[3].equals(FreshJvmReplay.WITH_AGENT)) {
      JazzerAgent.ensureInstalled();
    }
    TargetOptions options =
        TargetOptions.of(FuzzTarget.onClassPath(args[0], FreshJvmReplay.classPath(args[1])))
            .withRunTimeout(Duration.ofMillis(Long.parseLong(args[2])))
            .withTargetArgs(List.of(args).subList(5, args.length));
    long stackBytes = Long.parseLong(args[4]);
    TargetRunner runner;
    try {
      runner = TargetRunner.open(options, false, stackBytes);
    } catch (RuntimeException e) {
      out.println(FreshJvmReplay.PREFIX + "error " + e.toString().replace('\n', ' '));
      out.flush();
      BoundedExit.exit(2);
      return;
    }
    out.println(FreshJvmReplay.PREFIX + READY);
    out.flush();
    DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
    byte[] input;
    while ((input = next(in)) != null) {
      Finding finding = runner.run(input);
      if (brokeAClass(finding)) {
        runner.close();
        runner = TargetRunner.open(options, false, stackBytes);
        if (metABrokenClass(finding)) {
          finding = runner.run(input);
        }
      }
      for (String line : FreshJvmReplay.render(finding)) {
        out.println(FreshJvmReplay.PREFIX + line);
      }
      out.println(FreshJvmReplay.PREFIX + END);
      out.flush();
    }
    // An abandoned worker (a timeout) may still run, and the target may have left shutdown hooks
    // that never end: neither may keep this JVM alive.
    BoundedExit.exit(0);
  }

  /** The next input, or null at the end. */
  private static byte[] next(DataInputStream in) throws IOException {
    int length;
    try {
      length = in.readInt();
    } catch (EOFException e) {
      return null;
    }
    if (length < 0) {
      return null;
    }
    byte[] input = new byte[length];
    in.readFully(input);
    return input;
  }

  /** Whether a class of the target may have been left unusable by the run that found this. */
  static boolean brokeAClass(Finding finding) {
    return finding != null
        && finding.kind() == Finding.Kind.THROWN
        && (finding.exceptionClassName().equals(ExceptionInInitializerError.class.getName())
            || metABrokenClass(finding));
  }

  /** Whether the run met a class that an earlier run had left unusable. */
  static boolean metABrokenClass(Finding finding) {
    return finding != null
        && finding.kind() == Finding.Kind.THROWN
        && finding.exceptionClassName().equals(NoClassDefFoundError.class.getName());
  }
}

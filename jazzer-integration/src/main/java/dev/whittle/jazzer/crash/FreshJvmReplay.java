package dev.whittle.jazzer.crash;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.agent.JazzerAgent;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.process.BoundedExit;
import dev.whittle.jazzer.target.TargetRunner;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The main class of the child JVM that {@link FreshJvmCheck} starts: loads the fuzz target the way
 * the minimization did (a {@link TargetRunner} with its own class loader and exit guard, the target
 * running on a run worker thread whose stack size is the JVM's default, {@code -Xss}), runs it on
 * one input file (a stack overflow {@value #OVERFLOW_RUNS} times) and prints the finding in lines
 * starting with {@value #PREFIX}, on a stream of its own so that the target's output cannot be
 * mistaken for them.
 *
 * <p>Arguments: {@code TARGET_CLASS CLASS_PATH INPUT_FILE TIMEOUT_MILLIS AGENT [TARGET_ARGS...]},
 * the class path separated by the platform's path separator. With {@code AGENT} = {@code
 * jazzer-agent} it installs Jazzer's bug detectors first, as the minimizing JVM had them ({@code
 * no-agent} otherwise); {@code TARGET_ARGS} go to {@code fuzzerInitialize(String[])}. Exit status 0
 * when it ran the target (whatever it found), 2 on bad arguments or a target that does not load.
 */
@API(status = INTERNAL, since = "0.1")
public final class FreshJvmReplay {
  /** Every line meant for the parent starts with this. */
  static final String PREFIX = "whittle-fresh-jvm:";

  /** A line with one of a stack overflow's recursion frames ({@link Finding#recursion()}). */
  static final String RECURSION_FRAME = "recursion-frame ";

  /** The line with the frame that entered a stack overflow's recursion, if known. */
  static final String RECURSION_ENTRY = "recursion-entry ";

  static final String WITH_AGENT = "jazzer-agent";
  static final String WITHOUT_AGENT = "no-agent";

  /**
   * How long a replay's shutdown may take before it halts: longer than the command line's, since a
   * replay's exit can be slow for a reason of its own (a worker abandoned near the heap's end).
   */
  static final Duration REPLAY_HOOK_GRACE = Duration.ofSeconds(10);

  /**
   * How many times a replay runs an input that overflowed the stack, in the same JVM. The first run
   * is a fresh JVM's, mostly interpreted; the later ones run the recursion as the JIT compiled it,
   * in smaller frames, as the next runs of a test suite or of a fuzzer's {@code -runs=N} do. An
   * input whose overflow the compiled code no longer reaches does not reproduce: the finding
   * reported is that of the first run that does not overflow in the same recursion.
   */
  static final int OVERFLOW_RUNS = 3;

  private FreshJvmReplay() {}

  public static void main(String[] args) throws Exception {
    // The parent reads stdout; the target's own printing goes to stderr, which the parent drops.
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    if (args.length < 5) {
      out.println(PREFIX + "error usage: TARGET_CLASS CLASS_PATH INPUT_FILE TIMEOUT_MILLIS AGENT");
      BoundedExit.exit(2);
    }
    if (args[4].equals(WITH_AGENT)) {
      JazzerAgent.ensureInstalled();
    }
    byte[] input = Files.readAllBytes(Path.of(args[2]));
    List<String> targetArgs = List.of(args).subList(5, args.length);
    TargetOptions options =
        TargetOptions.of(FuzzTarget.onClassPath(args[0], classPath(args[1])))
            .withRunTimeout(Duration.ofMillis(Long.parseLong(args[3])))
            .withTargetArgs(targetArgs);
    Finding finding;
    try (TargetRunner runner = TargetRunner.open(options, false, 0)) {
      finding = runner.runOnlyRunOfThisJvm(input);
      finding = againWhileItOverflows(runner, input, finding);
    } catch (RuntimeException e) {
      out.println(PREFIX + "error " + e.toString().replace('\n', ' '));
      BoundedExit.exit(2);
      return;
    }
    for (String line : render(finding)) {
      out.println(PREFIX + line);
    }
    out.flush();
    // An abandoned worker (a timeout) may still run, and the target may have left shutdown hooks
    // that never end: neither may keep this JVM alive.
    BoundedExit.exit(0, REPLAY_HOOK_GRACE);
  }

  /** The first finding of the {@link #OVERFLOW_RUNS} that is not {@code first}'s overflow. */
  private static Finding againWhileItOverflows(TargetRunner runner, byte[] input, Finding first) {
    if (first == null || first.recursion().isEmpty()) {
      return first;
    }
    for (int run = 1; run < OVERFLOW_RUNS; run++) {
      Finding again = runner.runOnlyRunOfThisJvm(input);
      if (again == null || !again.recursion().equals(first.recursion())) {
        return again;
      }
    }
    return first;
  }

  /** The finding as lines; {@link FreshJvmCheck#parse} reads them back. */
  static List<String> render(Finding finding) {
    List<String> lines = new ArrayList<>();
    if (finding == null) {
      lines.add("none");
      return lines;
    }
    switch (finding.kind()) {
      case TIMEOUT -> lines.add("timeout");
      case EXIT -> lines.add("exit " + finding.exitStatus());
      case THROWN -> {
        lines.add(
            "thrown "
                + Long.toHexString(finding.dedupToken())
                + " "
                + finding.exceptionClassName());
        for (String frame : finding.frames()) {
          lines.add("frame " + frame);
        }
        finding
            .recursion()
            .ifPresent(
                recursion -> {
                  for (String frame : recursion.frames()) {
                    lines.add(RECURSION_FRAME + frame);
                  }
                  recursion.entry().ifPresent(entry -> lines.add(RECURSION_ENTRY + entry));
                });
      }
    }
    return lines;
  }

  static List<Path> classPath(String classPath) {
    List<Path> entries = new ArrayList<>();
    for (String entry : classPath.split(java.io.File.pathSeparator, -1)) {
      if (!entry.isEmpty()) {
        entries.add(Path.of(entry));
      }
    }
    return entries;
  }
}

package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.common.collect.ImmutableList;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.api.Recursion;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a fuzz target on one input in a fresh JVM, started with the given heap and stack limits, and
 * reads back its finding: {@link FreshJvmReplay} on Whittle's own class path ({@code
 * java.class.path} of this JVM), loading the target from its class path as the minimization did.
 *
 * <p>Each run is a new JVM: nothing the JIT compiled, no cache warmed, no heap already half full,
 * as when the user runs the result. Resource findings ({@link StackOverflowError}, {@link
 * OutOfMemoryError}) depend on exactly that, and on {@code -Xss}/{@code -Xmx}. The target runs on a
 * run worker thread with the JVM's default stack size ({@code -Xss}) in the child. The minimizing
 * JVM reduces stack overflows on a worker stack that allows {@link OverflowStack#MARGIN} times the
 * depth, so that a result whose depth is bound by its nesting keeps a margin over the check's, in
 * this JVM or in a {@link WorkerJvm} this class starts with the same limits.
 */
final class FreshJvmCheck {
  /** Always given: without it, exceptions of JIT-compiled code lose the frames of their token. */
  static final String KEEP_STACK_TRACES = "-XX:-OmitStackTraceInFastThrow";

  /** What a fresh JVM may take beyond the call timeout to start, load the target and exit. */
  static final Duration JVM_OVERHEAD = Duration.ofSeconds(60);

  /**
   * How a {@link WorkerJvm} runs: interpreted only, so that the frames of every run are as large as
   * a freshly started JVM's and the same input always needs the same stack.
   */
  static final String INTERPRETED = "-Xint";

  private final Path java;
  private final ImmutableList<String> jvmArgs;
  private final String whittleClassPath;
  private final String targetClass;
  private final String targetClassPath;
  private final Duration runTimeout;
  private final boolean jazzerAgent;
  private final ImmutableList<String> targetArgs;

  /**
   * @param jvmArgs options for the child JVM, such as {@code -Xss} and {@code -Xmx}
   * @param targetClassPath the target's class path, as the minimization loaded it
   * @param targetArgs the arguments for {@code fuzzerInitialize(String[])}
   * @param jazzerAgent whether the child installs Jazzer's bug detectors, as this JVM did
   */
  FreshJvmCheck(
      List<String> jvmArgs,
      String targetClass,
      List<Path> targetClassPath,
      List<String> targetArgs,
      Duration runTimeout,
      boolean jazzerAgent) {
    this.java = Path.of(System.getProperty("java.home"), "bin", "java");
    this.jvmArgs = ImmutableList.copyOf(checkNotNull(jvmArgs, "jvmArgs"));
    this.whittleClassPath = System.getProperty("java.class.path");
    this.targetClass = checkNotNull(targetClass, "targetClass");
    List<String> entries = new ArrayList<>();
    for (Path entry : targetClassPath) {
      entries.add(entry.toAbsolutePath().toString());
    }
    this.targetClassPath = String.join(File.pathSeparator, entries);
    this.runTimeout = checkNotNull(runTimeout, "runTimeout");
    this.jazzerAgent = jazzerAgent;
    this.targetArgs = ImmutableList.copyOf(checkNotNull(targetArgs, "targetArgs"));
  }

  /**
   * The heap and stack options this JVM was started with ({@code -Xss}, {@code -Xmx}, {@code -Xms},
   * {@code -XX:ThreadStackSize}, {@code -XX:MaxHeapSize}), the default limits of a fresh JVM:
   * without them it would pick its own, from the machine's memory.
   */
  static List<String> limitsOfThisJvm() {
    List<String> limits = new ArrayList<>();
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("-Xss")
          || arg.startsWith("-Xmx")
          || arg.startsWith("-Xms")
          || arg.startsWith("-XX:ThreadStackSize=")
          || arg.startsWith("-XX:MaxHeapSize=")) {
        limits.add(arg);
      }
    }
    return limits;
  }

  List<String> jvmArgs() {
    return jvmArgs;
  }

  /**
   * How many of {@code runs} fresh JVMs gave a finding that {@code matchMode} matches with {@code
   * original}, counted up to the first that did not, since one miss already fails the input; and
   * how many were started. They run as many at once as there are processors, except for a timeout,
   * whose replays run one after the other: a JVM sharing the processors runs slower, and could time
   * out where it alone would not.
   */
  Replays.Tally reproductions(byte[] input, Finding original, MatchMode matchMode, int runs) {
    checkArgument(runs >= 1, "runs must be at least 1, was %s", runs);
    int width =
        original.kind() == Finding.Kind.TIMEOUT
            ? 1
            : Math.min(runs, Runtime.getRuntime().availableProcessors());
    return Replays.run(
        () -> run(input),
        found -> found != null && matchMode.matches(original, found),
        runs,
        width);
  }

  /**
   * The finding of one run in a fresh JVM, or null if there was none.
   *
   * @throws IllegalStateException if the child JVM failed to run the target at all
   */
  Finding run(byte[] input) {
    Path file = null;
    try {
      file = Files.createTempFile("whittle-fresh-jvm-", ".input");
      Files.write(file, input);
      List<String> command =
          command(
              List.of(),
              FreshJvmReplay.class,
              List.of(
                  targetClass,
                  targetClassPath,
                  file.toString(),
                  Long.toString(runTimeout.toMillis()),
                  agentArgument()));
      Phases.count("fresh JVMs started");
      Process process =
          new ProcessBuilder(command)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .redirectInput(ProcessBuilder.Redirect.PIPE)
              .start();
      process.getOutputStream().close();
      String output;
      try (InputStream stdout = process.getInputStream()) {
        output = readWithin(process, stdout);
      }
      return parse(output, command);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run a fresh JVM: " + e.getMessage(), e);
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // A stray temporary file is no reason to fail the verification.
        }
      }
    }
  }

  /**
   * A JVM that keeps the target loaded and runs it on input after input, interpreted ({@value
   * #INTERPRETED}), with this check's limits, on a worker thread with a stack of {@code
   * workerStackBytes}: see {@link WorkerJvm}. It loads the target while the caller goes on.
   *
   * @throws IllegalStateException if it does not start
   */
  WorkerJvm startWorker(long workerStackBytes) {
    checkArgument(workerStackBytes > 0, "worker stack must be positive: %s", workerStackBytes);
    return WorkerJvm.start(
        command(
            List.of(INTERPRETED),
            WorkerJvmMain.class,
            List.of(
                targetClass,
                targetClassPath,
                Long.toString(runTimeout.toMillis()),
                agentArgument(),
                Long.toString(workerStackBytes))),
        runTimeout);
  }

  /** The command of a child JVM with this check's options that runs {@code main}. */
  private List<String> command(List<String> options, Class<?> main, List<String> arguments) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.add(KEEP_STACK_TRACES);
    command.addAll(options);
    command.addAll(jvmArgs);
    command.add("-cp");
    command.add(whittleClassPath);
    command.add(main.getName());
    command.addAll(arguments);
    command.addAll(targetArgs);
    return command;
  }

  private String agentArgument() {
    return jazzerAgent ? FreshJvmReplay.WITH_AGENT : FreshJvmReplay.WITHOUT_AGENT;
  }

  private String readWithin(Process process, InputStream stdout) throws IOException {
    long deadline = System.nanoTime() + runTimeout.plus(JVM_OVERHEAD).toNanos();
    // The child writes a few lines; a thread reading them lets this one watch the deadline.
    byte[][] read = new byte[1][];
    Thread reader =
        new Thread(
            () -> {
              try {
                read[0] = stdout.readAllBytes();
              } catch (IOException e) {
                read[0] = new byte[0];
              }
            },
            "whittle-fresh-jvm-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      long left = deadline - System.nanoTime();
      if (!process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "a fresh JVM did not finish within " + runTimeout.plus(JVM_OVERHEAD));
      }
      reader.join(TimeUnit.NANOSECONDS.toMillis(Math.max(1, deadline - System.nanoTime())) + 1);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a fresh JVM ran", e);
    }
    return read[0] == null ? "" : new String(read[0], UTF_8);
  }

  /** Reads {@link FreshJvmReplay}'s lines back into a finding (null for none). */
  static Finding parse(String output, List<String> command) {
    String kind = null;
    String[] thrown = null;
    List<String> frames = new ArrayList<>();
    List<String> recursionFrames = new ArrayList<>();
    String recursionEntry = null;
    for (String line : output.split("\n")) {
      if (!line.startsWith(FreshJvmReplay.PREFIX)) {
        continue;
      }
      String rest = line.substring(FreshJvmReplay.PREFIX.length()).strip();
      if (rest.startsWith("frame ")) {
        frames.add(rest.substring("frame ".length()));
      } else if (rest.startsWith(FreshJvmReplay.RECURSION_FRAME)) {
        recursionFrames.add(rest.substring(FreshJvmReplay.RECURSION_FRAME.length()));
      } else if (rest.startsWith(FreshJvmReplay.RECURSION_ENTRY)) {
        recursionEntry = rest.substring(FreshJvmReplay.RECURSION_ENTRY.length());
      } else if (kind == null) {
        kind = rest;
        if (rest.startsWith("thrown ")) {
          thrown = rest.split(" ", 3);
        }
      }
    }
    if (kind == null || kind.startsWith("error")) {
      throw new IllegalStateException(
          "a fresh JVM did not run the target"
              + (kind == null ? "" : " (" + kind + ")")
              + ": "
              + String.join(" ", command));
    }
    if (kind.equals("none")) {
      return null;
    }
    if (kind.equals("timeout")) {
      return Finding.timeout();
    }
    if (kind.startsWith("exit ")) {
      return Finding.exit(Integer.parseInt(kind.substring("exit ".length())));
    }
    checkArgument(
        thrown != null && thrown.length == 3, "unreadable line from a fresh JVM: %s", kind);
    return Finding.thrown(
        thrown[2],
        null,
        Long.parseUnsignedLong(thrown[1], 16),
        frames,
        recursionFrames.isEmpty() ? null : Recursion.of(recursionFrames, recursionEntry));
  }
}

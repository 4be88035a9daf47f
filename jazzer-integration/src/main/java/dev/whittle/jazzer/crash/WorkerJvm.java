package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.common.collect.ImmutableList;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.Phases;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of its own that keeps the target loaded and runs it on one input after the other ({@link
 * WorkerJvmMain}), started by {@link FreshJvmCheck#startWorker} with the verification's heap limits
 * and {@code -Xint}: every frame is an interpreted one, as in a JVM that has just started, and the
 * same input uses the same stack in every run, where a warm JIT makes the depth at which an
 * overflow strikes move from run to run and a fresh class loader per run pays for loading, linking
 * and initializing the target every time.
 *
 * <p>Not thread-safe: one caller at a time. A child that dies (the target ended it some way the
 * exit guard does not catch) answers "no finding" and is started again for the next run; one that
 * does not answer within the call timeout and {@link FreshJvmCheck#JVM_OVERHEAD} is destroyed, its
 * run a timeout. An interrupted caller gets "no finding" at once and the child is destroyed.
 */
final class WorkerJvm implements AutoCloseable {
  /** What the reader thread queues when the child's stdout ends. */
  private static final String CLOSED = "\u0000closed";

  /** What {@link #nextLine} gives when no line came in time or the caller was interrupted. */
  private static final String TIMED_OUT = "\u0000timed out";

  private final ImmutableList<String> command;
  private final Duration answerTimeout;
  private Process process;
  private boolean ready;
  private DataOutputStream stdin;
  private BlockingQueue<String> lines;
  private long runs;
  private int starts;

  private WorkerJvm(List<String> command, Duration runTimeout) {
    this.command = ImmutableList.copyOf(command);
    this.answerTimeout = runTimeout.plus(FreshJvmCheck.JVM_OVERHEAD);
  }

  /**
   * Starts the child, which loads the target while the caller goes on: the first run waits for it.
   *
   * @throws IllegalStateException if it does not start
   */
  static WorkerJvm start(List<String> command, Duration runTimeout) {
    checkNotNull(command, "command");
    checkNotNull(runTimeout, "runTimeout");
    WorkerJvm worker = new WorkerJvm(command, runTimeout);
    worker.startProcess();
    return worker;
  }

  /**
   * The processor time the child has used so far; empty where the platform does not tell, or before
   * the child started.
   */
  OptionalLong cpuNanos() {
    return process == null ? OptionalLong.empty() : RunCost.cpuNanosOf(process.toHandle());
  }

  /**
   * Runs the target once on {@code input} in the child; its finding, or null for none.
   *
   * @throws IllegalStateException if the first child cannot load the target
   */
  Finding run(byte[] input) {
    checkNotNull(input, "input");
    runs++;
    if (process == null) {
      startProcess();
    }
    if (!ready) {
      try {
        awaitReady();
      } catch (IllegalStateException e) {
        if (starts == 1) {
          throw e;
        }
        return null; // A child started again after one died: this run found nothing.
      }
    }
    try {
      stdin.writeInt(input.length);
      stdin.write(input);
      stdin.flush();
    } catch (IOException e) {
      stopProcess(); // It died between runs: this run found nothing, the next one starts anew.
      return null;
    }
    StringBuilder answer = new StringBuilder();
    String line;
    while (!(line = nextLine()).equals(FreshJvmReplay.PREFIX + WorkerJvmMain.END)) {
      if (line.equals(CLOSED)) {
        stopProcess();
        return null;
      }
      if (line.equals(TIMED_OUT)) {
        stopProcess();
        return Thread.currentThread().isInterrupted() ? null : Finding.timeout();
      }
      answer.append(line).append('\n');
    }
    return FreshJvmCheck.parse(answer.toString(), command);
  }

  /** Runs so far. */
  long runs() {
    return runs;
  }

  /** Children started so far: one, and one more after each that died or was destroyed. */
  int starts() {
    return starts;
  }

  @Override
  public void close() {
    if (process == null) {
      return;
    }
    if (!ready) {
      stopProcess(); // Still loading the target, which nobody needs any more.
      return;
    }
    try {
      stdin.writeInt(-1);
      stdin.flush();
      stdin.close();
      if (!process.waitFor(1, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    process = null;
  }

  private String nextLine() {
    try {
      String line = lines.poll(answerTimeout.toNanos(), TimeUnit.NANOSECONDS);
      return line == null ? TIMED_OUT : line;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return TIMED_OUT;
    }
  }

  private void startProcess() {
    starts++;
    Phases.count("worker JVMs started");
    try {
      process =
          new ProcessBuilder(command)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .redirectInput(ProcessBuilder.Redirect.PIPE)
              .start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start a worker JVM: " + e.getMessage(), e);
    }
    ready = false;
    stdin = new DataOutputStream(process.getOutputStream());
    lines = new LinkedBlockingQueue<>();
    startReader(process, lines);
  }

  /** Waits for the child's first line, which says it has loaded the target. */
  private void awaitReady() {
    String first = nextLine();
    if (!first.equals(FreshJvmReplay.PREFIX + WorkerJvmMain.READY)) {
      stopProcess();
      throw new IllegalStateException(
          "a worker JVM did not load the target ("
              + (first.equals(CLOSED) || first.equals(TIMED_OUT) ? "no answer" : first)
              + "): "
              + String.join(" ", command));
    }
    ready = true;
  }

  /** Reads the child's lines on a daemon thread, so that a silent child cannot block the caller. */
  private static void startReader(Process process, BlockingQueue<String> lines) {
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                  if (line.startsWith(FreshJvmReplay.PREFIX)) {
                    lines.add(line);
                  }
                }
              } catch (IOException e) {
                // The child is gone: as at the end of its output.
              }
              lines.add(CLOSED);
            },
            "whittle-worker-jvm-reader");
    reader.setDaemon(true);
    reader.start();
  }

  private void stopProcess() {
    if (process != null) {
      process.destroyForcibly();
      process = null;
    }
  }
}

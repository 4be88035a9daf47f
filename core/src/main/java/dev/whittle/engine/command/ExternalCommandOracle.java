package dev.whittle.engine.command;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.collect.ImmutableList;
import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.engine.io.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apiguardian.api.API;

/**
 * Asks an external command about each candidate: writes the candidate to a file in a private
 * temporary directory, runs the command without a shell with that file's path as its last argument,
 * and calls the candidate interesting when the command exits with status 0.
 *
 * <p>The command's output is discarded so that it can never block on a full pipe (a run for a
 * message can keep its standard error in a file), and its standard input is empty. A command that
 * runs past the per-call timeout is killed with all its descendants and counts as not interesting.
 * After every run, whatever it left running in the background is ended too, where {@link
 * LeftoverProcesses} can find it. Thread-safe: each thread that asks gets a directory of its own
 * for its candidate file, so that {@code --jobs} runs never share a file.
 */
@API(status = INTERNAL, since = "0.1")
public final class ExternalCommandOracle implements Oracle<byte[]>, AutoCloseable {
  private final ImmutableList<String> command;
  private final Optional<Duration> timeout;
  private final Path directory;
  private final String candidateFileName;
  private final AtomicInteger jobDirectories = new AtomicInteger();
  private final ThreadLocal<Path> candidateFile = ThreadLocal.withInitial(this::newJobFile);
  private volatile CommandRun lastRun;
  private volatile boolean closed;

  /** Tells this oracle's runs apart from another's, in another JVM too, by their environment. */
  private final String runPrefix = UUID.randomUUID() + "-";

  private final AtomicLong runs = new AtomicLong();
  private final Set<String> runningRuns = ConcurrentHashMap.newKeySet();

  private ExternalCommandOracle(
      List<String> command, Optional<Duration> timeout, Path directory, String candidateFileName) {
    this.command = ImmutableList.copyOf(command);
    this.timeout = timeout;
    this.directory = directory;
    this.candidateFileName = candidateFileName;
  }

  /** The first thread writes straight into the directory, later ones into job-N below it. */
  private Path newJobFile() {
    int job = jobDirectories.getAndIncrement();
    if (job == 0) {
      return directory.resolve(candidateFileName);
    }
    try {
      return Files.createDirectories(directory.resolve("job-" + job)).resolve(candidateFileName);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a directory in " + directory, e);
    }
  }

  /**
   * An oracle running {@code command}, whose candidate files are called {@code candidateFileName}:
   * the input's own name, since many tools decide what to do by the extension.
   *
   * @param timeout how long one run may take, or empty for no limit
   */
  public static ExternalCommandOracle create(
      List<String> command, String candidateFileName, Optional<Duration> timeout)
      throws IOException {
    checkNotNull(command, "command");
    checkArgument(!command.isEmpty(), "the test command must not be empty");
    checkNotNull(candidateFileName, "candidateFileName");
    checkArgument(
        !candidateFileName.isEmpty() && !candidateFileName.contains("/"),
        "candidateFileName must be a plain file name, was '%s'",
        candidateFileName);
    checkNotNull(timeout, "timeout");
    // On POSIX systems createTempDirectory makes the directory readable by its owner only.
    Path directory = Files.createTempDirectory("whittle-");
    return new ExternalCommandOracle(command, timeout, directory, candidateFileName);
  }

  @Override
  public Outcome test(byte[] candidate) {
    return run(candidate).outcome();
  }

  /**
   * Runs the command on {@code candidate}.
   *
   * @throws TestCommandNotStartableException if the command cannot be started at all
   */
  public CommandRun run(byte[] candidate) {
    return run(candidate, ProcessBuilder.Redirect.DISCARD);
  }

  /**
   * How one run ended, with the end of what the command wrote to its standard error.
   *
   * @param errorTail the last bytes of the standard error, at most as many as asked
   * @param errorCut whether the standard error was longer, so that its start is left out
   */
  public record RunWithError(CommandRun run, byte[] errorTail, boolean errorCut) {}

  /**
   * Runs the command on {@code candidate} as {@link #run} does, but keeps its standard error in a
   * temporary file outside the candidate's directory (a file never blocks the command as a full
   * pipe would), for a message that shows why the command failed.
   *
   * @param maxBytes how many bytes of the end of the standard error to keep
   * @throws TestCommandNotStartableException if the command cannot be started at all
   */
  public RunWithError runKeepingError(byte[] candidate, int maxBytes) {
    checkArgument(maxBytes > 0, "maxBytes must be positive, was %s", maxBytes);
    Path errorFile;
    try {
      errorFile = Files.createTempFile("whittle-stderr-", ".txt");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a file for the test command's errors", e);
    }
    try {
      CommandRun run = run(candidate, ProcessBuilder.Redirect.to(errorFile.toFile()));
      try (SeekableByteChannel channel = Files.newByteChannel(errorFile)) {
        long size = channel.size();
        int kept = (int) Math.min(size, maxBytes);
        channel.position(size - kept);
        ByteBuffer tail = ByteBuffer.allocate(kept);
        while (tail.hasRemaining() && channel.read(tail) >= 0) {
          // Reads on: a channel may return fewer bytes than asked.
        }
        return new RunWithError(run, Arrays.copyOf(tail.array(), tail.position()), size > kept);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the test command's errors in " + errorFile, e);
    } finally {
      try {
        Files.deleteIfExists(errorFile);
      } catch (IOException e) {
        // Left in the temporary directory: only the message's text is lost, not the run.
      }
    }
  }

  private CommandRun run(byte[] candidate, ProcessBuilder.Redirect error) {
    checkNotNull(candidate, "candidate");
    checkState(!closed, "the oracle is closed");
    // Before the job's file: making a job directory would make the missing parent again.
    checkDirectory(directory);
    Path file = candidateFile.get();
    checkDirectory(file.getParent());
    writeCandidate(file, candidate);
    String runId = runPrefix + runs.incrementAndGet();
    OptionalLong lastPidBefore = LeftoverProcesses.lastPid();
    runningRuns.add(runId);
    CommandRun run;
    try {
      run = await(start(file, runId, error));
    } finally {
      runningRuns.remove(runId);
      endLeftovers(lastPidBefore);
    }
    lastRun = run;
    return run;
  }

  /**
   * Ends what finished runs left running, born since {@code since}: this run's, and those of runs
   * of other threads that ended meanwhile. The runs still going on are left alone.
   */
  private void endLeftovers(OptionalLong since) {
    LeftoverProcesses.end(runPrefix, runId -> !runningRuns.contains(runId), since);
  }

  /**
   * The test command may delete, move or replace the directory of its candidate file; the next
   * candidate would then fail with a message that does not say why.
   */
  private static void checkDirectory(Path required) {
    if (!Files.isDirectory(required, LinkOption.NOFOLLOW_LINKS)) {
      throw new CandidateDirectoryGoneException(
          "the temporary directory "
              + required
              + " that holds the candidate file is gone: the test command deleted or replaced it"
              + " (or moved it away); a test command must leave its candidate file's directory in"
              + " place");
    }
  }

  /** How the latest run ended, for messages; empty before the first run. */
  public Optional<CommandRun> lastRun() {
    return Optional.ofNullable(lastRun);
  }

  /** The command as it is run, without the candidate file's path. */
  public List<String> command() {
    return command;
  }

  /**
   * Deletes the temporary directory and whatever the command left in it, and ends, among all
   * processes this time, any a finished run left running.
   */
  @Override
  public void close() throws IOException {
    closed = true;
    endLeftovers(OptionalLong.empty());
    if (Files.exists(directory)) {
      MoreFiles.deleteRecursively(directory, RecursiveDeleteOption.ALLOW_INSECURE);
    }
  }

  private static void writeCandidate(Path file, byte[] candidate) {
    try {
      AtomicFiles.writeUninterruptibly(file, candidate);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the candidate file " + file, e);
    }
  }

  private Process start(Path file, String runId, ProcessBuilder.Redirect error) {
    List<String> arguments = new ArrayList<>(command);
    arguments.add(file.toString());
    ProcessBuilder builder =
        new ProcessBuilder(arguments)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(error);
    builder.environment().put(LeftoverProcesses.VARIABLE, runId);
    try {
      Process process = builder.start();
      // An empty standard input: a command that reads it sees end of file instead of waiting.
      process.getOutputStream().close();
      return process;
    } catch (IOException e) {
      throw new TestCommandNotStartableException(notStartableMessage(e), e);
    }
  }

  private String notStartableMessage(IOException e) {
    String message = "cannot start the test command '" + command.get(0) + "': " + e.getMessage();
    if (command.get(0).contains(" ")) {
      message +=
          " (Whittle runs the command without a shell: give the command and each of its"
              + " arguments as separate words, or use sh -c 'SCRIPT')";
    }
    return message;
  }

  private CommandRun await(Process process) {
    try {
      if (timeout.isEmpty()) {
        return new CommandRun.Exited(process.waitFor());
      }
      if (process.waitFor(timeout.get().toNanos(), TimeUnit.NANOSECONDS)) {
        return new CommandRun.Exited(process.exitValue());
      }
      killTree(process);
      return new CommandRun.TimedOut(timeout.get());
    } catch (InterruptedException e) {
      killTree(process);
      // Keep the interrupt for the engine, which stops at its next question.
      Thread.currentThread().interrupt();
      return new CommandRun.Interrupted();
    }
  }

  /**
   * Kills the process and every descendant it started: killing only the process would leave, say,
   * the program a wrapper script started running on after the timeout.
   */
  private static void killTree(Process process) {
    List<ProcessHandle> descendants = process.descendants().toList();
    process.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
    // Reap the process so that it does not linger as a zombie; this cannot take long after SIGKILL.
    boolean interrupted = Thread.interrupted();
    try {
      process.waitFor(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

package dev.whittle.engine.command;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Finds the processes that runs of the test command left running, by a variable in their
 * environment, and ends them.
 *
 * <p>A process the command started in the background is its descendant only while the command runs:
 * once the command exits, the process belongs to init (a setsid one even leaves the command's
 * session and process group at once), and no JVM API reaches it any more. But every process
 * inherits its parent's environment. So each run gets {@value #VARIABLE}=its run id, and after the
 * run Linux's {@code /proc/<pid>/environ} shows which processes carry it. Only processes born since
 * the run started are read: the kernel hands out process ids in order, and {@code /proc/loadavg}
 * names the last one. Where there is no {@code /proc}, nothing is found.
 *
 * <p>A process in the middle of {@code execve} shows an empty or partial environment: the kernel
 * has swapped in the new program's memory but not yet set where its environment lies. On a loaded
 * machine a process that is not scheduled stays in that state for a while. Such a process is looked
 * at again until its environment shows, for at most {@link #PENDING_LIMIT}.
 */
final class LeftoverProcesses {
  /** The environment variable that names the run a process belongs to. */
  static final String VARIABLE = "WHITTLE_TEST_RUN";

  private static final Path PROC = Path.of("/proc");
  private static final byte[] ENTRY_START = (VARIABLE + "=").getBytes(StandardCharsets.US_ASCII);

  /** A process may start another while its siblings are ended: a few rounds catch those. */
  private static final int MAX_ROUNDS = 5;

  /** How long processes in the middle of {@code execve} are waited for. */
  static final Duration PENDING_LIMIT = Duration.ofSeconds(2);

  private static final Duration PENDING_PAUSE = Duration.ofMillis(2);

  /** The kernel's flag for its own threads, which have no environment (stat field 9). */
  private static final long KERNEL_THREAD = 0x00200000L;

  private LeftoverProcesses() {}

  /**
   * The last process id the kernel handed out, to pass to {@link #end} after the run; empty where
   * it cannot be read, and then every process is read.
   */
  static OptionalLong lastPid() {
    return uninterrupted(LeftoverProcesses::readLastPid);
  }

  private static OptionalLong readLastPid() {
    try {
      String loadavg = Files.readString(PROC.resolve("loadavg"), StandardCharsets.US_ASCII).trim();
      return OptionalLong.of(Long.parseLong(loadavg.substring(loadavg.lastIndexOf(' ') + 1)));
    } catch (IOException | RuntimeException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * Kills every process born after {@code since} whose {@value #VARIABLE} starts with {@code
   * prefix} and is {@code finished}: the run it names has ended, so nothing of it may go on.
   *
   * @return how many processes were killed
   */
  static int end(String prefix, Predicate<String> finished, OptionalLong since) {
    checkNotNull(prefix, "prefix");
    checkArgument(!prefix.isEmpty(), "the prefix must not be empty");
    return uninterrupted(
        () -> {
          // A killed process shows until the kernel gets round to ending it: it counts once.
          Set<Long> killed = new HashSet<>();
          long pendingDeadline = System.nanoTime() + PENDING_LIMIT.toNanos();
          for (int round = 0; round < MAX_ROUNDS; ) {
            Scan scan = find(prefix, finished, since);
            List<ProcessHandle> fresh =
                scan.found().stream().filter(found -> !killed.contains(found.pid())).toList();
            if (!fresh.isEmpty()) {
              fresh.forEach(ProcessHandle::destroyForcibly);
              fresh.forEach(found -> killed.add(found.pid()));
              round++;
            } else if (scan.anyPending() && System.nanoTime() < pendingDeadline) {
              pause();
            } else {
              break;
            }
          }
          return killed.size();
        });
  }

  private static void pause() {
    try {
      Thread.sleep(PENDING_PAUSE.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The finished runs' processes one look at {@code /proc} found, and whether it saw processes
   * whose environment was not there yet.
   */
  private record Scan(List<ProcessHandle> found, boolean anyPending) {}

  /**
   * Runs {@code work} with the thread's interrupt put aside: NIO reads fail on an interrupted
   * thread, and a run that Ctrl-C ended must be cleaned up as much as any other.
   */
  private static <T> T uninterrupted(Supplier<T> work) {
    boolean interrupted = Thread.interrupted();
    try {
      return work.get();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static Scan find(String prefix, Predicate<String> finished, OptionalLong since) {
    OptionalLong now = lastPid();
    List<ProcessHandle> found = new ArrayList<>();
    boolean anyPending = false;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC)) {
      for (Path entry : entries) {
        OptionalLong pid = pid(entry.getFileName().toString());
        if (pid.isEmpty() || !bornAfter(pid.getAsLong(), since, now)) {
          continue;
        }
        // The handle first: it knows the process's start time, so that a kill can never reach
        // another process that got the same id after this one ended.
        Optional<ProcessHandle> handle = ProcessHandle.of(pid.getAsLong());
        if (handle.isEmpty()) {
          continue;
        }
        Optional<byte[]> environment = environmentOf(entry);
        if (environment.isEmpty()) {
          continue; // Ended meanwhile, or another user's.
        }
        Optional<String> run = runIn(environment.get());
        if (run.isEmpty() && isInExec(entry)) {
          anyPending = true;
          continue;
        }
        if (run.isEmpty()) {
          // Its exec may have ended between the two reads.
          run = environmentOf(entry).flatMap(LeftoverProcesses::runIn);
        }
        if (run.isPresent() && run.get().startsWith(prefix) && finished.test(run.get())) {
          found.add(handle.get());
        }
      }
    } catch (IOException e) {
      // No /proc: nothing can be found this way.
    }
    return new Scan(found, anyPending);
  }

  private static boolean isInExec(Path processDirectory) {
    try {
      return isInExec(Files.readString(processDirectory.resolve("stat"), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return false; // Ended meanwhile.
    }
  }

  /**
   * Whether a process's {@code /proc/<pid>/stat} line shows it in the middle of {@code execve}:
   * alive, a user process, and with no environment end set yet (field 51). Only for a process whose
   * environment could be read: the kernel shows zeros there for another user's. A process started
   * with an empty environment has one set all the same; a zombie and a kernel thread have none.
   */
  static boolean isInExec(String stat) {
    // The fields after the command name, which is in parentheses and may hold spaces and ')'.
    int nameEnd = stat.lastIndexOf(')');
    if (nameEnd < 0 || nameEnd + 2 > stat.length()) {
      return false;
    }
    String[] fields = stat.substring(nameEnd + 2).trim().split(" ");
    int offset = 3; // fields[0] is field 3, the state
    if (fields.length < 51 - offset + 1) {
      return false;
    }
    String state = fields[0];
    long flags;
    try {
      flags = Long.parseUnsignedLong(fields[9 - offset]);
    } catch (NumberFormatException e) {
      return false; // Not the layout this reads: no reason to wait.
    }
    String environmentEnd = fields[51 - offset];
    return !state.equals("Z")
        && !state.equals("X")
        && (flags & KERNEL_THREAD) == 0
        && environmentEnd.equals("0");
  }

  /**
   * Whether {@code pid} is among the ids handed out after {@code since} and up to {@code now};
   * process ids wrap around at the kernel's maximum.
   */
  static boolean bornAfter(long pid, OptionalLong since, OptionalLong now) {
    if (since.isEmpty() || now.isEmpty()) {
      return true;
    }
    long from = since.getAsLong();
    long to = now.getAsLong();
    return to >= from ? pid > from && pid <= to : pid > from || pid <= to;
  }

  private static OptionalLong pid(String name) {
    if (name.isEmpty() || !name.chars().allMatch(Character::isDigit)) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(name));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /** The process's environment, if it can be read. */
  private static Optional<byte[]> environmentOf(Path processDirectory) {
    try {
      return Optional.of(Files.readAllBytes(processDirectory.resolve("environ")));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The value of {@value #VARIABLE} in an environment, if it is there. */
  private static Optional<String> runIn(byte[] environment) {
    int start = 0;
    while (start < environment.length) {
      int end = start;
      while (end < environment.length && environment[end] != 0) {
        end++;
      }
      if (startsWith(environment, start, end)) {
        return Optional.of(
            new String(
                environment,
                start + ENTRY_START.length,
                end - start - ENTRY_START.length,
                StandardCharsets.UTF_8));
      }
      start = end + 1;
    }
    return Optional.empty();
  }

  private static boolean startsWith(byte[] environment, int start, int end) {
    if (end - start < ENTRY_START.length) {
      return false;
    }
    for (int i = 0; i < ENTRY_START.length; i++) {
      if (environment[start + i] != ENTRY_START[i]) {
        return false;
      }
    }
    return true;
  }
}

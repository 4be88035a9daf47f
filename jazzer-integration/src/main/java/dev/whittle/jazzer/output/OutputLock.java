package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.digest.Digests;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/**
 * Holds an output file for the length of one run, so that a second run on the same output is
 * refused instead of writing its result over the first one's.
 *
 * <p>The lock is an operating system lock on a lock file named after the output's real path, in a
 * directory of the user's under the temporary directory. A run that is killed leaves the file but
 * not the lock, which the system releases with the process: the next run takes the file over.
 *
 * <p>The holder never opens its lock file a second time: a POSIX lock belongs to the process and
 * goes with the first close of any descriptor of the file. For the same reason runs in one JVM
 * (tests run the command in process) are told apart by a table, before any file is opened.
 *
 * <p>The holder deletes the lock file at its end, after marking it {@value #RELEASED} through its
 * channel: a run that opened the file just before the deletion then locks a file no one else sees,
 * reads the mark through its own channel, and opens the name again.
 */
@API(status = INTERNAL, since = "0.1")
public final class OutputLock implements AutoCloseable {
  private static final Set<Path> HELD_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

  public static final String RELEASED = "released";

  /** Each retry follows a run that ended between our open and our lock: a few are plenty. */
  private static final int MAX_ATTEMPTS = 10;

  private final Path lockFile;
  private final FileChannel channel;

  private OutputLock(Path lockFile, FileChannel channel) {
    this.lockFile = lockFile;
    this.channel = channel;
  }

  /**
   * The lock file of {@code output}: the same for every name of the output's directory, once that
   * exists.
   */
  public static Path lockFile(Path output) {
    Path absolute = output.toAbsolutePath().normalize();
    Path real;
    try {
      real = absolute.getParent().toRealPath().resolve(absolute.getFileName().toString());
    } catch (IOException e) {
      real = absolute; // A directory still to be made has no other name yet.
    }
    String name = Digests.hex(Digests.sha256().digest(real.toString().getBytes(UTF_8)));
    return locksDirectory().resolve(name.substring(0, 32) + ".lock");
  }

  private static Path locksDirectory() {
    String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
    return Path.of(System.getProperty("java.io.tmpdir"), "whittle-locks-" + user);
  }

  /**
   * Takes the output for this run.
   *
   * @throws OutputBusyException if another run holds it
   * @throws OutputWriteException if the lock cannot be taken for another reason
   */
  public static OutputLock acquire(Path output) {
    checkNotNull(output, "output");
    Path lockFile = lockFile(output);
    if (!HELD_IN_THIS_JVM.add(lockFile)) {
      throw busy(output, "");
    }
    try {
      return lock(output, lockFile);
    } catch (RuntimeException e) {
      HELD_IN_THIS_JVM.remove(lockFile);
      throw e;
    }
  }

  private static OutputLock lock(Path output, Path lockFile) {
    FileChannel channel = null;
    try {
      Files.createDirectories(lockFile.getParent());
      for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        channel =
            FileChannel.open(
                lockFile,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock = tryLock(channel);
        if (lock == null) {
          String holder = content(channel);
          channel.close();
          throw busy(output, holder.matches("\\d+") ? holder : "");
        }
        // Marked ten times in a row is no deletion but a mark left on a file that stayed.
        if (!content(channel).equals(RELEASED) || attempt == MAX_ATTEMPTS - 1) {
          // Who holds it, for the message a second run gives; written through the locked channel.
          channel.truncate(0);
          channel.write(ByteBuffer.wrap((pid() + "\n").getBytes(UTF_8)), 0);
          return new OutputLock(lockFile, channel);
        }
        channel.close(); // A file its holder deleted as we opened it.
      }
      throw new IllegalStateException("unreachable: the last attempt takes the file");
    } catch (IOException e) {
      closeQuietly(channel);
      throw cannotLock(output, e);
    }
  }

  /**
   * This process's id, for the message a second run gives. Read from {@code /proc/self} where there
   * is one: the first {@code ProcessHandle.current()} initializes the JDK's process support (a
   * thread pool among it), a start-up cost a minimization has no other use for.
   */
  static long pid() {
    try {
      return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
    } catch (IOException | UnsupportedOperationException | NumberFormatException e) {
      return ProcessHandle.current().pid();
    }
  }

  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null; // Held in this JVM after all.
    }
  }

  /** The first bytes of the file, read through {@code channel}: a holder's pid, or the mark. */
  private static String content(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(32);
    channel.read(buffer, 0);
    return new String(buffer.array(), 0, buffer.position(), UTF_8).trim();
  }

  private static OutputBusyException busy(Path output, String holderPid) {
    return new OutputBusyException(
        output,
        "another whittle run"
            + (holderPid.isEmpty() ? "" : " (process " + holderPid + ")")
            + " is writing "
            + output
            + "; wait until it ends, or give another --output: nothing written");
  }

  private static OutputWriteException cannotLock(Path output, IOException e) {
    return new OutputWriteException(
        output, "cannot lock the output " + output + " for this run: " + e, e);
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Nothing is locked through it.
    }
  }

  /** Lets the output go: marks and deletes the lock file, and closing the channel releases it. */
  @Override
  public void close() {
    // A channel closes itself when an interrupted thread uses it; Ctrl-C must not keep the file.
    boolean interrupted = Thread.interrupted();
    try {
      channel.truncate(0);
      channel.write(ByteBuffer.wrap(RELEASED.getBytes(UTF_8)), 0);
      try {
        Files.delete(lockFile);
      } catch (IOException e) {
        // Still there, so not retired: the next run must not take the mark for a deletion.
        channel.truncate(0);
      }
    } catch (IOException e) {
      // The lock goes with the channel all the same; a lock file left behind blocks no one.
    } finally {
      closeQuietly(channel);
      HELD_IN_THIS_JVM.remove(lockFile);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

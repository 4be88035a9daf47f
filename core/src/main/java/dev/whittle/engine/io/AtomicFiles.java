package dev.whittle.engine.io;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apiguardian.api.API;

/** Writes files so that a reader, or a run killed half-way, sees the old content or the new. */
@API(status = INTERNAL, since = "0.1")
public final class AtomicFiles {
  private static final int MAX_NAME_ATTEMPTS = 100;

  private AtomicFiles() {}

  /**
   * Replaces {@code target} with {@code content}: writes a temporary file next to it, then renames
   * it over the target, so that the rename stays within one file system. It does not fsync: it
   * guards against interrupted runs rather than power loss, and a reduction may save thousands of
   * improvements.
   */
  public static void write(Path target, byte[] content) throws IOException {
    checkNotNull(target, "target");
    checkNotNull(content, "content");
    Path absolute = target.toAbsolutePath();
    Path temp = createSibling(absolute);
    try {
      Optional<Set<PosixFilePermission>> kept = permissions(absolute);
      if (kept.isPresent()) {
        // Before the content goes in, so that a private file's content is never less private.
        Set<PosixFilePermission> writable = EnumSet.copyOf(kept.get());
        writable.add(PosixFilePermission.OWNER_WRITE);
        Files.setPosixFilePermissions(temp, writable);
      }
      writeUninterruptibly(temp, content);
      if (kept.isPresent() && !kept.get().contains(PosixFilePermission.OWNER_WRITE)) {
        Files.setPosixFilePermissions(temp, kept.get());
      }
      moveOver(temp, absolute);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * A new empty file next to {@code target}, under a name no other writer uses. Not {@link
   * Files#createTempFile}: it makes the file readable by its owner only, and the rename would pass
   * that on to every output; a file created without attributes gets the mode a plain write gives
   * it, which follows the umask.
   */
  private static Path createSibling(Path target) throws IOException {
    for (int attempt = 1; ; attempt++) {
      String suffix = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
      Path temp = target.resolveSibling("." + target.getFileName() + "." + suffix + ".tmp");
      try {
        return Files.createFile(temp);
      } catch (FileAlreadyExistsException e) {
        if (attempt == MAX_NAME_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  /**
   * The permissions of the file about to be replaced, which the new one keeps, as it would if it
   * were written over; empty for a new file or a file system without POSIX permissions.
   */
  private static Optional<Set<PosixFilePermission>> permissions(Path target) throws IOException {
    try {
      return Optional.of(Files.getPosixFilePermissions(target));
    } catch (NoSuchFileException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }

  /**
   * Writes through java.io rather than NIO: a file channel closes itself when the writing thread is
   * interrupted, and Ctrl-C interrupts the reducing thread exactly when the best result so far must
   * still be saved.
   */
  public static void writeUninterruptibly(Path file, byte[] content) throws IOException {
    try (OutputStream out = new FileOutputStream(file.toFile())) {
      out.write(content);
    }
  }

  private static void moveOver(Path source, Path target) throws IOException {
    try {
      Files.move(
          source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      // Same directory, so this only happens on file systems without atomic rename.
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}

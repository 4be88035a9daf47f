package dev.whittle.engine.io;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apiguardian.api.API;

/** Writes files so that a reader, or a run killed half-way, sees the old content or the new. */
@API(status = INTERNAL)
public final class AtomicFiles {
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
    Path temp =
        Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".tmp");
    try {
      writeUninterruptibly(temp, content);
      moveOver(temp, absolute);
    } finally {
      Files.deleteIfExists(temp);
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

package dev.whittle.jazzer.input;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The one way Whittle reads an input file: its kind and size are checked before a byte is read, so
 * that a named pipe without a writer cannot block the read, a device such as {@code /dev/zero}
 * cannot fill the heap, and a file larger than a Java array says so instead of failing deep inside
 * the JDK.
 */
@API(status = INTERNAL, since = "0.1")
public final class InputFiles {
  /**
   * The longest input Whittle can hold: it keeps an input in one {@code byte[]}, and the JVM's
   * arrays end just short of 2 GiB (the limit {@link Files#readAllBytes} enforces too).
   */
  public static final long MAX_LENGTH = Integer.MAX_VALUE - 8;

  private InputFiles() {}

  /**
   * The length of {@code file}, a regular file (or a link to one) that fits in an array.
   *
   * @param what what the file is to the user, for example {@code "crash file"}
   * @throws UnreadableInputException naming the file: missing, a directory, not a regular file (a
   *     named pipe, a device, a socket), or longer than {@link #MAX_LENGTH}
   * @throws IOException naming the file if its attributes cannot be read
   */
  public static long checkedLength(Path file, String what) throws IOException {
    checkNotNull(file, "file");
    checkNotNull(what, "what");
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new UnreadableInputException(what + " not found: " + file, false, e);
    } catch (AccessDeniedException e) {
      throw new UnreadableInputException(
          "cannot read " + what + " " + file + ": permission denied", false, e);
    }
    if (attributes.isDirectory()) {
      throw new UnreadableInputException(
          what + " " + file + " is a directory, not a file", false, null);
    }
    if (!attributes.isRegularFile()) {
      // Reading a pipe waits for a writer, and a device may never end: neither has a length to
      // check, so Whittle reads only what has one.
      throw new UnreadableInputException(
          what
              + " "
              + file
              + " is not a regular file but a named pipe, device or socket; Whittle reads only"
              + " regular files: copy its content into one first",
          false,
          null);
    }
    long length = attributes.size();
    if (length > MAX_LENGTH) {
      throw new UnreadableInputException(tooLong(file, what, length), false, null);
    }
    return length;
  }

  /**
   * The bytes of {@code file}, after {@link #checkedLength}'s checks.
   *
   * @throws UnreadableInputException as {@link #checkedLength} does, and when the file does not fit
   *     in this JVM's heap ({@link UnreadableInputException#heapTooSmall()})
   * @throws IOException naming the file if reading it fails
   */
  public static byte[] read(Path file, String what) throws IOException {
    long length = checkedLength(file, what);
    try {
      return Files.readAllBytes(file);
    } catch (AccessDeniedException e) {
      throw new UnreadableInputException(
          "cannot read " + what + " " + file + ": permission denied", false, e);
    } catch (OutOfMemoryError e) {
      long grown = lengthOr(file, length);
      if (grown > MAX_LENGTH) {
        throw new UnreadableInputException(tooLong(file, what, grown), false, e);
      }
      long heapMib = Runtime.getRuntime().maxMemory() >> 20;
      throw new UnreadableInputException(
          what
              + " "
              + file
              + " ("
              + grown
              + " bytes, "
              + mib(grown)
              + ") does not fit in Whittle's heap of "
              + heapMib
              + " MiB; give it a larger heap (java -Xmx...)",
          true,
          e);
    } catch (IOException e) {
      throw new IOException("cannot read " + what + " " + file + ": " + e, e);
    }
  }

  private static String tooLong(Path file, String what, long length) {
    return what
        + " "
        + file
        + " is "
        + length
        + " bytes ("
        + mib(length)
        + "), more than the "
        + MAX_LENGTH
        + " bytes (2 GiB) a Java byte array holds, and Whittle holds an input in one: no heap size"
        + " helps; cut the file down first";
  }

  private static String mib(long length) {
    return length >= 1L << 30
        ? String.format(Locale.ROOT, "%.1f GiB", length / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", length / (double) (1L << 20));
  }

  /** The file's length now (it may have grown since it was checked), else {@code fallback}. */
  private static long lengthOr(Path file, long fallback) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return fallback;
    }
  }
}

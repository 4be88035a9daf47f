package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.CorpusOutputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * What a merge adds to a kept corpus (libFuzzer's {@code -merge=1 KEPT NEW...}): new files only,
 * named by the SHA-1 of their content and written atomically, never over a file already there, so
 * that the kept corpus is only ever added to and every file added before a failure is complete.
 */
@API(status = INTERNAL, since = "0.1")
public final class KeptCorpusAdditions {
  private final Path kept;

  private KeptCorpusAdditions(Path kept) {
    this.kept = kept;
  }

  /**
   * Additions to the existing directory {@code kept}, checked by writing (and deleting) a file in
   * it before any run, so that an unwritable one costs nothing.
   *
   * @throws CorpusOutputException naming the directory and the reason if it cannot be written
   */
  public static KeptCorpusAdditions open(Path kept) throws IOException {
    checkNotNull(kept, "kept");
    try {
      Files.delete(Files.createTempFile(kept, ".whittle-probe-", ".tmp"));
    } catch (IOException e) {
      throw new CorpusOutputException(
          kept,
          "the kept corpus directory " + kept + " cannot be written: " + CorpusOutput.reason(e),
          e);
    }
    return new KeptCorpusAdditions(kept);
  }

  /** The file {@code content} goes to: its {@linkplain CorpusOutput#nameOf name} in the corpus. */
  public Path fileOf(byte[] content) {
    return kept.resolve(CorpusOutput.nameOf(content));
  }

  /**
   * Writes {@code content} atomically to {@link #fileOf}; false, writing nothing, if that file
   * already exists.
   */
  public boolean add(byte[] content) throws IOException {
    Path file = fileOf(content);
    if (Files.exists(file)) {
      return false;
    }
    try {
      AtomicFiles.write(file, content);
    } catch (IOException e) {
      throw new CorpusOutputException(
          kept,
          "cannot write "
              + file.getFileName()
              + " into the kept corpus "
              + kept
              + ": "
              + CorpusOutput.reason(e)
              + "; every file added before it is complete",
          e);
    }
    return true;
  }
}

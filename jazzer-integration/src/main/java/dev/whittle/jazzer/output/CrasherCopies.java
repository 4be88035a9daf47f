package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.CorpusOutputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Where a corpus minimization copies the crashing inputs that alone showed some coverage: a
 * directory apart from the output corpus, which must replay without a failure, so that what only
 * they covered is not lost. Each copy is named {@code crash-<SHA-1>}, as Jazzer names its crash
 * files (so that {@code whittle minimize} and Jazzer's replay take them as they are), written
 * atomically and never over an existing file. The directory is created at the first copy only: most
 * corpora have no such input.
 */
@API(status = INTERNAL, since = "0.1")
public final class CrasherCopies {
  private final Path directory;

  private CrasherCopies(Path directory) {
    this.directory = directory;
  }

  /**
   * Copies into {@code directory}, checked before any run: it MUST NOT lie in (or be) an input
   * directory of {@code inputs}, which is never modified, nor the output corpus {@code output},
   * which must replay without a failure; if it exists it MUST be a directory.
   *
   * @throws IllegalArgumentException naming the directory if it is unusable
   */
  public static CrasherCopies into(Path directory, List<Path> inputs, Path output) {
    checkNotNull(directory, "directory");
    checkArgument(
        !CorpusPaths.real(directory).startsWith(CorpusPaths.real(output)),
        "the crashers directory %s lies in the output corpus %s, which must replay without a"
            + " failure",
        directory,
        output);
    CorpusOutput.checkOutsideInputs("the crashers directory", directory, inputs);
    checkArgument(
        !Files.exists(directory) || Files.isDirectory(directory),
        "the crashers directory %s exists and is not a directory",
        directory);
    return new CrasherCopies(directory);
  }

  public Path directory() {
    return directory;
  }

  /** The copy of {@code content}: {@code crash-<SHA-1>} in the directory. */
  public Path fileOf(byte[] content) {
    return directory.resolve("crash-" + CorpusOutput.nameOf(content));
  }

  /**
   * Writes {@code content} atomically to {@link #fileOf}, creating the directory if need be; an
   * existing file of that name already holds it and is left alone.
   *
   * @throws CorpusOutputException naming the directory if it cannot be created or written
   */
  public Path copy(byte[] content) throws IOException {
    Path file = fileOf(content);
    try {
      Files.createDirectories(directory);
      if (!Files.exists(file)) {
        AtomicFiles.write(file, content);
      }
    } catch (IOException e) {
      throw new CorpusOutputException(
          directory,
          "cannot write "
              + file.getFileName()
              + " into the crashers directory "
              + directory
              + ": "
              + CorpusOutput.reason(e),
          e);
    }
    return file;
  }
}

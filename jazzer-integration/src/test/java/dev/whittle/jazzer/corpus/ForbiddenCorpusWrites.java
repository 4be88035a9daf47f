package dev.whittle.jazzer.corpus;

import dev.whittle.engine.io.AtomicFiles;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Classes in the corpus package that write files themselves, each one way, which the architecture
 * test's rule that only {@code jazzer.output} writes result files must catch. Never run.
 */
public final class ForbiddenCorpusWrites {
  private ForbiddenCorpusWrites() {}

  /** A file operation as a method reference can take it. */
  interface FileAction {
    void apply(Path file) throws IOException;
  }

  public static final class WritesWithFiles {
    void write(Path file) throws IOException {
      Files.write(file, new byte[0]);
    }
  }

  public static final class DeletesByMethodReference {
    FileAction deleter() {
      return Files::deleteIfExists;
    }
  }

  public static final class MovesWithFiles {
    void move(Path from, Path to) throws IOException {
      Files.move(from, to);
    }
  }

  public static final class WritesAtomically {
    void write(Path file) throws IOException {
      AtomicFiles.write(file, new byte[0]);
    }
  }

  public static final class WritesAStream {
    void write(Path file) throws IOException {
      try (FileOutputStream out = new FileOutputStream(file.toFile())) {
        out.write(0);
      }
    }
  }
}

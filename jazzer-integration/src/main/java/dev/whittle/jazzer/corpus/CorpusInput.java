package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.output.CorpusOutput;
import java.nio.file.Path;

/**
 * One distinct input of a corpus: the first file with its content, and the content, which is never
 * modified (the engine tells an input kept as it was by the identity of this array).
 */
record CorpusInput(Path path, byte[] content) {
  /** The name a file of this content gets ({@link CorpusOutput#nameOf}). */
  String sha1() {
    return CorpusOutput.nameOf(content);
  }
}

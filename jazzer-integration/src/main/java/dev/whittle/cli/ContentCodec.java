package dev.whittle.cli;

import dev.whittle.api.SequenceInput;

/**
 * Turns a file's bytes into a sequence input of some granularity, and candidates back into bytes
 * for the test command and the result file.
 *
 * @param <C> the content type of candidates
 */
interface ContentCodec<C> {
  /**
   * Splits the file's bytes into items.
   *
   * @throws MalformedInputFileException if the bytes are not valid for this granularity
   */
  SequenceInput<C> split(byte[] data);

  /** The bytes of a candidate, as the test command sees them. */
  byte[] encode(C candidate);
}

package dev.whittle.engine.passes.fields;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import org.apiguardian.api.API;

/**
 * Passes over binary fields: length-prefixed chunks, (offset, length) directories and integers,
 * each rewritten with what it counts or points at. The family's catalogue: its passes are made here
 * and nowhere else.
 */
@API(status = INTERNAL, since = "0.1")
public final class FieldPasses {
  private FieldPasses() {}

  /**
   * Shrinks length-prefixed chunks together with their length fields (see {@code LengthFieldPass}).
   */
  public static Pass<byte[]> lengthFields() {
    return new LengthFieldPass(true);
  }

  /**
   * {@link #lengthFields()} without the guesses of a zero length. Such a chunk has no content, and
   * deleting it is deleting its header, a plain deletion that the algorithm and block deletion make
   * too; in zero-filled data every position is such a guess. For shrinking many corpus files, where
   * the sweep's runs are most of the time and the zero lengths cost many of them for few bytes on
   * the sample corpora.
   */
  public static Pass<byte[]> lengthFieldsWithContent() {
    return new LengthFieldPass(false);
  }

  /**
   * Shrinks directories of (offset, length) records together with the data they point at, and
   * lowers every offset that points past a deletion (see {@code OffsetFieldPass}).
   */
  public static Pass<byte[]> offsetFields() {
    return new OffsetFieldPass();
  }

  /**
   * Lowers 16- and 32-bit integers of binary inputs toward 0, in both byte orders (see {@code
   * IntegerFieldPass}).
   */
  public static Pass<byte[]> integerFields() {
    return new IntegerFieldPass();
  }
}

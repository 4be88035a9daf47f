package dev.whittle.engine.passes.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import org.apiguardian.api.API;

/**
 * Passes over text: runs of lines, lexical tokens and runs of them, large text set to one filler,
 * numbers lowered. The family's catalogue: its passes are made here and nowhere else.
 */
@API(status = INTERNAL, since = "0.1")
public final class TextPasses {
  private TextPasses() {}

  /**
   * Deletes runs of whole lines together, or keeps only a run, on text-like inputs: wrappers such
   * as a multipart envelope or a header block go in one question (see {@code LineRunPass}).
   */
  public static Pass<byte[]> lineRuns() {
    return new LineRunPass();
  }

  /**
   * Deletes one text token of two bytes or more at a time (a backslash escape, a word or a number):
   * what one-byte deletions cannot take out when each half alone means something else.
   */
  public static Pass<byte[]> tokens() {
    return new TokenDeletionPass();
  }

  /**
   * Deletes runs of 16, 8, 4, 2 and 1 tokens together, a bracket with its partner, on text of at
   * most 64 tokens: tokens that only go together (see {@code TokenRunPass}).
   */
  public static Pass<byte[]> tokenRuns() {
    return new TokenRunPass();
  }

  /**
   * Large text made uniform in few questions: the whole input set to one filler, else the longest
   * fillable prefix and suffix found by bisection (see {@code FillAllPass}).
   */
  public static Pass<byte[]> fillAll() {
    return new FillAllPass();
  }

  /**
   * Lowers numbers written in ASCII decimal or octal toward 0, keeping their width: {@code '0'}
   * digits, as afl-tmin writes (see {@code TextNumberPass}).
   */
  public static Pass<byte[]> textNumbers() {
    return new TextNumberPass();
  }

  /**
   * Large text made uniform: runs of bytes overwritten with one filler, line breaks kept (see
   * {@code FillRunPass}).
   */
  public static Pass<byte[]> fillRuns() {
    return new FillRunPass();
  }
}

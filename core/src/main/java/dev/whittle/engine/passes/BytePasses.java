package dev.whittle.engine.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Format-generic passes over bytes, to pass to {@code Reduction.withPass}: they take apart
 * structure that deleting one run of bytes at a time cannot, and every front end offers them
 * ({@code whittle reduce}, {@code whittle minimize}, the JUnit extension).
 */
@API(status = INTERNAL, since = "0.1")
public final class BytePasses {
  private BytePasses() {}

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

  /** Deletes runs of 2 to 4 bytes, for small groups of bytes that only go together. */
  public static Pass<byte[]> byteRuns() {
    return new ByteRunPass();
  }

  /**
   * Deletes whole blocks at block-aligned positions (512 bytes, powers of two, divisors of the
   * length), runs of up to four large blocks at once: TAR entries, sectors, fixed-size records (see
   * {@code BlockDeletionPass}).
   */
  public static Pass<byte[]> blocks() {
    return new BlockDeletionPass();
  }

  /**
   * Empties or halves the data of TAR entries, rewriting their octal size fields and header
   * checksums (see {@code TarEntryPass}); skips inputs without a valid TAR header.
   */
  public static Pass<byte[]> tarEntries() {
    return new TarEntryPass();
  }

  /**
   * Empties ZIP archives' local entries (stored and empty, or an empty deflate stream), rewriting
   * method, CRC and sizes in the header or data descriptor (see {@code ZipEntryPass}).
   */
  public static Pass<byte[]> zipEntries() {
    return new ZipEntryPass();
  }

  /**
   * Shrinks directories of (offset, length) records together with the data they point at, and
   * lowers every offset that points past a deletion (see {@code OffsetFieldPass}).
   */
  public static Pass<byte[]> offsetFields() {
    return new OffsetFieldPass();
  }

  /**
   * Overwrites runs of bytes of binary inputs with 0x00, as afl-tmin does; keeps the size (see
   * {@code ZeroRunPass}).
   */
  public static Pass<byte[]> zeroRuns() {
    return new ZeroRunPass();
  }

  /**
   * Large text made uniform: runs of bytes overwritten with one filler, line breaks kept (see
   * {@code FillRunPass}).
   */
  public static Pass<byte[]> fillRuns() {
    return new FillRunPass();
  }

  /**
   * Large text made uniform in few questions: the whole input set to one filler, else the longest
   * fillable prefix and suffix found by bisection (see {@code FillAllPass}).
   */
  public static Pass<byte[]> fillAll() {
    return new FillAllPass();
  }

  /**
   * Lowers 16- and 32-bit integers of binary inputs toward 0, in both byte orders (see {@code
   * IntegerFieldPass}).
   */
  public static Pass<byte[]> integerFields() {
    return new IntegerFieldPass();
  }

  /**
   * Lowers numbers written in ASCII decimal or octal toward 0, keeping their width: {@code '0'}
   * digits, as afl-tmin writes (see {@code TextNumberPass}).
   */
  public static Pass<byte[]> textNumbers() {
    return new TextNumberPass();
  }

  /** Deletes one copy of a chunk that stands twice in a row (see {@code DuplicateChunkPass}). */
  public static Pass<byte[]> duplicateChunks() {
    return new DuplicateChunkPass();
  }

  /**
   * The binary-format passes {@code whittle minimize} runs by default on {@code byte[]} targets,
   * with {@link #archiveEntries()} and {@link #lengthFields()} after blocks: the deleting ones
   * (blocks, offset fields, duplicate chunks), then zero runs, which keep the size but let a
   * format's fields go to 0 together (a ZIP entry's flags and method, after which its data can go).
   * Each skips, without a question or with few, inputs it does not apply to. {@link #rewrites()}
   * are not among them: every content they rewrite gives the next round's passes a new input to
   * sweep, which on the sample binary crashes cost more runs for no smaller result.
   */
  public static List<Pass<byte[]>> binaryFormats() {
    return List.of(blocks(), offsetFields(), duplicateChunks(), zeroRuns());
  }

  /**
   * The passes that empty archive entries in place, TAR's ({@link #tarEntries()}) and ZIP's ({@link
   * #zipEntries()}): where an entry must stay but its data need not (a crash in the parsing of the
   * entry's header, a corpus file kept for the number of entries a target reads). Each {@linkplain
   * Pass#appliesTo applies} only to content with a header of its format.
   */
  public static List<Pass<byte[]>> archiveEntries() {
    return List.of(tarEntries(), zipEntries());
  }

  /**
   * The passes that lower values without deleting anything (integer fields, text numbers), for a
   * simpler, more readable result at the price of more runs.
   */
  public static List<Pass<byte[]>> rewrites() {
    return List.of(integerFields(), textNumbers());
  }
}

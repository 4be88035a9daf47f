package dev.whittle.engine.passes.bytes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import org.apiguardian.api.API;

/**
 * Passes over plain bytes: aligned blocks, runs of bytes, repeated chunks, runs set to zero. The
 * family's catalogue: its passes are made here and nowhere else.
 */
@API(status = INTERNAL, since = "0.1")
public final class BytePasses {
  private BytePasses() {}

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
   * Overwrites runs of bytes of binary inputs with 0x00, as afl-tmin does; keeps the size (see
   * {@code ZeroRunPass}).
   */
  public static Pass<byte[]> zeroRuns() {
    return new ZeroRunPass();
  }

  /** Deletes one copy of a chunk that stands twice in a row (see {@code DuplicateChunkPass}). */
  public static Pass<byte[]> duplicateChunks() {
    return new DuplicateChunkPass();
  }
}

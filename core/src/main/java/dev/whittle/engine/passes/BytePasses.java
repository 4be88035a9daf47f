package dev.whittle.engine.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.ValueReducer;
import org.apiguardian.api.API;

/**
 * Format-generic passes over bytes, to pass to {@code Reduction.withValueReducer}: they take apart
 * structure that deleting one run of bytes at a time cannot, and every front end offers them
 * ({@code whittle reduce}, {@code whittle minimize}, the JUnit extension).
 */
@API(status = INTERNAL)
public final class BytePasses {
  private BytePasses() {}

  /**
   * Shrinks length-prefixed chunks together with their length fields (see {@code
   * LengthFieldReducer}).
   */
  public static ValueReducer<byte[]> lengthFields() {
    return new LengthFieldReducer();
  }

  /**
   * Deletes runs of whole lines together, or keeps only a run, on text-like inputs: wrappers such
   * as a multipart envelope or a header block go in one question (see {@code LineRunReducer}).
   */
  public static ValueReducer<byte[]> lineRuns() {
    return new LineRunReducer();
  }

  /** Deletes runs of 2 to 4 bytes, for small groups of bytes that only go together. */
  public static ValueReducer<byte[]> byteRuns() {
    return new ByteRunReducer();
  }
}

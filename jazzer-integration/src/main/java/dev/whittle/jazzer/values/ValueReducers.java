package dev.whittle.jazzer.values;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.api.ValueReducer;

/** Value reducers for Jazzer inputs, to pass to {@code Reduction.withValueReducer}. */
public final class ValueReducers {
  private ValueReducers() {}

  /**
   * A value reducer for inputs of a {@code FuzzedDataProvider} target: it records the consuming
   * calls of the current input with {@code recorder}, rewrites their values (fewer calls, shorter
   * strings and arrays, integers nearer zero, booleans false) and encodes them back into bytes with
   * {@link dev.whittle.jazzer.fdp.FuzzedDataEncoder}. It records again after each accepted rewrite,
   * as new values can make the target call differently.
   */
  public static ValueReducer<byte[]> forFuzzedDataProvider(FuzzedDataRecorder recorder) {
    checkNotNull(recorder, "recorder");
    return new FuzzedDataValueReducer(recorder);
  }

  /**
   * A value reducer for inputs of a {@code byte[]} target: it shrinks length-prefixed chunks
   * together with their length fields, which deleting bytes cannot do (see {@code
   * LengthFieldReducer}).
   */
  public static ValueReducer<byte[]> lengthFields() {
    return new LengthFieldReducer();
  }

  /**
   * A value reducer for text-like inputs: it deletes runs of whole lines together, which takes off
   * wrappers (a multipart envelope, a header block) that deleting bytes one run at a time cannot
   * (see {@code LineRunReducer}).
   */
  public static ValueReducer<byte[]> lineRuns() {
    return new LineRunReducer();
  }

  /**
   * A value reducer that deletes runs of 2 to 4 bytes, for small groups of bytes that only go
   * together (see {@code ByteRunReducer}).
   */
  public static ValueReducer<byte[]> byteRuns() {
    return new ByteRunReducer();
  }
}

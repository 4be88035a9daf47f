package dev.whittle.jazzer.values;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.ValueReducer;
import org.apiguardian.api.API;

/**
 * Value reducers that know Jazzer, to pass to {@code Reduction.withValueReducer}; the
 * format-generic ones are in {@link dev.whittle.engine.passes.BytePasses}.
 */
@API(status = INTERNAL)
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
}

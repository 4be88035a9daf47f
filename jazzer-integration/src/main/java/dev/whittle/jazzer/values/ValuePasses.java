package dev.whittle.jazzer.values;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import java.lang.reflect.Method;
import org.apiguardian.api.API;

/**
 * Passes that know Jazzer, to pass to {@code Reduction.withPass}; the format-generic ones are in
 * the byte-level pass families ({@code dev.whittle.engine.passes}).
 */
@API(status = INTERNAL, since = "0.1")
public final class ValuePasses {
  private ValuePasses() {}

  /**
   * A pass for inputs of a {@code FuzzedDataProvider} target: it records the consuming calls of the
   * current input with {@code recorder}, rewrites their values (fewer calls, shorter strings and
   * arrays, strings that look like structured text reduced as trees, content one string or array
   * shares with another deleted from both at once, elements before the position an integer gives
   * deleted with the integer lowered by as many, integers nearer zero, booleans false) and encodes
   * them back into bytes with {@link dev.whittle.jazzer.fdp.FuzzedDataEncoder}. It records again
   * after each accepted rewrite, as new values can make the target call differently.
   */
  public static Pass<byte[]> forFuzzedDataProvider(FuzzedDataRecorder recorder) {
    checkNotNull(recorder, "recorder");
    return new FuzzedDataValuesPass(recorder, true);
  }

  /**
   * A pass for inputs of a {@code @FuzzTest} method with structured parameters, in the
   * serialization of Jazzer's mutation framework (see {@link MutatorArguments}): it decodes the
   * current bytes with the framework's own reader, proposes simpler arguments (null where a value
   * is nullable, strings that look like structured text reduced as trees, shorter strings, lists,
   * sets, maps (fewer entries, keys and values shrunk as values of their own types) and arrays,
   * integers toward zero or their annotated range's bound nearer to it, booleans false, records
   * rebuilt with simpler components through their canonical constructor), encodes each with the
   * framework's own writer and asks the tester. It asks only candidates that decode back to exactly
   * the proposed values and are no longer than the current bytes, and decodes again after each
   * accepted one. It returns the current bytes when they do not decode.
   *
   * <p>To get a result that is small in its values rather than in bytes, run the reduction with the
   * oracle of {@link MutatorArguments#onlyCanonical}.
   *
   * @throws IllegalStateException if Jazzer's mutation framework ({@code com.code-intelligence:
   *     jazzer} 0.30.0) is unavailable on the class path of {@code method}'s class and of Whittle
   * @throws IllegalArgumentException if {@code method} has no parameters or the framework cannot
   *     handle them
   */
  public static Pass<byte[]> forMutatorArguments(Method method) {
    checkNotNull(method, "method");
    return new MutatorArgumentsPass(MutatorCodec.forMethod(method), true);
  }
}

package dev.whittle.jazzer.values;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.jazzer.values.MutatorCodec.UndecodableException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * Inputs of {@code @FuzzTest} methods with parameters other than one {@code byte[]} or one {@code
 * FuzzedDataProvider}: their bytes are the serialization of Jazzer's mutation framework ({@code
 * com.code_intelligence.jazzer.mutation.ArgumentsMutator} of Jazzer 0.30.0, which MUST be on the
 * class path of the method's class or of Whittle), read and written here by the framework itself.
 *
 * <p>What the framework's reader does with arbitrary bytes, as checked by {@code
 * MutatorDecodingTest}: it is total. A short input is padded with zeros, a length field is clamped
 * (to 1,000 for strings), an integer is forced into its annotated range, invalid UTF-8 is fixed up,
 * so every byte string decodes, except where a record's (or bean's) own constructor throws on the
 * values read: then the reader throws. The framework's writer is canonical: the encoding of decoded
 * values MAY be longer than the bytes they were read from.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutatorArguments {
  private MutatorArguments() {}

  /**
   * The arguments {@code bytes} decode to for {@code method}, in parameter order, for example
   * {@code s = "hi!!", x = 1234, xs = [7, 42]} when the class was compiled with {@code
   * -parameters}, and {@code "hi!!", 1234, [7, 42]} without the names otherwise (the JVM would only
   * make up {@code arg0}, {@code arg1}, ...); strings and chars are quoted and escaped like Java
   * literals, records show their components. It does not throw for any bytes: input the reader
   * cannot decode gives {@code (does not decode: ...)} with what the reader threw.
   *
   * @throws IllegalStateException if Jazzer's mutation framework is unavailable
   * @throws IllegalArgumentException if the framework cannot handle {@code method}'s parameters
   */
  public static String describe(Method method, byte[] bytes) {
    checkNotNull(method, "method");
    checkNotNull(bytes, "bytes");
    MutatorCodec codec = MutatorCodec.forMethod(method);
    Object[] arguments;
    try {
      arguments = codec.decode(bytes);
    } catch (UndecodableException e) {
      Throwable cause = e.getCause();
      // The reader wraps a constructor's exception in a RuntimeException; its cause says more.
      Throwable shown = cause.getCause() != null ? cause.getCause() : cause;
      return "(does not decode: " + shown + ")";
    }
    Parameter[] parameters = method.getParameters();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < parameters.length; i++) {
      out.append(i == 0 ? "" : ", ");
      if (parameters[i].isNamePresent()) {
        out.append(parameters[i].getName()).append(" = ");
      }
      out.append(ArgumentRenderer.render(arguments[i]));
    }
    return out.toString();
  }

  /**
   * An oracle that asks {@code oracle} only about {@code original} and about byte strings that are
   * the framework's own encoding of the values they decode to, and answers {@link
   * Outcome#NOT_INTERESTING} for every other byte string without asking it.
   *
   * <p>Why: the reduction engine measures inputs in bytes, and byte deletion on this format finds
   * shorter inputs with larger values, because the reader pads with zeros: {@code x = 101} takes
   * four bytes {@code 00 00 00 65}, and deleting the three zeros gives {@code 65} padded to {@code
   * 0x65000000}. Restricted to canonical encodings, fewer bytes mean shorter strings and lists and
   * fewer present values, and the pass of {@link ValuePasses#forMutatorArguments} moves numbers
   * toward zero at the same size, so the result is small in its values, as a JUnit user reading a
   * shrunk sample expects. Without it, the result is smaller in bytes and its values MAY be larger.
   * The result is an input Jazzer itself could have written.
   *
   * @throws IllegalStateException if Jazzer's mutation framework is unavailable
   * @throws IllegalArgumentException if the framework cannot handle {@code method}'s parameters
   */
  public static Oracle<byte[]> onlyCanonical(
      Method method, byte[] original, Oracle<? super byte[]> oracle) {
    checkNotNull(method, "method");
    checkNotNull(original, "original");
    checkNotNull(oracle, "oracle");
    MutatorCodec codec = MutatorCodec.forMethod(method);
    byte[] originalCopy = original.clone();
    return candidate ->
        Arrays.equals(candidate, originalCopy) || codec.isCanonical(candidate)
            ? oracle.test(candidate)
            : Outcome.NOT_INTERESTING;
  }
}

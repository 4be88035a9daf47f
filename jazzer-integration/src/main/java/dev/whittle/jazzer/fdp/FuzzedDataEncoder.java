package dev.whittle.jazzer.fdp;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.fdp.EncodedCall.EndRead;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Turns a sequence of {@link com.code_intelligence.jazzer.api.FuzzedDataProvider} calls with chosen
 * values back into an input: the inverse of {@link ByteFuzzedDataProvider}, for value-level
 * reduction. Record the calls of a failing run with {@link RecordingFuzzedDataProvider}, replace
 * values with smaller ones ({@link FuzzedDataCall#withValue}), encode, and run the target on the
 * result.
 *
 * <p>Contract: {@link #encode} MUST return bytes on which the same calls, made in the same order on
 * a {@link ByteFuzzedDataProvider} (and so on Jazzer's), return exactly the given values, or throw
 * {@link NotEncodableException}; it never returns an approximation. Any other exception, such as a
 * {@link ClassCastException} for a value that is not of its method's return type, is a bug of the
 * caller or of the encoder and is never to be read as "not encodable". It SHOULD return few bytes:
 * values take the bytes their range needs, and calls at the end that would return the same on an
 * exhausted input take none.
 *
 * <p>What can be encoded (anything else throws):
 *
 * <ul>
 *   <li>booleans, bytes, shorts, ints, longs and chars: any value in the call's range; {@code
 *       consumeCharNoSurrogates()}: any non-surrogate.
 *   <li>floats and doubles: only values Jazzer can produce for the range, found by binary search;
 *       {@code consumeFloat()} and {@code consumeDouble()} also their special values (±0, ±∞, NaN,
 *       ±smallest subnormal, ±smallest normal, ±largest). Most values strictly between two
 *       neighbouring products of the 2^32 (float) or 2^64 (double) probabilities are impossible,
 *       for example 1.5 from {@code consumeRegularFloat()}.
 *   <li>arrays of the call's maximum length anywhere; shorter arrays only where the input ran out
 *       (later calls read less than one element).
 *   <li>strings up to the call's maximum length without unpaired surrogates (ASCII methods: ASCII
 *       only); a shorter string gets a two-byte terminator unless the input may end after it.
 *   <li>{@code consumeRemainingAs*}: only where no later call reads bytes; never a remaining ASCII
 *       string of exactly one character, which Jazzer cannot produce.
 * </ul>
 */
@API(status = INTERNAL, since = "0.1")
public final class FuzzedDataEncoder {
  private FuzzedDataEncoder() {}

  /**
   * Encodes {@code calls}.
   *
   * @throws NotEncodableException if no input makes the calls return exactly their values
   */
  public static byte[] encode(List<FuzzedDataCall> calls) {
    checkNotNull(calls, "calls");
    int lastConsumer = lastCallNeedingBytes(calls);
    byte[] shortest = assemble(calls, lastConsumer, true);
    Optional<String> mismatch = firstMismatch(shortest, calls);
    if (mismatch.isEmpty()) {
      return shortest;
    }
    // Giving every call all its bytes helps where the shortest form fell short, e.g. a
    // one-character string at the end followed by calls whose defaults are nonzero.
    byte[] complete = assemble(calls, calls.size() - 1, false);
    if (firstMismatch(complete, calls).isEmpty()) {
      return complete;
    }
    throw new NotEncodableException("no input yields these values: " + mismatch.get());
  }

  /** The index of the last call whose value differs from what it returns on an empty input. */
  private static int lastCallNeedingBytes(List<FuzzedDataCall> calls) {
    for (int i = calls.size() - 1; i >= 0; i--) {
      FuzzedDataCall call = calls.get(i);
      if (!call.hasValue(call.replayOn(ByteFuzzedDataProvider.of(new byte[0])))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Lays out the calls up to {@code last}: front bytes in call order from the start, end reads in
   * call order from the end backwards, so the first read takes the last bytes.
   */
  private static byte[] assemble(List<FuzzedDataCall> calls, int last, boolean shortest) {
    ByteArrayOutputStream front = new ByteArrayOutputStream();
    ByteArrayOutputStream endInReadOrder = new ByteArrayOutputStream();
    for (int i = 0; i <= last; i++) {
      FuzzedDataCall call = calls.get(i);
      boolean lastConsumer = shortest && i == last;
      EncodedCall encoded;
      try {
        encoded = CallEncoding.encode(call, lastConsumer);
      } catch (NotEncodableException e) {
        // Which call it was, for the message; any other exception is a bug and goes up as is.
        throw new NotEncodableException("call #" + i + " " + call + ": " + e.getMessage(), e);
      }
      if (lastConsumer) {
        encoded = encoded.withShortestEnd();
      }
      front.writeBytes(encoded.front());
      for (EndRead read : encoded.endReads()) {
        for (int b = read.bytes() - 1; b >= 0; b--) {
          endInReadOrder.write((int) (read.raw() >>> (Byte.SIZE * b)));
        }
      }
    }
    byte[] end = endInReadOrder.toByteArray();
    byte[] input = new byte[front.size() + end.length];
    System.arraycopy(front.toByteArray(), 0, input, 0, front.size());
    for (int i = 0; i < end.length; i++) {
      input[input.length - 1 - i] = end[i];
    }
    return input;
  }

  private static Optional<String> firstMismatch(byte[] input, List<FuzzedDataCall> calls) {
    ByteFuzzedDataProvider provider = ByteFuzzedDataProvider.of(input);
    for (int i = 0; i < calls.size(); i++) {
      FuzzedDataCall call = calls.get(i);
      Object decoded = call.replayOn(provider);
      if (!call.hasValue(decoded)) {
        return Optional.of(
            "call #"
                + i
                + " "
                + call
                + " would return "
                + Arrays.deepToString(new Object[] {decoded}));
      }
    }
    return Optional.empty();
  }
}

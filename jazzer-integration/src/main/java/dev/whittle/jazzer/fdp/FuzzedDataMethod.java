package dev.whittle.jazzer.fdp;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The consuming methods of {@link FuzzedDataProvider}, one constant per overload, each able to
 * replay a recorded call on any provider. {@code pickValue} and {@code pickValues} are not here:
 * they consume through {@link #CONSUME_INT_IN_RANGE}.
 */
@API(status = INTERNAL, since = "0.1")
public enum FuzzedDataMethod {
  CONSUME_BOOLEAN((p, a) -> p.consumeBoolean()),
  CONSUME_BYTE((p, a) -> p.consumeByte()),
  CONSUME_BYTE_IN_RANGE((p, a) -> p.consumeByte((byte) a.get(0), (byte) a.get(1))),
  CONSUME_SHORT((p, a) -> p.consumeShort()),
  CONSUME_SHORT_IN_RANGE((p, a) -> p.consumeShort((short) a.get(0), (short) a.get(1))),
  CONSUME_INT((p, a) -> p.consumeInt()),
  CONSUME_INT_IN_RANGE((p, a) -> p.consumeInt((int) a.get(0), (int) a.get(1))),
  CONSUME_LONG((p, a) -> p.consumeLong()),
  CONSUME_LONG_IN_RANGE((p, a) -> p.consumeLong((long) a.get(0), (long) a.get(1))),
  CONSUME_CHAR((p, a) -> p.consumeChar()),
  CONSUME_CHAR_IN_RANGE((p, a) -> p.consumeChar((char) a.get(0), (char) a.get(1))),
  CONSUME_CHAR_NO_SURROGATES((p, a) -> p.consumeCharNoSurrogates()),
  CONSUME_FLOAT((p, a) -> p.consumeFloat()),
  CONSUME_REGULAR_FLOAT((p, a) -> p.consumeRegularFloat()),
  CONSUME_REGULAR_FLOAT_IN_RANGE(
      (p, a) -> p.consumeRegularFloat((float) a.get(0), (float) a.get(1))),
  CONSUME_PROBABILITY_FLOAT((p, a) -> p.consumeProbabilityFloat()),
  CONSUME_DOUBLE((p, a) -> p.consumeDouble()),
  CONSUME_REGULAR_DOUBLE((p, a) -> p.consumeRegularDouble()),
  CONSUME_REGULAR_DOUBLE_IN_RANGE(
      (p, a) -> p.consumeRegularDouble((double) a.get(0), (double) a.get(1))),
  CONSUME_PROBABILITY_DOUBLE((p, a) -> p.consumeProbabilityDouble()),
  CONSUME_BOOLEANS((p, a) -> p.consumeBooleans((int) a.get(0))),
  CONSUME_BYTES((p, a) -> p.consumeBytes((int) a.get(0))),
  CONSUME_SHORTS((p, a) -> p.consumeShorts((int) a.get(0))),
  CONSUME_INTS((p, a) -> p.consumeInts((int) a.get(0))),
  CONSUME_LONGS((p, a) -> p.consumeLongs((int) a.get(0))),
  CONSUME_REMAINING_AS_BYTES((p, a) -> p.consumeRemainingAsBytes()),
  CONSUME_STRING((p, a) -> p.consumeString((int) a.get(0))),
  CONSUME_ASCII_STRING((p, a) -> p.consumeAsciiString((int) a.get(0))),
  CONSUME_REMAINING_AS_STRING((p, a) -> p.consumeRemainingAsString()),
  CONSUME_REMAINING_AS_ASCII_STRING((p, a) -> p.consumeRemainingAsAsciiString());

  private interface Invocation {
    Object invoke(FuzzedDataProvider provider, List<Object> arguments);
  }

  private final Invocation invocation;

  FuzzedDataMethod(Invocation invocation) {
    this.invocation = invocation;
  }

  /**
   * Calls this method on {@code provider} with {@code arguments} (boxed, in declaration order) and
   * returns the result, boxed; exceptions of the provider propagate.
   */
  public Object invoke(FuzzedDataProvider provider, List<Object> arguments) {
    return invocation.invoke(provider, arguments);
  }
}

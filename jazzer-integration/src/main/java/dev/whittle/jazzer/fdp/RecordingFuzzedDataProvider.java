package dev.whittle.jazzer.fdp;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A {@link FuzzedDataProvider} that passes every call to another one and records the consuming
 * calls with their arguments and results, for value-level reduction with {@link FuzzedDataEncoder}.
 *
 * <p>It MUST return exactly what the delegate returns. A call the delegate rejects with an
 * exception is not recorded. {@code pickValue} and {@code pickValues} are recorded as the {@code
 * consumeInt(min, max)} calls they make; {@link #remainingBytes()} is passed on but not recorded,
 * as it consumes nothing. Not thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class RecordingFuzzedDataProvider implements FuzzedDataProvider {
  private final FuzzedDataProvider delegate;
  private final List<FuzzedDataCall> calls = new ArrayList<>();

  private RecordingFuzzedDataProvider(FuzzedDataProvider delegate) {
    this.delegate = delegate;
  }

  public static RecordingFuzzedDataProvider recording(FuzzedDataProvider delegate) {
    checkNotNull(delegate, "delegate");
    return new RecordingFuzzedDataProvider(delegate);
  }

  /** The calls so far, oldest first, as an unmodifiable copy. */
  public List<FuzzedDataCall> calls() {
    return List.copyOf(calls);
  }

  private <T> T record(FuzzedDataMethod method, T value, Object... arguments) {
    calls.add(FuzzedDataCall.of(method, List.of(arguments), value));
    return value;
  }

  @Override
  public boolean consumeBoolean() {
    return record(FuzzedDataMethod.CONSUME_BOOLEAN, delegate.consumeBoolean());
  }

  @Override
  public boolean[] consumeBooleans(int maxLength) {
    return record(
        FuzzedDataMethod.CONSUME_BOOLEANS, delegate.consumeBooleans(maxLength), maxLength);
  }

  @Override
  public byte consumeByte() {
    return record(FuzzedDataMethod.CONSUME_BYTE, delegate.consumeByte());
  }

  @Override
  public byte consumeByte(byte min, byte max) {
    return record(FuzzedDataMethod.CONSUME_BYTE_IN_RANGE, delegate.consumeByte(min, max), min, max);
  }

  @Override
  public byte[] consumeBytes(int maxLength) {
    return record(FuzzedDataMethod.CONSUME_BYTES, delegate.consumeBytes(maxLength), maxLength);
  }

  @Override
  public byte[] consumeRemainingAsBytes() {
    return record(FuzzedDataMethod.CONSUME_REMAINING_AS_BYTES, delegate.consumeRemainingAsBytes());
  }

  @Override
  public short consumeShort() {
    return record(FuzzedDataMethod.CONSUME_SHORT, delegate.consumeShort());
  }

  @Override
  public short consumeShort(short min, short max) {
    return record(
        FuzzedDataMethod.CONSUME_SHORT_IN_RANGE, delegate.consumeShort(min, max), min, max);
  }

  @Override
  public short[] consumeShorts(int maxLength) {
    return record(FuzzedDataMethod.CONSUME_SHORTS, delegate.consumeShorts(maxLength), maxLength);
  }

  @Override
  public int consumeInt() {
    return record(FuzzedDataMethod.CONSUME_INT, delegate.consumeInt());
  }

  @Override
  public int consumeInt(int min, int max) {
    return record(FuzzedDataMethod.CONSUME_INT_IN_RANGE, delegate.consumeInt(min, max), min, max);
  }

  @Override
  public int[] consumeInts(int maxLength) {
    return record(FuzzedDataMethod.CONSUME_INTS, delegate.consumeInts(maxLength), maxLength);
  }

  @Override
  public long consumeLong() {
    return record(FuzzedDataMethod.CONSUME_LONG, delegate.consumeLong());
  }

  @Override
  public long consumeLong(long min, long max) {
    return record(FuzzedDataMethod.CONSUME_LONG_IN_RANGE, delegate.consumeLong(min, max), min, max);
  }

  @Override
  public long[] consumeLongs(int maxLength) {
    return record(FuzzedDataMethod.CONSUME_LONGS, delegate.consumeLongs(maxLength), maxLength);
  }

  @Override
  public float consumeFloat() {
    return record(FuzzedDataMethod.CONSUME_FLOAT, delegate.consumeFloat());
  }

  @Override
  public float consumeRegularFloat() {
    return record(FuzzedDataMethod.CONSUME_REGULAR_FLOAT, delegate.consumeRegularFloat());
  }

  @Override
  public float consumeRegularFloat(float min, float max) {
    return record(
        FuzzedDataMethod.CONSUME_REGULAR_FLOAT_IN_RANGE,
        delegate.consumeRegularFloat(min, max),
        min,
        max);
  }

  @Override
  public float consumeProbabilityFloat() {
    return record(FuzzedDataMethod.CONSUME_PROBABILITY_FLOAT, delegate.consumeProbabilityFloat());
  }

  @Override
  public double consumeDouble() {
    return record(FuzzedDataMethod.CONSUME_DOUBLE, delegate.consumeDouble());
  }

  @Override
  public double consumeRegularDouble() {
    return record(FuzzedDataMethod.CONSUME_REGULAR_DOUBLE, delegate.consumeRegularDouble());
  }

  @Override
  public double consumeRegularDouble(double min, double max) {
    return record(
        FuzzedDataMethod.CONSUME_REGULAR_DOUBLE_IN_RANGE,
        delegate.consumeRegularDouble(min, max),
        min,
        max);
  }

  @Override
  public double consumeProbabilityDouble() {
    return record(FuzzedDataMethod.CONSUME_PROBABILITY_DOUBLE, delegate.consumeProbabilityDouble());
  }

  @Override
  public char consumeChar() {
    return record(FuzzedDataMethod.CONSUME_CHAR, delegate.consumeChar());
  }

  @Override
  public char consumeChar(char min, char max) {
    return record(FuzzedDataMethod.CONSUME_CHAR_IN_RANGE, delegate.consumeChar(min, max), min, max);
  }

  @Override
  public char consumeCharNoSurrogates() {
    return record(FuzzedDataMethod.CONSUME_CHAR_NO_SURROGATES, delegate.consumeCharNoSurrogates());
  }

  @Override
  public String consumeString(int maxLength) {
    return record(FuzzedDataMethod.CONSUME_STRING, delegate.consumeString(maxLength), maxLength);
  }

  @Override
  public String consumeRemainingAsString() {
    return record(
        FuzzedDataMethod.CONSUME_REMAINING_AS_STRING, delegate.consumeRemainingAsString());
  }

  @Override
  public String consumeAsciiString(int maxLength) {
    return record(
        FuzzedDataMethod.CONSUME_ASCII_STRING, delegate.consumeAsciiString(maxLength), maxLength);
  }

  @Override
  public String consumeRemainingAsAsciiString() {
    return record(
        FuzzedDataMethod.CONSUME_REMAINING_AS_ASCII_STRING,
        delegate.consumeRemainingAsAsciiString());
  }

  @Override
  public int remainingBytes() {
    return delegate.remainingBytes();
  }
}

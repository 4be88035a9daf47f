package dev.whittle.jazzer.fdp;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apiguardian.api.API;

/**
 * A {@link FuzzedDataProvider} over a byte array, written in Java, that decodes bytes exactly as
 * Jazzer 0.30.0's native {@code FuzzedDataProviderImpl} does, so that Whittle can replay and reduce
 * inputs of {@code FuzzedDataProvider} targets without Jazzer's native library.
 *
 * <p>Contract (checked against Jazzer by {@code ByteFuzzedDataProviderDifferentialTest}):
 *
 * <ul>
 *   <li>Every method MUST return what Jazzer's implementation returns for the same bytes and the
 *       same preceding calls, and leave the same {@link #remainingBytes()}.
 *   <li>Integral values, chars, booleans, floats, doubles and probabilities come from the END of
 *       the input, the last byte most significant, reading only as many bytes as the range needs;
 *       arrays, byte arrays and strings come from the FRONT.
 *   <li>Arguments Jazzer rejects (min greater than max, non-finite float bounds, negative lengths)
 *       MUST be rejected with an {@link IllegalArgumentException} without consuming anything.
 *   <li>Multi-byte array elements are little-endian. Jazzer copies them in native byte order, and
 *       every platform Jazzer ships for is little-endian.
 * </ul>
 *
 * <p>One deliberate difference: for bytes other than 0 and 1, Jazzer's {@link
 * #consumeBooleans(int)} puts the raw byte into the {@code boolean[]}, which the JVM treats as true
 * in a condition but not equal to {@code true}; this class returns a proper {@code true}.
 *
 * <p>Instances are not thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ByteFuzzedDataProvider implements FuzzedDataProvider {
  private static final float[] SPECIAL_FLOATS = {
    0.0f,
    -0.0f,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    Float.NaN,
    Float.MIN_VALUE,
    -Float.MIN_VALUE,
    Float.MIN_NORMAL,
    -Float.MIN_NORMAL,
    Float.MAX_VALUE,
    -Float.MAX_VALUE
  };
  private static final double[] SPECIAL_DOUBLES = {
    0.0,
    -0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.NaN,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    -Double.MIN_NORMAL,
    Double.MAX_VALUE,
    -Double.MAX_VALUE
  };

  /**
   * How many special values {@link #consumeFloat()} and {@link #consumeDouble()} have: a type byte
   * below this selects {@link #specialFloat(int)} or {@link #specialDouble(int)}.
   */
  static final int SPECIAL_VALUE_COUNT = SPECIAL_FLOATS.length;

  private final byte[] data;

  /** Index of the first byte not yet consumed from the front. */
  private int front;

  /**
   * Bytes not yet consumed from either end; the last of them is {@code data[front + remaining -
   * 1]}.
   */
  private int remaining;

  private ByteFuzzedDataProvider(byte[] data) {
    this.data = data;
    this.remaining = data.length;
  }

  /**
   * Returns a provider over a copy of {@code data}, so later changes to the array do not leak in.
   */
  public static ByteFuzzedDataProvider of(byte[] data) {
    checkNotNull(data, "data");
    return new ByteFuzzedDataProvider(data.clone());
  }

  /** The float that type byte {@code index} selects in {@link #consumeFloat()}. */
  static float specialFloat(int index) {
    return SPECIAL_FLOATS[index];
  }

  /** The double that type byte {@code index} selects in {@link #consumeDouble()}. */
  static double specialDouble(int index) {
    return SPECIAL_DOUBLES[index];
  }

  // ---- Integral values from the end ----

  /**
   * Reads up to {@code widthBytes} bytes from the end, one per started 8 bits of {@code range}, and
   * stops early when the input runs out; the first byte read ends up most significant.
   */
  private long readFromEnd(long range, int widthBytes) {
    long result = 0;
    int bytes = IntegralDecoding.bytesToRead(range, widthBytes);
    for (int i = 0; i < bytes && remaining > 0; i++) {
      remaining--;
      result = (result << Byte.SIZE) | (data[front + remaining] & 0xFF);
    }
    return result;
  }

  /** Reads a full-width unsigned value of {@code type} from the end. */
  private long readUnsigned(IntegralType type) {
    return readFromEnd(type.unsignedMax(), type.bytes);
  }

  private long consumeInRange(long min, long max, IntegralType type) {
    requireArgument(min <= max, "min must be <= max (got min: %s, max: %s)", min, max);
    long raw = readFromEnd(max - min, type.bytes);
    return IntegralDecoding.inRange(raw, min, max, type);
  }

  @Override
  public boolean consumeBoolean() {
    return (readUnsigned(IntegralType.BYTE) & 1) != 0;
  }

  @Override
  public byte consumeByte() {
    return (byte) readUnsigned(IntegralType.BYTE);
  }

  @Override
  public byte consumeByte(byte min, byte max) {
    return (byte) consumeInRange(min, max, IntegralType.BYTE);
  }

  @Override
  public short consumeShort() {
    return (short) readUnsigned(IntegralType.SHORT);
  }

  @Override
  public short consumeShort(short min, short max) {
    return (short) consumeInRange(min, max, IntegralType.SHORT);
  }

  @Override
  public int consumeInt() {
    return (int) readUnsigned(IntegralType.INT);
  }

  @Override
  public int consumeInt(int min, int max) {
    return (int) consumeInRange(min, max, IntegralType.INT);
  }

  @Override
  public long consumeLong() {
    return readUnsigned(IntegralType.LONG);
  }

  @Override
  public long consumeLong(long min, long max) {
    return consumeInRange(min, max, IntegralType.LONG);
  }

  @Override
  public char consumeChar() {
    return (char) readUnsigned(IntegralType.CHAR);
  }

  @Override
  public char consumeChar(char min, char max) {
    return (char) consumeInRange(min, max, IntegralType.CHAR);
  }

  @Override
  public char consumeCharNoSurrogates() {
    char raw = consumeChar();
    // Jazzer shifts surrogates down into [0, 0x800) instead of rejecting them.
    return Character.isSurrogate(raw) ? (char) (raw - Character.MIN_SURROGATE) : raw;
  }

  // ---- Floating-point values from the end ----

  @Override
  public float consumeProbabilityFloat() {
    return FloatDecoding.probabilityFloat(readUnsigned(IntegralType.INT));
  }

  @Override
  public double consumeProbabilityDouble() {
    return FloatDecoding.probabilityDouble(readUnsigned(IntegralType.LONG));
  }

  @Override
  public float consumeRegularFloat() {
    return regularFloat(-Float.MAX_VALUE, Float.MAX_VALUE);
  }

  @Override
  public float consumeRegularFloat(float min, float max) {
    requireArgument(Float.isFinite(min), "min must be a regular float, got %s", min);
    requireArgument(Float.isFinite(max), "max must be a regular float, got %s", max);
    requireArgument(min <= max, "min must be <= max (got min: %s, max: %s)", min, max);
    return regularFloat(min, max);
  }

  private float regularFloat(float min, float max) {
    // The half-selecting boolean is read before the probability.
    boolean upperHalf = FloatDecoding.splitsRange(min, max) && consumeBoolean();
    return FloatDecoding.inRange(min, max, upperHalf, readUnsigned(IntegralType.INT));
  }

  @Override
  public double consumeRegularDouble() {
    return regularDouble(-Double.MAX_VALUE, Double.MAX_VALUE);
  }

  @Override
  public double consumeRegularDouble(double min, double max) {
    requireArgument(Double.isFinite(min), "min must be a regular double, got %s", min);
    requireArgument(Double.isFinite(max), "max must be a regular double, got %s", max);
    requireArgument(min <= max, "min must be <= max (got min: %s, max: %s)", min, max);
    return regularDouble(min, max);
  }

  private double regularDouble(double min, double max) {
    boolean upperHalf = FloatDecoding.splitsRange(min, max) && consumeBoolean();
    return FloatDecoding.inRange(min, max, upperHalf, readUnsigned(IntegralType.LONG));
  }

  @Override
  public float consumeFloat() {
    if (remaining == 0) {
      return 0.0f;
    }
    int type = (int) readUnsigned(IntegralType.BYTE);
    // A special value still consumes the bytes of a regular one, so that the type byte alone
    // decides which it is.
    float regular = consumeRegularFloat();
    return type < SPECIAL_VALUE_COUNT ? SPECIAL_FLOATS[type] : regular;
  }

  @Override
  public double consumeDouble() {
    if (remaining == 0) {
      return 0.0;
    }
    int type = (int) readUnsigned(IntegralType.BYTE);
    double regular = consumeRegularDouble();
    return type < SPECIAL_VALUE_COUNT ? SPECIAL_DOUBLES[type] : regular;
  }

  // ---- Arrays from the front ----

  /**
   * Takes {@code min(maxLength, remaining / elementBytes)} elements' worth of bytes from the front;
   * bytes that do not fill a whole element stay.
   */
  private ByteBuffer takeElements(int maxLength, int elementBytes) {
    requireArgument(maxLength >= 0, "maxLength must not be negative, got %s", maxLength);
    long wanted = (long) maxLength * elementBytes;
    int length = (int) Math.min(wanted, remaining) / elementBytes * elementBytes;
    ByteBuffer taken = ByteBuffer.wrap(data, front, length).order(ByteOrder.LITTLE_ENDIAN);
    front += length;
    remaining -= length;
    return taken;
  }

  @Override
  public boolean[] consumeBooleans(int maxLength) {
    ByteBuffer taken = takeElements(maxLength, 1);
    boolean[] values = new boolean[taken.remaining()];
    for (int i = 0; i < values.length; i++) {
      values[i] = taken.get() != 0;
    }
    return values;
  }

  @Override
  public byte[] consumeBytes(int maxLength) {
    ByteBuffer taken = takeElements(maxLength, Byte.BYTES);
    byte[] values = new byte[taken.remaining()];
    taken.get(values);
    return values;
  }

  @Override
  public byte[] consumeRemainingAsBytes() {
    return consumeBytes(Integer.MAX_VALUE);
  }

  @Override
  public short[] consumeShorts(int maxLength) {
    ByteBuffer taken = takeElements(maxLength, Short.BYTES);
    short[] values = new short[taken.remaining() / Short.BYTES];
    taken.asShortBuffer().get(values);
    return values;
  }

  @Override
  public int[] consumeInts(int maxLength) {
    ByteBuffer taken = takeElements(maxLength, Integer.BYTES);
    int[] values = new int[taken.remaining() / Integer.BYTES];
    taken.asIntBuffer().get(values);
    return values;
  }

  @Override
  public long[] consumeLongs(int maxLength) {
    ByteBuffer taken = takeElements(maxLength, Long.BYTES);
    long[] values = new long[taken.remaining() / Long.BYTES];
    taken.asLongBuffer().get(values);
    return values;
  }

  // ---- Strings from the front ----

  @Override
  public String consumeString(int maxLength) {
    return consumeString(maxLength, false, true);
  }

  @Override
  public String consumeAsciiString(int maxLength) {
    return consumeString(maxLength, true, true);
  }

  @Override
  public String consumeRemainingAsString() {
    return consumeString(Integer.MAX_VALUE, false, false);
  }

  @Override
  public String consumeRemainingAsAsciiString() {
    return consumeString(Integer.MAX_VALUE, true, false);
  }

  private String consumeString(int maxLength, boolean asciiOnly, boolean stopOnBackslash) {
    requireArgument(maxLength >= 0, "maxLength must not be negative, got %s", maxLength);
    if (maxLength == 0 || remaining == 0) {
      return "";
    }
    if (remaining == 1) {
      // Jazzer's special case: a lone last byte is consumed and yields the empty string.
      front++;
      remaining = 0;
      return "";
    }
    StringDecoding.Decoded decoded =
        StringDecoding.decode(data, front, remaining, maxLength, asciiOnly, stopOnBackslash);
    front += decoded.consumedBytes();
    remaining -= decoded.consumedBytes();
    return decoded.value();
  }

  @Override
  public int remainingBytes() {
    return remaining;
  }

  /**
   * Guava's checkArgument, thrown from a frame of this package: a crash inside {@code consume*}
   * must show only provider frames above the target's, since the finding's identity treats this
   * package as Jazzer-internal, as Jazzer's own provider is.
   */
  private static void requireArgument(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, template, args));
    }
  }
}

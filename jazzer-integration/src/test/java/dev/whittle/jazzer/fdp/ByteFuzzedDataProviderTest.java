package dev.whittle.jazzer.fdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.io.BaseEncoding;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-built inputs whose decoding follows from Jazzer's rules (see jazzer-0.30-facts.md). */
class ByteFuzzedDataProviderTest {
  private static ByteFuzzedDataProvider hex(String hex) {
    return ByteFuzzedDataProvider.of(BaseEncoding.base16().decode(hex));
  }

  private static ByteFuzzedDataProvider text(String text) {
    return ByteFuzzedDataProvider.of(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void integersComeFromTheEndWithTheLastByteMostSignificant() {
    ByteFuzzedDataProvider data = hex("AABB11223344");
    assertEquals(0x44332211, data.consumeInt());
    assertEquals(2, data.remainingBytes());
    assertEquals((short) 0xBBAA, data.consumeShort());
  }

  @Test
  void aRangeReadsOnlyTheBytesItNeeds() {
    ByteFuzzedDataProvider data = hex("FF0903");
    assertEquals(777, data.consumeInt(0, 1000)); // 0x0309, read 03 first
    assertEquals(1, data.remainingBytes());
  }

  @Test
  void anOutOfRangeValueIsTakenModuloTheRangeSize() {
    assertEquals(99, hex("C8").consumeInt(0, 100)); // 200 % 101
    assertEquals(-5 + 200 % 11, hex("C8").consumeLong(-5, 5));
  }

  @Test
  void anEmptyRangeReadsNothing() {
    ByteFuzzedDataProvider data = hex("01");
    assertEquals(42, data.consumeInt(42, 42));
    assertEquals(1, data.remainingBytes());
  }

  @Test
  void anExhaustedInputYieldsZeroIfInRangeAndOtherwiseTheMinimum() {
    ByteFuzzedDataProvider data = hex("");
    assertEquals(5, data.consumeInt(5, 10));
    assertEquals(0, data.consumeInt());
    // Not the minimum: Jazzer keeps the raw value 0 when it lies in the range.
    assertEquals(0, data.consumeLong(Long.MIN_VALUE, 7));
    assertFalse(data.consumeBoolean());
    assertEquals(0.0f, data.consumeFloat());
    assertEquals("", data.consumeString(10));
    assertEquals(0, data.consumeBytes(10).length);
  }

  @Test
  void aPartialReadUsesTheBytesThatAreLeft() {
    assertEquals(0x2211, hex("1122").consumeInt());
  }

  @Test
  void aBooleanIsTheLowestBitOfOneByte() {
    assertFalse(hex("02").consumeBoolean());
    ByteFuzzedDataProvider data = hex("0003");
    assertTrue(data.consumeBoolean());
    assertEquals(1, data.remainingBytes());
  }

  @Test
  void surrogatesAreShiftedDownByConsumeCharNoSurrogates() {
    assertEquals((char) 0x0005, hex("05D8").consumeCharNoSurrogates());
    assertEquals((char) 0xD805, hex("05D8").consumeChar());
  }

  @Test
  void aBackslashFollowedByAnotherByteEndsTheStringAndBothAreConsumed() {
    ByteFuzzedDataProvider data = hex("6162" + "5CCD" + "6364");
    assertEquals("ab", data.consumeString(10));
    assertEquals(2, data.remainingBytes());
  }

  @Test
  void aDoubledBackslashIsOneBackslash() {
    assertEquals("a\\b", text("a\\\\b").consumeString(10));
    assertEquals("a\\b", text("a\\\\b").consumeAsciiString(10));
  }

  @Test
  void consumeRemainingAsStringKeepsBackslashes() {
    assertEquals("a\\b", text("a\\b").consumeRemainingAsString());
  }

  @Test
  void aStringStopsAtItsMaximumLength() {
    ByteFuzzedDataProvider data = text("abcdef");
    assertEquals("abc", data.consumeString(3));
    assertEquals(3, data.remainingBytes());
  }

  @Test
  void oneRemainingByteIsConsumedAndYieldsTheEmptyString() {
    ByteFuzzedDataProvider data = text("a");
    assertEquals("", data.consumeString(5));
    assertEquals(0, data.remainingBytes());
  }

  @Test
  void asciiStringsDropTheTopBit() {
    assertEquals("aa", hex("E161").consumeAsciiString(5));
  }

  @Test
  void invalidUtf8IsRepairedAndZeroIsKept() {
    assertEquals("é\0", hex("C3A900").consumeRemainingAsString());
    // A lone continuation byte becomes the lead of a 2-byte character.
    assertEquals(String.valueOf((char) 0x240), hex("A980").consumeRemainingAsString());
    // An incomplete character at the end is dropped but consumed.
    ByteFuzzedDataProvider data = hex("61E282");
    assertEquals("a", data.consumeRemainingAsString());
    assertEquals(0, data.remainingBytes());
  }

  @Test
  void aSurrogatePairSurvivesAndALoneHighSurrogateGetsAPartner() {
    String emoji = "\uD83D\uDE00";
    assertEquals(emoji, hex("EDA0BDEDB880").consumeString(2));
    // The low surrogate's lead byte is replaced by 0xED, whatever it was.
    assertEquals(emoji, hex("EDA0BD41B880").consumeString(2));
    // With room for one character only, the pair is dropped.
    assertEquals("", hex("EDA0BDEDB880").consumeString(1));
  }

  @Test
  void arraysComeFromTheFrontLittleEndian() {
    ByteFuzzedDataProvider data = hex("01000000" + "02000000" + "FF");
    assertArrayEquals(new int[] {1, 2}, data.consumeInts(3));
    assertEquals(1, data.remainingBytes());
    assertArrayEquals(new short[] {0x0201}, hex("0102").consumeShorts(5));
    assertArrayEquals(new boolean[] {false, true, true}, hex("000102").consumeBooleans(3));
  }

  @Test
  void floatsReadATypeByteAndConsumeAFullRegularFloatEvenWhenSpecial() {
    ByteFuzzedDataProvider data = hex("AA" + "00000000" + "00" + "02");
    assertEquals(Float.POSITIVE_INFINITY, data.consumeFloat());
    assertEquals(1, data.remainingBytes());
    assertEquals(Double.NaN, hex("0000000000000000" + "00" + "04").consumeDouble());
  }

  @Test
  void probabilitiesSpanZeroToOne() {
    assertEquals(1.0f, hex("FFFFFFFF").consumeProbabilityFloat());
    assertEquals(0.0, hex("0000000000000000").consumeProbabilityDouble());
  }

  @Test
  void aRegularFloatInASmallRangeScalesTheProbability() {
    assertEquals(10.0f, hex("FFFFFFFF").consumeRegularFloat(0, 10));
    // min + range * 0 is -0.0 + 0.0, which is 0.0.
    assertEquals(0.0f, hex("").consumeRegularFloat(-0.0f, 5));
  }

  @Test
  void pickValueUsesConsumeIntInRange() {
    assertEquals("c", hex("02").pickValue(List.of("a", "b", "c")));
    assertEquals("b", hex("04").pickValue(new String[] {"a", "b", "c"}));
  }

  @Test
  void invalidArgumentsAreRejectedWithoutConsuming() {
    ByteFuzzedDataProvider data = hex("0102");
    assertThrows(IllegalArgumentException.class, () -> data.consumeInt(2, 1));
    assertThrows(IllegalArgumentException.class, () -> data.consumeBytes(-1));
    assertThrows(IllegalArgumentException.class, () -> data.consumeString(-1));
    assertThrows(IllegalArgumentException.class, () -> data.consumeRegularFloat(0, Float.NaN));
    assertThrows(
        IllegalArgumentException.class,
        () -> data.consumeRegularDouble(Double.NEGATIVE_INFINITY, 0));
    assertEquals(2, data.remainingBytes());
  }

  @Test
  void laterChangesToTheArrayDoNotLeakIn() {
    byte[] input = {1, 2, 3};
    ByteFuzzedDataProvider data = ByteFuzzedDataProvider.of(input);
    input[0] = 9;
    assertArrayEquals(new byte[] {1, 2, 3}, data.consumeRemainingAsBytes());
  }
}

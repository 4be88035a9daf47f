package dev.whittle.jazzer.fdp;

import java.util.Random;

/**
 * Random inputs for FuzzedDataProvider tests, biased towards the bytes that steer Jazzer's
 * decoding: backslashes, zeros, UTF-8 lead and continuation bytes, surrogate leads, 0xFF.
 */
final class FuzzedDataInputs {
  private static final int[] INTERESTING_BYTES = {
    '\\', 0x00, 0x01, 'a', 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xA0, 0xB0, 0xEF,
    0xF0, 0xF8, 0xFF
  };

  private FuzzedDataInputs() {}

  /** An input of 0 to about 300 bytes, often short, and often including interesting bytes. */
  static byte[] randomInput(Random random) {
    int length =
        switch (random.nextInt(10)) {
          case 0 -> 0;
          case 1 -> 1;
          case 2, 3, 4 -> 2 + random.nextInt(15);
          case 5, 6, 7 -> 17 + random.nextInt(48);
          default -> 65 + random.nextInt(240);
        };
    return randomBytes(random, length);
  }

  static byte[] randomBytes(Random random, int length) {
    byte[] input = new byte[length];
    int style = random.nextInt(4);
    for (int i = 0; i < length; i++) {
      input[i] = (byte) randomByte(random, style);
    }
    return input;
  }

  private static int randomByte(Random random, int style) {
    return switch (style) {
      case 0 -> random.nextInt(256);
      case 1 ->
          random.nextInt(3) == 0
              ? INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)]
              : random.nextInt(256);
      case 2 -> random.nextInt(4) == 0 ? '\\' : 0x20 + random.nextInt(0x60);
      default -> INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
    };
  }
}

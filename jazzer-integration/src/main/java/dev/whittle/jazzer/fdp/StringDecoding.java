package dev.whittle.jazzer.fdp;

/**
 * How Jazzer 0.30.0 turns bytes at the front of its input into a string ({@code FixUpModifiedUtf8}
 * in {@code fuzzed_data_provider.cpp}): it repairs the bytes, one at a time, into valid "modified
 * UTF-8" (the JNI's encoding: CESU-8 with {@code \0} on two bytes), keeps valid input unchanged,
 * optionally ends the string at a single backslash, and finally drops a character left incomplete.
 * The repaired bytes are then decoded as the JVM's {@code NewStringUTF} does.
 */
final class StringDecoding {
  private static final int BACKSLASH = '\\';
  private static final int TWO_BYTE_ZERO_LEADING = 0b1100_0000;
  private static final int TWO_BYTE_ZERO_CONTINUATION = 0b1000_0000;
  private static final int THREE_BYTE_LOW_LEADING = 0b1110_0000;
  private static final int SURROGATE_LEADING = 0b1110_1101;

  /** What the repair expects next; names follow Jazzer's {@code Utf8GenerationState}. */
  private enum State {
    LEADING,
    LEADING_AFTER_BACKSLASH,
    CONTINUATION,
    CONTINUATION_AFTER_LOW_LEADING,
    FIRST_CONTINUATION_AFTER_LOW_LEADING,
    FIRST_CONTINUATION_AFTER_SURROGATE_LEADING,
    FIRST_CONTINUATION,
    SECOND_CONTINUATION,
    LOW_SURROGATE_LEADING,
    LOW_SURROGATE_FIRST_CONTINUATION,
    HIGH_SURROGATE_SECOND_CONTINUATION,
    LOW_SURROGATE_SECOND_CONTINUATION;

    /**
     * How many output bytes belong to a character still incomplete in this state, and are dropped
     * when the input or the length limit ends there. An incomplete low surrogate takes its high
     * surrogate (3 bytes) with it.
     */
    int incompleteBytes() {
      return switch (this) {
        case LEADING, LEADING_AFTER_BACKSLASH -> 0;
        case CONTINUATION,
                CONTINUATION_AFTER_LOW_LEADING,
                FIRST_CONTINUATION,
                FIRST_CONTINUATION_AFTER_LOW_LEADING,
                FIRST_CONTINUATION_AFTER_SURROGATE_LEADING ->
            1;
        case SECOND_CONTINUATION, HIGH_SURROGATE_SECOND_CONTINUATION -> 2;
        case LOW_SURROGATE_LEADING -> 3;
        case LOW_SURROGATE_FIRST_CONTINUATION -> 4;
        case LOW_SURROGATE_SECOND_CONTINUATION -> 5;
      };
    }
  }

  /** A decoded string and how many input bytes it took. */
  record Decoded(String value, int consumedBytes) {}

  private StringDecoding() {}

  /**
   * Decodes at most {@code maxLength} UTF-16 code units from {@code data[offset, offset +
   * maxBytes)}.
   *
   * @param asciiOnly clear the top bit of every byte first
   * @param stopOnBackslash treat a backslash as an escape: {@code \\} is one backslash, a backslash
   *     followed by any other byte ends the string and both bytes count as consumed
   */
  static Decoded decode(
      byte[] data,
      int offset,
      int maxBytes,
      int maxLength,
      boolean asciiOnly,
      boolean stopOnBackslash) {
    // Each input byte becomes at most one output byte, except a zero byte, which becomes two, and
    // each counted character takes at most three bytes, plus at most five of an incomplete one.
    long capacity = Math.min(2L * maxBytes, 3L * maxLength + 6);
    byte[] out = new byte[(int) Math.min(capacity, Integer.MAX_VALUE - 8)];
    int outLength = 0;
    State state = State.LEADING;
    int pos = offset;
    int end = offset + maxBytes;
    int length = 0;
    while (length < maxLength && pos != end) {
      int c = data[pos++] & 0xFF;
      if (asciiOnly) {
        c &= 0x7F;
      }
      switch (state) {
        case LEADING -> {
          int leadingOnes = asciiOnly ? 0 : Integer.numberOfLeadingZeros(~c & 0xFF) - 24;
          if (leadingOnes == 0) {
            if (c == 0) {
              // Modified UTF-8 codes the zero character on two bytes.
              out[outLength++] = (byte) TWO_BYTE_ZERO_LEADING;
              c = TWO_BYTE_ZERO_CONTINUATION;
            } else if (stopOnBackslash && c == BACKSLASH) {
              state = State.LEADING_AFTER_BACKSLASH;
              continue;
            }
            length++;
          } else if (leadingOnes <= 2) {
            // A continuation byte in leading position is made the start of a 2-byte sequence.
            if (leadingOnes == 1) {
              c = (c | 0b0100_0000) & ~0b0010_0000;
            }
            state =
                (c & 0b0001_1110) == 0 ? State.CONTINUATION_AFTER_LOW_LEADING : State.CONTINUATION;
          } else {
            // Four or more leading ones are cut down to three: modified UTF-8 has no 4-byte form.
            if (leadingOnes > 3) {
              c &= ~0b0001_0000;
            }
            if (c == THREE_BYTE_LOW_LEADING) {
              state = State.FIRST_CONTINUATION_AFTER_LOW_LEADING;
            } else if (c == SURROGATE_LEADING) {
              state = State.FIRST_CONTINUATION_AFTER_SURROGATE_LEADING;
            } else {
              state = State.FIRST_CONTINUATION;
            }
          }
        }
        case LEADING_AFTER_BACKSLASH -> {
          if (c != BACKSLASH) {
            // The byte after a single backslash is consumed and ends the string.
            return new Decoded(decodeModifiedUtf8(out, outLength), pos - offset);
          }
          state = State.LEADING;
          length++;
        }
        case CONTINUATION_AFTER_LOW_LEADING -> {
          c = continuation(c);
          int previous = out[outLength - 1] & 0xFF;
          // Keep the two-byte zero; otherwise make sure no ASCII character is coded on two bytes.
          if (previous != TWO_BYTE_ZERO_LEADING || c != TWO_BYTE_ZERO_CONTINUATION) {
            out[outLength - 1] = (byte) (previous | 0b10);
          }
          state = State.LEADING;
          length++;
        }
        case CONTINUATION, SECOND_CONTINUATION, LOW_SURROGATE_SECOND_CONTINUATION -> {
          c = continuation(c);
          state = State.LEADING;
          length++;
        }
        case FIRST_CONTINUATION_AFTER_LOW_LEADING -> {
          // Rules out an overlong form of a code point that fits in two bytes.
          c = continuation(c) | 0b0010_0000;
          state = State.SECOND_CONTINUATION;
        }
        case FIRST_CONTINUATION_AFTER_SURROGATE_LEADING -> {
          c = continuation(c);
          if ((c & 0b0010_0000) != 0) {
            // A high surrogate, which a low surrogate must follow; a lone low one becomes high.
            c = (c | 0b0010_0000) & ~0b0001_0000;
            state = State.HIGH_SURROGATE_SECOND_CONTINUATION;
          } else {
            state = State.SECOND_CONTINUATION;
          }
        }
        case FIRST_CONTINUATION -> {
          c = continuation(c);
          state = State.SECOND_CONTINUATION;
        }
        case HIGH_SURROGATE_SECOND_CONTINUATION -> {
          c = continuation(c);
          state = State.LOW_SURROGATE_LEADING;
          length++;
        }
        case LOW_SURROGATE_LEADING -> {
          // The byte is consumed but replaced, so that valid surrogate pairs pass unchanged.
          c = SURROGATE_LEADING;
          state = State.LOW_SURROGATE_FIRST_CONTINUATION;
        }
        case LOW_SURROGATE_FIRST_CONTINUATION -> {
          c = continuation(c) | 0b0011_0000;
          state = State.LOW_SURROGATE_SECOND_CONTINUATION;
        }
      }
      out[outLength++] = (byte) c;
    }
    outLength -= state.incompleteBytes();
    return new Decoded(decodeModifiedUtf8(out, outLength), pos - offset);
  }

  /** Forces {@code c} into the form {@code 10xxxxxx}. */
  private static int continuation(int c) {
    return (c | 0b1000_0000) & ~0b0100_0000;
  }

  /** Decodes valid modified UTF-8, in which every character takes one, two or three bytes. */
  private static String decodeModifiedUtf8(byte[] bytes, int length) {
    StringBuilder value = new StringBuilder(length);
    int i = 0;
    while (i < length) {
      int b = bytes[i] & 0xFF;
      if (b < 0x80) {
        value.append((char) b);
        i += 1;
      } else if (b < 0xE0) {
        value.append((char) (((b & 0x1F) << 6) | (bytes[i + 1] & 0x3F)));
        i += 2;
      } else {
        value.append(
            (char) (((b & 0x0F) << 12) | ((bytes[i + 1] & 0x3F) << 6) | (bytes[i + 2] & 0x3F)));
        i += 3;
      }
    }
    return value.toString();
  }
}

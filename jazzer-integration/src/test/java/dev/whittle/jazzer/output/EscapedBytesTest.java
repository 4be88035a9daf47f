package dev.whittle.jazzer.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EscapedBytesTest {
  @Test
  void printableAsciiStaysAndEverythingElseIsEscaped() {
    byte[] bytes = {'W', 'I', 0, 6, '\n', '"', '\\', (byte) 0xFF, 't'};
    assertEquals("\"WI\\x00\\x06\\n\\\"\\\\\\xfft\"", EscapedBytes.of(bytes, 100));
  }

  @Test
  void longInputsAreCutSayingHowMuchIsLeftOut() {
    assertEquals("\"abc\" ... and 2 more bytes", EscapedBytes.of("abcde".getBytes(), 3));
  }
}

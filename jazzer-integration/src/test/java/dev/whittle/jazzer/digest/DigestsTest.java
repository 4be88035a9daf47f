package dev.whittle.jazzer.digest;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The digests and their hexadecimal form give FIPS 180-4's known answers. */
class DigestsTest {
  @Test
  void knownAnswers() {
    assertEquals(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        Digests.hex(Digests.sha256().digest("abc".getBytes(UTF_8))));
    assertEquals(
        "a9993e364706816aba3e25717850c26c9cd0d89d",
        Digests.hex(Digests.sha1().digest("abc".getBytes(UTF_8))));
    assertEquals("da39a3ee5e6b4b0d3255bfef95601890afd80709", Digests.hex(Digests.sha1().digest()));
    assertEquals("00ff10", Digests.hex(new byte[] {0, -1, 16}));
  }
}

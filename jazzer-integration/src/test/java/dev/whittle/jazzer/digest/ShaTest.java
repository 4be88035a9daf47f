package dev.whittle.jazzer.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Whittle's SHA-256 and SHA-1 give the JDK's digests, whatever the length and the pieces. */
class ShaTest {
  @Test
  void givesTheJdksDigestsForEveryLengthAroundTheBlockAndPaddingEdges() throws Exception {
    Random random = new Random(20);
    for (int length = 0; length <= 200; length++) {
      byte[] message = new byte[length];
      random.nextBytes(message);
      assertDigests(message, length / 3, length);
    }
  }

  @Test
  void givesTheJdksDigestsForLongMessagesInPieces() throws Exception {
    Random random = new Random(21);
    for (int i = 0; i < 50; i++) {
      byte[] message = new byte[random.nextInt(10_000)];
      random.nextBytes(message);
      assertDigests(message, random.nextInt(message.length + 1), message.length);
    }
  }

  @Test
  void knownAnswers() {
    assertEquals(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        Sha.hex(Sha.sha256().update("abc".getBytes()).digest()));
    assertEquals(
        "a9993e364706816aba3e25717850c26c9cd0d89d",
        Sha.hex(Sha.sha1().update("abc".getBytes()).digest()));
    assertEquals("da39a3ee5e6b4b0d3255bfef95601890afd80709", Sha.hex(Sha.sha1().digest()));
  }

  private static void assertDigests(byte[] message, int cut, int length) throws Exception {
    byte[] head = Arrays.copyOfRange(message, 0, cut);
    byte[] tail = Arrays.copyOfRange(message, cut, length);
    assertArrayEquals(
        MessageDigest.getInstance("SHA-256").digest(message),
        Sha.sha256().update(head).update(tail).digest(),
        () -> "SHA-256 of " + length + " bytes");
    assertArrayEquals(
        MessageDigest.getInstance("SHA-1").digest(message),
        Sha.sha1().update(head).update(tail).digest(),
        () -> "SHA-1 of " + length + " bytes");
  }
}

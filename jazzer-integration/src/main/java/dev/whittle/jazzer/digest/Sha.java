package dev.whittle.jazzer.digest;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * SHA-256 and SHA-1 (FIPS 180-4) for the names and identities a minimization computes: Jazzer's
 * dedup tokens, the {@code crash-<SHA-1>} and lock file names. Written out here instead of asking
 * {@link java.security.MessageDigest}: its first use in a JVM installs the security providers and
 * builds the byte-array views its digests read words with, a fixed start-up cost larger than every
 * digest a small minimization computes. Not for anything secret: nothing here resists timing
 * attacks. One instance digests one message; not thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class Sha {
  private static final int[] K256 = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  };

  private final boolean sha256;
  private final int[] state;
  private final int[] words = new int[64];
  private final byte[] block = new byte[64];
  private int blockLength;
  private long length;

  private Sha(boolean sha256, int[] initial) {
    this.sha256 = sha256;
    this.state = initial;
  }

  /** A new SHA-256 digest. */
  public static Sha sha256() {
    return new Sha(
        true,
        new int[] {
          0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
        });
  }

  /** A new SHA-1 digest. */
  public static Sha sha1() {
    return new Sha(false, new int[] {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0});
  }

  /** Adds {@code bytes} to the message. */
  public Sha update(byte[] bytes) {
    for (byte b : bytes) {
      block[blockLength++] = b;
      if (blockLength == 64) {
        compress();
        blockLength = 0;
      }
    }
    length += bytes.length;
    return this;
  }

  /** The digest of the message: 32 bytes for SHA-256, 20 for SHA-1. Ends this instance's use. */
  public byte[] digest() {
    long bits = length * 8;
    block[blockLength++] = (byte) 0x80;
    if (blockLength > 56) {
      Arrays.fill(block, blockLength, 64, (byte) 0);
      compress();
      blockLength = 0;
    }
    Arrays.fill(block, blockLength, 56, (byte) 0);
    for (int i = 0; i < 8; i++) {
      block[56 + i] = (byte) (bits >>> (56 - 8 * i));
    }
    compress();
    byte[] digest = new byte[state.length * 4];
    for (int i = 0; i < state.length; i++) {
      for (int j = 0; j < 4; j++) {
        digest[4 * i + j] = (byte) (state[i] >>> (24 - 8 * j));
      }
    }
    return digest;
  }

  /** {@code bytes} in lower-case hexadecimal, two digits a byte. */
  public static String hex(byte[] bytes) {
    char[] digits = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      digits[2 * i] = Character.forDigit((bytes[i] >> 4) & 0xf, 16);
      digits[2 * i + 1] = Character.forDigit(bytes[i] & 0xf, 16);
    }
    return new String(digits);
  }

  private void compress() {
    for (int i = 0; i < 16; i++) {
      words[i] =
          (block[4 * i] & 0xff) << 24
              | (block[4 * i + 1] & 0xff) << 16
              | (block[4 * i + 2] & 0xff) << 8
              | (block[4 * i + 3] & 0xff);
    }
    if (sha256) {
      compress256();
    } else {
      compress1();
    }
  }

  private void compress256() {
    int[] w = words;
    for (int i = 16; i < 64; i++) {
      int s0 =
          Integer.rotateRight(w[i - 15], 7)
              ^ Integer.rotateRight(w[i - 15], 18)
              ^ (w[i - 15] >>> 3);
      int s1 =
          Integer.rotateRight(w[i - 2], 17) ^ Integer.rotateRight(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    int a = state[0];
    int b = state[1];
    int c = state[2];
    int d = state[3];
    int e = state[4];
    int f = state[5];
    int g = state[6];
    int h = state[7];
    for (int i = 0; i < 64; i++) {
      int s1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
      int t1 = h + s1 + ((e & f) ^ (~e & g)) + K256[i] + w[i];
      int s0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
      int t2 = s0 + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
  }

  private void compress1() {
    // SHA-1's schedule has 80 words, of which each round needs the last 16: a window of 16.
    int[] w = words;
    int a = state[0];
    int b = state[1];
    int c = state[2];
    int d = state[3];
    int e = state[4];
    for (int i = 0; i < 80; i++) {
      int word;
      if (i < 16) {
        word = w[i];
      } else {
        word =
            Integer.rotateLeft(w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15], 1);
        w[i & 15] = word;
      }
      int f;
      int k;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      int t = Integer.rotateLeft(a, 5) + f + e + k + word;
      e = d;
      d = c;
      c = Integer.rotateLeft(b, 30);
      b = a;
      a = t;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
  }
}

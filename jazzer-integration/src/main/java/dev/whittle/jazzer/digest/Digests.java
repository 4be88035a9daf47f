package dev.whittle.jazzer.digest;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apiguardian.api.API;

/**
 * The JDK's SHA-256 and SHA-1 for the names and identities a minimization computes: Jazzer's dedup
 * tokens, the {@code minimized-<SHA-1>} and lock file names. Every Java platform has both
 * algorithms, so their absence is a broken JDK, not a case to handle.
 */
@API(status = INTERNAL, since = "0.1")
public final class Digests {
  private Digests() {}

  /** A new SHA-256 digest. */
  public static MessageDigest sha256() {
    return named("SHA-256");
  }

  /** A new SHA-1 digest. */
  public static MessageDigest sha1() {
    return named("SHA-1");
  }

  /** {@code bytes} in lower-case hexadecimal, two digits a byte. */
  public static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  private static MessageDigest named(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JDK has no " + algorithm + ", which Java requires", e);
    }
  }
}

package dev.whittle.jazzer.fdp;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * {@link FuzzedDataEncoder}'s answer "no input makes these calls return these values": an expected
 * outcome for a pass, which then does not ask about the candidate. Anything else the encoder throws
 * (a {@link ClassCastException} for a value of the wrong type, a failed precondition) is a bug and
 * must not be read as this.
 */
@API(status = INTERNAL, since = "0.1")
public final class NotEncodableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  NotEncodableException(String message) {
    super(message);
  }

  NotEncodableException(String message, NotEncodableException cause) {
    super(message, cause);
  }

  /**
   * Throws with the message {@link String#format} makes of {@code template} and {@code args} unless
   * {@code encodable}.
   */
  static void checkEncodable(boolean encodable, String template, Object... args) {
    if (!encodable) {
      throw new NotEncodableException(String.format(Locale.ROOT, template, args));
    }
  }

  /** As above without boxing: strings are checked a character at a time. */
  static void checkEncodable(boolean encodable, String template, long arg) {
    if (!encodable) {
      throw new NotEncodableException(String.format(Locale.ROOT, template, arg));
    }
  }

  /** As above without boxing: strings are checked a character at a time. */
  static void checkEncodable(boolean encodable, String template, long arg1, long arg2) {
    if (!encodable) {
      throw new NotEncodableException(String.format(Locale.ROOT, template, arg1, arg2));
    }
  }
}

package dev.whittle.engine.passes.text;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import dev.whittle.engine.passes.QuestionBudget;
import dev.whittle.engine.passes.TowardZero;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lowers numbers written as ASCII digits toward 0, keeping their width: a decimal count in a header
 * line, the octal size and mode fields of a TAR header. A run of digits becomes all {@code '0'}
 * first (afl-tmin's readable filler); when that is not interesting, a binary search of at most
 * {@link #MAX_STEPS} questions finds a smaller value that still is, assuming that whatever made the
 * value interesting holds above some threshold. Long runs of octal digits only ({@link #MIN_OCTAL})
 * are searched in octal, so an octal field stays octal.
 *
 * <p>Same width and a smaller value at the same position make a {@linkplain ByteArrays#isSimpler
 * simpler} input, so this pass cannot cycle. On inputs that {@linkplain ByteArrays#looksBinary look
 * binary} it skips single digits, most of which are noise bytes that merely read as a digit.
 */
final class TextNumberPass implements Pass<byte[]> {
  static final int MAX_DIGITS = 18;
  static final int MAX_STEPS = 8;

  /**
   * Runs of octal digits this long or longer are taken as octal: TAR and cpio write zero-padded
   * fields of 6 to 11 digits, while a short {@code 10} is far more often decimal.
   */
  static final int MIN_OCTAL = 6;

  @Override
  public String name() {
    return "text-numbers";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 256L + 2L * size;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    int minDigits = ByteArrays.looksBinary(current) ? 2 : 1;
    byte[] best = current;
    QuestionBudget questions = new QuestionBudget(tester, questionLimit(current.length));
    int at = 0;
    while (at < best.length && questions.hasLeft()) {
      if (!isDigit(best[at])) {
        at++;
        continue;
      }
      int end = at;
      boolean octal = true;
      while (end < best.length && isDigit(best[end])) {
        octal &= best[end] <= '7';
        end++;
      }
      if (end - at >= minDigits && end - at <= MAX_DIGITS) {
        best = lower(best, at, end, octal && end - at >= MIN_OCTAL ? 8 : 10, questions);
      }
      at = end;
    }
    return best;
  }

  private static byte[] lower(byte[] data, int from, int to, int radix, QuestionBudget questions) {
    long value =
        Long.parseLong(new String(data, from, to - from, StandardCharsets.US_ASCII), radix);
    if (value == 0) {
      return data;
    }
    return TowardZero.lower(
        data,
        value,
        MAX_STEPS,
        (best, middle) -> withNumber(best, from, to, middle, radix),
        questions);
  }

  /** {@code data} with {@code value} written over {@code [from, to)}, zero-padded. */
  static byte[] withNumber(byte[] data, int from, int to, long value, int radix) {
    String digits = Long.toString(value, radix);
    byte[] out = data.clone();
    int width = to - from;
    Arrays.fill(out, from, to, (byte) '0');
    byte[] ascii = digits.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(ascii, 0, out, from + width - ascii.length, ascii.length);
    return out;
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }
}

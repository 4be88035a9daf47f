package dev.whittle.engine.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Lowers one number in the input toward 0, as the integer-field and text-number passes do: 0 first,
 * then a binary search between the largest value found failing and the smallest found interesting,
 * for at most a given number of steps.
 */
@API(status = INTERNAL, since = "0.1")
public final class TowardZero {
  private TowardZero() {}

  /** Writes a value into the content; null for a candidate that must not be asked. */
  @FunctionalInterface
  public interface Writer {
    byte[] write(byte[] best, long value);
  }

  /**
   * The content with the smallest interesting value found, or {@code data} itself when none was. A
   * step whose candidate {@code writer} refuses counts as failing without a question.
   */
  public static byte[] lower(
      byte[] data, long value, int maxSteps, Writer writer, QuestionBudget questions) {
    long good = value;
    long bad = -1;
    byte[] best = data;
    for (int step = 0; step < maxSteps && good - bad > 1 && questions.hasLeft(); step++) {
      long middle = bad < 0 ? 0 : bad + (good - bad) / 2;
      byte[] candidate = writer.write(best, middle);
      if (candidate != null && questions.isInteresting(candidate)) {
        good = middle;
        best = candidate;
      } else {
        bad = middle;
      }
    }
    return best;
  }
}

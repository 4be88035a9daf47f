package dev.whittle.engine.passes.fields;

import dev.whittle.api.ContentTester;
import dev.whittle.engine.passes.QuestionBudget;
import dev.whittle.engine.passes.TowardZero;
import java.util.List;

/**
 * What the binary field passes (length fields, offset fields, integer fields) share: one call's
 * best input and its questions, the sweep that supposes a field of each shape at every position,
 * and the galloping search for the most bytes a trim can take. Each pass only says what it tries at
 * a position. Not thread-safe: one call, one sweep.
 */
final class FieldSweep {
  /** What a pass tries where it supposes a field of {@code shape} at {@code at}. */
  @FunctionalInterface
  interface AtPosition {
    /** Whether the best input improved: then the sweep tries the same position again. */
    boolean shrinkAt(LengthField shape, int at);
  }

  /**
   * A candidate that takes {@code k} bytes off {@code original}, or null when none may be asked.
   */
  @FunctionalInterface
  interface Trim {
    byte[] candidate(byte[] original, int k);
  }

  private final QuestionBudget questions;
  private byte[] best;

  FieldSweep(byte[] start, ContentTester<byte[]> tester, long questionLimit) {
    this.best = start;
    this.questions = new QuestionBudget(tester, questionLimit);
  }

  /** The best input so far. */
  byte[] best() {
    return best;
  }

  QuestionBudget questions() {
    return questions;
  }

  /**
   * Goes over the input once per shape, in order, trying {@code pass} at every position where a
   * field of that shape fits, until the questions run out; the best input found.
   */
  byte[] over(LengthField[] shapes, AtPosition pass) {
    for (LengthField shape : shapes) {
      int at = 0;
      while (at + shape.width <= best.length && questions.hasLeft()) {
        if (!pass.shrinkAt(shape, at)) {
          at++;
        }
      }
    }
    return best;
  }

  /** Asks about {@code candidate}, unless it is null or no question is left; keeps it if so. */
  boolean ask(byte[] candidate) {
    if (candidate == null || !questions.hasLeft()) {
      return false;
    }
    if (questions.isInteresting(candidate)) {
      best = candidate;
      return true;
    }
    return false;
  }

  /**
   * Keeps the first interesting one of {@code candidates}, asked in order in batches as large as
   * the tester's parallelism, of which only the first interesting answer counts.
   */
  boolean askFirstOf(List<byte[]> candidates) {
    int batch = questions.parallelism();
    for (int from = 0; from < candidates.size() && questions.hasLeft(); from += batch) {
      int to = (int) Math.min(Math.min(from + batch, candidates.size()), from + questions.left());
      List<byte[]> part = candidates.subList(from, to);
      boolean[] answers = questions.areInteresting(part);
      for (int i = 0; i < answers.length; i++) {
        if (answers[i]) {
          best = part.get(i);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Takes the most bytes off the best input that a galloping search finds: {@code trim} of 1, 2, 4,
   * ... bytes until one is not interesting, then a binary search between the last two, each
   * candidate made from the input the search started on. {@code limit} bytes are not tried (the
   * pass asked that already). Whether any trim was kept.
   */
  boolean gallop(int limit, Trim trim) {
    byte[] original = best;
    int good = 0;
    int bad = limit;
    for (int k = 1; k < bad; k *= 2) {
      if (ask(trim.candidate(original, k))) {
        good = k;
      } else {
        bad = k;
        break;
      }
    }
    while (good > 0 && bad - good > 1) {
      int middle = (good + bad) >>> 1;
      if (ask(trim.candidate(original, middle))) {
        good = middle;
      } else {
        bad = middle;
      }
    }
    return good > 0;
  }

  /**
   * Lowers the number that {@code writer} writes, now {@code value}, toward 0 ({@link TowardZero}),
   * keeping the smallest interesting value found.
   */
  void lower(long value, int maxSteps, TowardZero.Writer writer) {
    best = TowardZero.lower(best, value, maxSteps, writer, questions);
  }
}

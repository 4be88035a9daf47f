package dev.whittle.engine.passes.text;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import dev.whittle.engine.passes.QuestionBudget;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Makes a large text input uniform in few questions, for {@code whittle reduce}: first the whole
 * input overwritten with one filler byte (all of it, then with its line breaks kept, so that its
 * line structure survives; a letter, a digit, a space), and where no such input is interesting, the
 * longest run of fillable bytes from the front and from the back that can be filled, found by
 * bisection, then the same on the halves of what is left between them. Where the whole input went
 * with its line breaks kept, the same search then fills the line breaks that need not stay. A
 * failure bound by the input's shape rather than its content (a buffer boundary at the end of a
 * line, a size limit) then leaves text whose every deletion of {@code k} bytes in a run of the
 * filler is one and the same candidate, which the loop's cache answers: the deletion passes after
 * it finish where on the original each deletion is a new candidate.
 *
 * <p>At most {@code 16 + 8·log2(length)} questions per call: a byte that must stay costs a
 * bisection. The first call whose whole fill is refuted asks nothing more: the content matters, and
 * the bisection waits for a later turn, which the scheduler gives once the other passes have halved
 * the content (if it is still large) or retry the passes. Only text of at least {@link
 * Fillers#MIN_SIZE} bytes, and like the tree passes it comes with, within {@link TreeSizeLimit}:
 * each candidate is a copy of all of it, and each position it fills takes four bytes. No candidate
 * brings back a byte other than the filler, so the passes cannot cycle through it.
 */
final class FillAllPass implements Pass<byte[]> {

  /** What the last call returned: asked again about it, the pass would ask the same questions. */
  private byte[] lastResult;

  /** The content of the call that found its whole fill refuted, the first such call; or null. */
  private byte[] refuted;

  @Override
  public String name() {
    return "fill-all";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 16L + 8L * (32 - Integer.numberOfLeadingZeros(Math.max(size, 1)));
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return content.length >= Fillers.MIN_SIZE
        && TreeSizeLimit.fits(content)
        && !ByteArrays.looksBinary(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!appliesTo(current) || Arrays.equals(current, lastResult)) {
      return current;
    }
    for (byte filler : Fillers.FILLERS) {
      if (fillable(current, 0, current.length, filler).length == 0) {
        return current; // uniform already: another filler would only trade one for the other
      }
    }
    QuestionBudget budget = new QuestionBudget(tester, questionLimit(current.length));
    boolean again = refuted != null;
    byte[] best = Arrays.equals(current, refuted) ? current : whole(current, budget);
    if (best == current && !again) {
      // The content matters: the bisection waits for a later turn, after the other passes had
      // theirs. Where deletion takes the input apart, that turn never comes (it applies from 512
      // bytes); on the held-out YAML and HTML crashes its questions came before any deletion.
      refuted = current;
      return current;
    }
    if (best == current) {
      byte filler = Fillers.dominant(current);
      best = runs(current, fillable(current, 0, current.length, filler), filler, true, budget);
    } else {
      // The line breaks kept: those that need not stay go too, so that a crash bound by one line
      // break (a buffer boundary at the end of a line) leaves a few long runs of the filler.
      byte filler = best[firstOther(best)];
      int[] breaks = lineBreaks(best);
      best = runs(best, breaks, filler, filler == Fillers.FILLERS[0], budget);
    }
    lastResult = best;
    return best;
  }

  /**
   * The whole input filled, the first interesting of: all bytes with the letter, then line breaks
   * kept with each filler; {@code current} where none is.
   */
  private static byte[] whole(byte[] current, QuestionBudget budget) {
    List<byte[]> candidates = new ArrayList<>();
    byte[] everything = new byte[current.length];
    Arrays.fill(everything, Fillers.FILLERS[0]);
    byte[] keptBreaks =
        filled(
            current, fillable(current, 0, current.length, Fillers.FILLERS[0]), Fillers.FILLERS[0]);
    if (!Arrays.equals(everything, keptBreaks)) {
      candidates.add(everything); // the input has line breaks: filling them is another candidate
    }
    for (byte filler : Fillers.FILLERS) {
      candidates.add(filled(current, fillable(current, 0, current.length, filler), filler));
    }
    int batch = Math.max(1, budget.parallelism());
    for (int from = 0; from < candidates.size() && budget.hasLeft(); from += batch) {
      List<byte[]> asked = candidates.subList(from, Math.min(from + batch, candidates.size()));
      boolean[] answers = budget.areInteresting(asked);
      for (int i = 0; i < answers.length; i++) {
        if (answers[i]) {
          return asked.get(i);
        }
      }
    }
    return current;
  }

  /**
   * Runs of {@code positions} set to {@code filler}: in each region of them that is not fillable as
   * a whole, the longest fillable prefix, then (unless the rest is fillable) the longest fillable
   * suffix of what follows the byte that stopped it, then the two halves of what lies between the
   * bytes that stopped them, as regions of their own. {@code asked}: filling all of {@code
   * positions} was asked about already, and was not interesting.
   */
  private static byte[] runs(
      byte[] current, int[] all, byte filler, boolean asked, QuestionBudget budget) {
    byte[] best = current;
    Deque<int[]> regions = new ArrayDeque<>();
    regions.add(all);
    while (!regions.isEmpty() && budget.hasLeft()) {
      int[] positions = regions.poll();
      if (positions.length == 0) {
        continue;
      }
      if (!asked) {
        byte[] candidate = filled(best, positions, filler);
        if (budget.isInteresting(candidate)) {
          best = candidate;
          continue;
        }
      }
      asked = false;
      int prefix = longest(best, positions, filler, true, budget);
      best = filled(best, Arrays.copyOf(positions, prefix), filler);
      int[] rest =
          Arrays.copyOfRange(positions, Math.min(prefix + 1, positions.length), positions.length);
      if (rest.length == 0 || !budget.hasLeft()) {
        continue;
      }
      byte[] candidate = filled(best, rest, filler);
      if (budget.isInteresting(candidate)) {
        best = candidate;
        continue;
      }
      int suffix = longest(best, rest, filler, false, budget);
      best = filled(best, Arrays.copyOfRange(rest, rest.length - suffix, rest.length), filler);
      int[] middle = Arrays.copyOf(rest, Math.max(0, rest.length - suffix - 1));
      regions.add(Arrays.copyOf(middle, middle.length / 2));
      regions.add(Arrays.copyOfRange(middle, middle.length / 2, middle.length));
    }
    return best;
  }

  /**
   * The greatest {@code k} below {@code positions.length} for which filling the first (or, with
   * {@code fromFront} false, the last) {@code k} of {@code positions} in {@code data} was answered
   * interesting, 0 if none; filling all of them is known not to be interesting. A search of as many
   * points per step as the tester answers at once.
   */
  private static int longest(
      byte[] data, int[] positions, byte filler, boolean fromFront, QuestionBudget budget) {
    int low = 0; // interesting (no change)
    int high = positions.length; // not interesting
    while (high - low > 1 && budget.hasLeft()) {
      int points = (int) Math.min(Math.min(budget.parallelism(), high - low - 1), budget.left());
      points = Math.max(points, 1);
      List<Integer> ks = new ArrayList<>();
      List<byte[]> candidates = new ArrayList<>();
      for (int i = 1; i <= points; i++) {
        int k = low + (int) ((long) (high - low) * i / (points + 1));
        if (k > low && k < high && (ks.isEmpty() || k > ks.get(ks.size() - 1))) {
          ks.add(k);
          candidates.add(filled(data, part(positions, k, fromFront), filler));
        }
      }
      boolean[] answers = budget.areInteresting(candidates);
      int newLow = low;
      for (int i = 0; i < answers.length; i++) {
        if (answers[i]) {
          newLow = ks.get(i);
        }
      }
      int newHigh = high;
      for (int i = answers.length - 1; i >= 0; i--) {
        if (!answers[i] && ks.get(i) > newLow) {
          newHigh = ks.get(i);
        }
      }
      low = newLow;
      high = newHigh;
    }
    return low;
  }

  private static int[] part(int[] positions, int k, boolean fromFront) {
    return fromFront
        ? Arrays.copyOf(positions, k)
        : Arrays.copyOfRange(positions, positions.length - k, positions.length);
  }

  /** Where the first byte that is not a line break is; there is one. */
  private static int firstOther(byte[] data) {
    int at = 0;
    while (data[at] == '\n' || data[at] == '\r') {
      at++;
    }
    return at;
  }

  private static int[] lineBreaks(byte[] data) {
    int[] out = new int[data.length];
    int count = 0;
    for (int i = 0; i < data.length; i++) {
      if (data[i] == '\n' || data[i] == '\r') {
        out[count++] = i;
      }
    }
    return Arrays.copyOf(out, count);
  }

  /** The positions in {@code [from, to)} that hold neither the filler nor a line break. */
  private static int[] fillable(byte[] data, int from, int to, byte filler) {
    int[] out = new int[to - from];
    int count = 0;
    for (int i = from; i < to; i++) {
      if (data[i] != filler && data[i] != '\n' && data[i] != '\r') {
        out[count++] = i;
      }
    }
    return Arrays.copyOf(out, count);
  }

  /** {@code data} with the bytes at {@code positions} set to {@code filler}. */
  private static byte[] filled(byte[] data, int[] positions, byte filler) {
    if (positions.length == 0) {
      return data;
    }
    byte[] out = Arrays.copyOf(data, data.length);
    for (int position : positions) {
      out[position] = filler;
    }
    return out;
  }
}

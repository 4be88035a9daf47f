package dev.whittle.benchmarks;

import dev.whittle.api.MarkovModel;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * The generated-data setting of the Entropy Debugging paper (section 4.2): a grid of two-state
 * Markov models, streams of important and unimportant items drawn from them, the lower bound of
 * section 2.1.4 and the monotone oracle "keeps every important item".
 */
final class MarkovGrid {
  /** Grid points per axis: p = 0.05, 0.10, ..., 0.95. */
  static final int POINTS = 19;

  /** Seeds of one cell are {@code cellIndex * SEED_STRIDE + s}, s = 0, 1, ... */
  static final long SEED_STRIDE = 1000;

  private MarkovGrid() {}

  /** The probability at grid position {@code index} (0-based): (index + 1) / 20. */
  static double value(int index) {
    return (index + 1) / 20.0;
  }

  /** One grid cell; {@code row} indexes p(u), {@code col} indexes p(uu). */
  record Cell(int row, int col) {
    double pU() {
      return value(row);
    }

    double pUU() {
      return value(col);
    }

    /** Position in the full 19 x 19 grid, impossible cells included, so seeds never shift. */
    int index() {
      return row * POINTS + col;
    }

    long seed(int s) {
      return index() * SEED_STRIDE + s;
    }

    /** The model of this cell, or {@code null} when no Markov chain has these probabilities. */
    MarkovModel model() {
      return modelOrNull(pU(), pUU());
    }
  }

  /** MarkovModel's own validation decides which cells are possible. */
  static MarkovModel modelOrNull(double pU, double pUU) {
    try {
      return new MarkovModel(pU, pUU);
    } catch (IllegalArgumentException impossible) {
      return null;
    }
  }

  /** The possible cells among the given rows and columns, row-major. */
  static List<Cell> cells(List<Integer> rows, List<Integer> cols) {
    List<Cell> cells = new ArrayList<>();
    for (int row : rows) {
      for (int col : cols) {
        Cell cell = new Cell(row, col);
        if (cell.model() != null) {
          cells.add(cell);
        }
      }
    }
    return cells;
  }

  /**
   * Grid indices named by {@code spec}: {@code all}, one value ({@code 0.5}), an inclusive range
   * ({@code 0.3:0.6}) or a list ({@code 0.25,0.5,0.75}). Values must lie on the grid.
   */
  static List<Integer> indices(String spec) {
    String trimmed = spec.trim();
    TreeSet<Integer> out = new TreeSet<>();
    if (trimmed.equals("all")) {
      for (int i = 0; i < POINTS; i++) {
        out.add(i);
      }
    } else if (trimmed.contains(":")) {
      String[] ends = trimmed.split(":", -1);
      if (ends.length != 2) {
        throw new IllegalArgumentException("a range is FROM:TO, got '" + spec + "'");
      }
      int from = indexOf(ends[0]);
      int to = indexOf(ends[1]);
      for (int i = Math.min(from, to); i <= Math.max(from, to); i++) {
        out.add(i);
      }
    } else {
      for (String part : trimmed.split(",")) {
        out.add(indexOf(part));
      }
    }
    return List.copyOf(out);
  }

  static int indexOf(String text) {
    double v;
    try {
      v = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a probability: '" + text + "'");
    }
    long k = Math.round(v * 20);
    if (k < 1 || k > POINTS || Math.abs(k / 20.0 - v) > 1e-9) {
      throw new IllegalArgumentException(
          "probability " + text + " is not on the grid 0.05, 0.10, ..., 0.95");
    }
    return (int) k - 1;
  }

  /**
   * A stream of {@code length} items from the chain: the first is unimportant with probability
   * p(u); after an unimportant item the next is unimportant with p(uu), after an important one with
   * p(iu). Returns which positions are important.
   */
  static boolean[] generate(MarkovModel model, int length, Random random) {
    boolean[] important = new boolean[length];
    if (length == 0) {
      return important;
    }
    boolean unimportant = random.nextDouble() < model.pU();
    for (int i = 0; i < length; i++) {
      important[i] = !unimportant;
      double next = unimportant ? model.pUU() : model.pIU();
      unimportant = random.nextDouble() < next;
    }
    return important;
  }

  static int count(boolean[] important) {
    int n = 0;
    for (boolean b : important) {
      if (b) {
        n++;
      }
    }
    return n;
  }

  /** The bound of equation (2): max(p(i) L, H) with H the stream entropy in bits. */
  static double lowerBound(MarkovModel model, int length) {
    return Math.max(model.pI() * length, model.streamEntropy(length));
  }

  /**
   * Interesting iff the candidate keeps every important position. Items are the positions 0..L-1
   * and candidates are subsequences of the original, so counting important items suffices.
   */
  static Oracle<List<Integer>> keepsAllImportant(boolean[] important) {
    int needed = count(important);
    return candidate -> {
      int found = 0;
      for (int i = 0, n = candidate.size(); i < n; i++) {
        if (important[candidate.get(i)]) {
          found++;
        }
      }
      return found == needed ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
    };
  }

  /** The items 0..length-1. */
  static List<Integer> positions(int length) {
    List<Integer> items = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      items.add(i);
    }
    return items;
  }
}

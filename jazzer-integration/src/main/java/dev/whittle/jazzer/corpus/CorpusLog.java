package dev.whittle.jazzer.corpus;

import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/** The lines a corpus minimization or merge tells its user, each prefixed {@code whittle: }. */
final class CorpusLog {
  private static final long SECOND = 1_000_000_000L;

  private final Consumer<String> sink;

  CorpusLog(Consumer<String> sink) {
    this.sink = sink;
  }

  void line(String format, Object... args) {
    sink.accept("whittle: " + String.format(Locale.ROOT, format, args));
  }

  /**
   * What to tell how many of {@code total} inputs a pass has run: a progress line about once a
   * second, so that a long pass shows it is alive without a line per input.
   */
  IntConsumer progress(String what, int total) {
    long[] next = {System.nanoTime() + SECOND};
    return count -> {
      if (System.nanoTime() >= next[0]) {
        line("%s: %,d of %,d inputs", what, count, total);
        next[0] = System.nanoTime() + SECOND;
      }
    };
  }
}

package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.api.Progress;
import dev.whittle.api.ProgressListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * Prints a line about a running reduction at most once per {@link #INTERVAL}, so that a long run
 * shows it is alive without flooding the terminal or a CI log.
 */
final class ProgressPrinter implements ProgressListener {
  static final Duration INTERVAL = Duration.ofSeconds(1);

  private final PrintWriter err;
  private final String unit;
  private final int originalSize;
  private Duration nextLineAt = INTERVAL;

  ProgressPrinter(PrintWriter err, String unit, int originalSize) {
    this.err = checkNotNull(err, "err");
    this.unit = checkNotNull(unit, "unit");
    this.originalSize = originalSize;
  }

  @Override
  public void onProgress(Progress progress) {
    if (progress.elapsed().compareTo(nextLineAt) < 0) {
      return;
    }
    err.println(line(progress));
    err.flush();
    nextLineAt = progress.elapsed().plus(INTERVAL);
  }

  private String line(Progress progress) {
    return String.format(
        Locale.ROOT,
        "whittle: %d test runs, %d cache hits, best %d of %d %s, %.1f s",
        progress.runs(),
        progress.cacheHits(),
        progress.bestSize(),
        originalSize,
        unit,
        progress.elapsed().toMillis() / 1000.0);
  }
}

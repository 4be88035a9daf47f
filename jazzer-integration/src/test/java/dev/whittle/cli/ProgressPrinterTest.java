package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.api.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {
  private final StringWriter err = new StringWriter();
  private final ProgressPrinter printer = new ProgressPrinter(new PrintWriter(err), "bytes", 1000);

  @Test
  void printsAtMostOneLinePerInterval() {
    for (int millis : new int[] {0, 300, 999, 1000, 1500, 1999, 2100, 2200}) {
      printer.onProgress(progress(millis));
    }

    assertEquals(
        List.of(
            "whittle: 1000 test runs, 3 cache hits, best 500 of 1000 bytes, 1.0 s",
            "whittle: 2100 test runs, 3 cache hits, best 500 of 1000 bytes, 2.1 s"),
        err.toString().lines().toList());
  }

  private static Progress progress(int millis) {
    return new Progress(millis, 3, 0, 499, 500, Duration.ofMillis(millis));
  }
}

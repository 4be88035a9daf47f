package dev.whittle.jazzer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The diagnostic's lines read as they did when {@code String.format} wrote them. */
class PhasesTest {
  @Test
  void linesAreWhatTheFormatWrites() {
    long[] nanos = {
      0, 49_999, 50_000, 1_234_567, 99_950_000, 123_456_789_012L, 12_345_678_901_234L
    };
    for (String phase :
        new String[] {"total", "a phase named longer than thirty-four characters"}) {
      for (long wall : nanos) {
        for (long cpu : nanos) {
          assertEquals(
              String.format(Locale.ROOT, "  %-34s %8.1f %8.1f", phase, wall / 1e6, cpu / 1e6),
              Phases.line(phase, wall, cpu));
        }
      }
    }
  }

  @Test
  void thisJvmsProcessorClockRuns() {
    OptionalLong before = Phases.processCpuNanos();
    long sum = 0;
    for (int i = 0; i < 50_000_000; i++) {
      sum += i ^ (sum >>> 3);
    }
    OptionalLong after = Phases.processCpuNanos();
    long work = sum;

    assertTrue(before.isPresent() && after.isPresent(), () -> before + " " + after);
    assertTrue(after.getAsLong() > before.getAsLong(), () -> "no time passed; " + work);
  }
}

package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Durations as the command line writes them: plain milliseconds ({@code 500}), a number with a unit
 * ({@code 250ms}, {@code 2s}, {@code 1.5m}, {@code 1h}) or ISO-8601 ({@code PT2S}).
 */
@API(status = INTERNAL, since = "0.1")
public final class Durations {
  private static final Pattern NUMBER_AND_UNIT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?", Pattern.CASE_INSENSITIVE);

  private Durations() {}

  /**
   * Parses a positive duration.
   *
   * @throws IllegalArgumentException saying which forms are accepted
   */
  public static Duration parse(String text) {
    String trimmed = text.trim();
    Duration duration = trimmed.toUpperCase(Locale.ROOT).startsWith("P") ? iso(text) : simple(text);
    checkArgument(
        !duration.isNegative() && !duration.isZero(), "duration must be positive: '%s'", text);
    return duration;
  }

  /** A short form for messages: {@code 500ms}, {@code 2s}, {@code 1.5s}. */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    if (millis < 1000) {
      return millis + "ms";
    }
    return (seconds(millis) + "s").replace(".0s", "s");
  }

  /** {@code millis} (at least 0) in seconds with one decimal: {@code 1.3} for 1250. */
  public static String seconds(long millis) {
    checkArgument(millis >= 0, "milliseconds must not be negative: %s", millis);
    return String.format(Locale.ROOT, "%.1f", millis / 1000.0);
  }

  private static Duration iso(String text) {
    try {
      return Duration.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw invalid(text);
    }
  }

  private static Duration simple(String text) {
    Matcher matcher = NUMBER_AND_UNIT.matcher(text.trim());
    if (!matcher.matches()) {
      throw invalid(text);
    }
    double amount = Double.parseDouble(matcher.group(1));
    String unit = matcher.group(2) == null ? "ms" : matcher.group(2).toLowerCase(Locale.ROOT);
    double millisPerUnit =
        switch (unit) {
          case "ms" -> 1;
          case "s" -> 1_000;
          case "m" -> 60_000;
          case "h" -> 3_600_000;
          default -> throw new AssertionError("unit the pattern does not allow: " + unit);
        };
    return Duration.ofMillis(Math.round(amount * millisPerUnit));
  }

  private static IllegalArgumentException invalid(String text) {
    return new IllegalArgumentException(
        "cannot read '"
            + text
            + "' as a duration; write milliseconds (500), a number with a unit"
            + " (250ms, 2s, 1.5m, 1h) or ISO-8601 (PT2S)");
  }
}

package dev.whittle.cli;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.MatchMode;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converters for option values, each failing with a message that says what is allowed. */
final class Converters {
  private Converters() {}

  /** An algorithm by name; an unknown name lists the known ones. */
  static final class AlgorithmConverter implements ITypeConverter<Algorithm> {
    @Override
    public Algorithm convert(String name) {
      try {
        return Algorithms.named(name);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** The names of all algorithms, for {@code ${COMPLETION-CANDIDATES}} in the help. */
  /** The --match modes, top-frames-N with its N, for completion and the tests. */
  static final class MatchModeNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of(
              MatchMode.DEDUP_TOKEN, MatchMode.EXCEPTION_TYPE, MatchMode.TOP_FRAMES_PREFIX + "N")
          .iterator();
    }
  }

  static final class AlgorithmNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Algorithms.names().iterator();
    }
  }

  /** A positive duration; see {@link Durations#parse}. */
  static final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
      try {
        return Durations.parse(text);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** A match mode by name: dedup-token, exception-type or top-frames-N. */
  static final class MatchModeConverter implements ITypeConverter<MatchMode> {
    @Override
    public MatchMode convert(String name) {
      try {
        return MatchMode.named(name);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** A whole number of at least 1, with an error that names the value. */
  static final class PositiveIntConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      try {
        int n = Integer.parseInt(value.trim());
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new TypeConversionException("'" + value + "' is not a whole number of at least 1");
    }
  }
}

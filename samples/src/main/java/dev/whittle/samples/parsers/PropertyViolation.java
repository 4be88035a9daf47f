package dev.whittle.samples.parsers;

/**
 * A property of a parser that a fuzz target checks (parse, print, parse again gives the same) did
 * not hold. An {@link AssertionError}, so Jazzer reports it as a finding; where it is thrown (its
 * top stack frames) tells the properties apart.
 */
public final class PropertyViolation extends AssertionError {
  private static final long serialVersionUID = 1L;

  PropertyViolation(String message) {
    super(message);
  }

  /** At most 200 characters of {@code text}, for messages. */
  static String excerpt(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }
}

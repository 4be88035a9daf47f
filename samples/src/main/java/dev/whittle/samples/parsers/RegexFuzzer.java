package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Jazzer target over RE2/J ({@code com.google.re2j:re2j}), differentially against the JDK's {@link
 * java.util.regex.Pattern}: the input is a pattern. RE2/J's documented parse error is its own
 * {@link com.google.re2j.PatternSyntaxException}. The properties: RE2/J rejects what the JDK
 * rejects (RE2 syntax is a subset of the JDK's, less the features RE2/J documents as missing), and
 * where both accept a pattern, {@code find()} finds the same first match in a few short subjects.
 * Subjects are short so that the JDK's backtracking stays fast on any pattern.
 */
public final class RegexFuzzer {
  private static final List<String> SUBJECTS =
      List.of("", "a", "ab1", "aaab", "x\ny\n", "Ab_C 9.", "\u00e9\u00df", "a\tb-c");

  private RegexFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String pattern = new String(data, StandardCharsets.UTF_8);
    com.google.re2j.Pattern re2j;
    try {
      re2j = com.google.re2j.Pattern.compile(pattern);
    } catch (com.google.re2j.PatternSyntaxException e) {
      return;
    }
    java.util.regex.Pattern jdk;
    try {
      jdk = java.util.regex.Pattern.compile(pattern);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new PropertyViolation(
          "RE2/J accepts a pattern the JDK rejects ("
              + e.getDescription()
              + "): "
              + excerpt(pattern));
    }
    for (String subject : SUBJECTS) {
      com.google.re2j.Matcher ours = re2j.matcher(subject);
      java.util.regex.Matcher theirs = jdk.matcher(subject);
      boolean found = ours.find();
      if (found != theirs.find()) {
        throw new PropertyViolation(
            "find() disagrees on '" + subject + "' (RE2/J: " + found + "): " + excerpt(pattern));
      }
      if (found && (ours.start() != theirs.start() || ours.end() != theirs.end())) {
        throw new PropertyViolation(
            "the first match differs on '" + subject + "': " + excerpt(pattern));
      }
    }
  }
}

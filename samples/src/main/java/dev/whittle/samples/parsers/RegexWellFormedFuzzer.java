package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Jazzer target over RE2/J ({@code com.google.re2j:re2j}) on well-formed patterns only: inputs the
 * JDK's {@link java.util.regex.Pattern} rejects are skipped, as are those RE2/J rejects with its
 * documented {@link com.google.re2j.PatternSyntaxException} (back-references, look-around and the
 * other features it documents as missing). Where both compile a pattern, they must agree on each of
 * a dozen short subjects: whether {@code find()} finds, where the first match lies, every group's
 * span in it, whether {@code matches()} and {@code lookingAt()} hold, and the group count. Each
 * check throws from a line of its own, so that Jazzer tells the kinds of disagreement apart.
 */
public final class RegexWellFormedFuzzer {
  private static final List<String> SUBJECTS =
      List.of(
          "",
          "a",
          "ab1",
          "aaab",
          "x\ny\n",
          "Ab_C 9.",
          "\u00e9\u00df",
          "a\tb-c",
          "\r\n",
          "abcabc",
          "2024-01-31",
          "\u0130i\u212a");

  private RegexWellFormedFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String pattern = new String(data, StandardCharsets.UTF_8);
    java.util.regex.Pattern jdk;
    try {
      jdk = java.util.regex.Pattern.compile(pattern);
    } catch (java.util.regex.PatternSyntaxException e) {
      return;
    }
    com.google.re2j.Pattern re2j;
    try {
      re2j = com.google.re2j.Pattern.compile(pattern);
    } catch (com.google.re2j.PatternSyntaxException e) {
      return;
    }
    if (re2j.groupCount() != jdk.matcher("").groupCount()) {
      throw new PropertyViolation("the group counts differ: " + excerpt(pattern));
    }
    for (String subject : SUBJECTS) {
      com.google.re2j.Matcher ours = re2j.matcher(subject);
      java.util.regex.Matcher theirs = jdk.matcher(subject);
      if (ours.matches() != theirs.matches()) {
        throw new PropertyViolation(
            "matches() disagrees on '" + subject + "': " + excerpt(pattern));
      }
      ours.reset();
      theirs.reset();
      if (ours.lookingAt() != theirs.lookingAt()) {
        throw new PropertyViolation(
            "lookingAt() disagrees on '" + subject + "': " + excerpt(pattern));
      }
      ours.reset();
      theirs.reset();
      boolean found = ours.find();
      if (found != theirs.find()) {
        throw new PropertyViolation("find() disagrees on '" + subject + "': " + excerpt(pattern));
      }
      if (!found) {
        continue;
      }
      if (ours.start() != theirs.start() || ours.end() != theirs.end()) {
        throw new PropertyViolation(
            "the first match differs on '" + subject + "': " + excerpt(pattern));
      }
      for (int group = 1; group <= re2j.groupCount(); group++) {
        if (ours.start(group) != theirs.start(group) || ours.end(group) != theirs.end(group)) {
          throw new PropertyViolation(
              "group " + group + " differs on '" + subject + "': " + excerpt(pattern));
        }
      }
    }
  }
}

package dev.whittle.jazzer.targets;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A {@code byte[]} target that throws for a pattern whose parentheses balance but which the JDK's
 * {@link Pattern} rejects. {@link #CRASH} holds NULs (as Jazzer's mutations leave them), so it
 * reads as binary; its shortest crash is {@code {}: deleting one parenthesis of {@code ({)}
 * unbalances them, deleting the brace makes it compile, and only dropping the pair at once works.
 */
public final class BalancedPatternTarget {
  /** A crash: a pattern with a dangling brace inside parentheses, and NULs. */
  public static final byte[] CRASH = "(a\0\0\0b{\0\0c)".getBytes(StandardCharsets.ISO_8859_1);

  private BalancedPatternTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String pattern = new String(data, StandardCharsets.ISO_8859_1);
    int depth = 0;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth < 0) {
        return;
      }
    }
    if (depth != 0) {
      return;
    }
    try {
      Pattern.compile(pattern);
    } catch (PatternSyntaxException e) {
      // Without the cause: the JDK's frames differ with where the pattern goes wrong, and the
      // finding is the target's (as RegexFuzzer's PropertyViolation of the samples).
      throw new IllegalArgumentException("a balanced pattern the JDK rejects: " + pattern);
    }
  }
}

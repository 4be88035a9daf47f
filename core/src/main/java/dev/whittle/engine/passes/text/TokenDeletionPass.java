package dev.whittle.engine.passes.text;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import dev.whittle.engine.tree.TreeSizeLimit;

/**
 * Deletes one text token of two bytes or more at a time, C-Vise's {@code rm-toks-1} for any text: a
 * backslash escape ({@code \b}, {@code \d}), or a run of letters and digits (a word, a number).
 * Deleting one byte at a time cannot take out such a token when each half alone means something
 * else: of the pattern {@code \b\b|\pL}, deleting {@code \} leaves a literal {@code b}, deleting
 * {@code b} escapes the next backslash, and only the pair together goes. One question per token of
 * two bytes or more, so it is cheap on the small inputs the algorithm leaves; single bytes are the
 * algorithm's. On a large input every question copies and hashes all of it, once per token: like
 * the tree passes it comes with, it waits until the content is within {@link TreeSizeLimit}.
 */
final class TokenDeletionPass implements Pass<byte[]> {
  @Override
  public String name() {
    return "tokens";
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return TreeSizeLimit.fits(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    byte[] best = current;
    int at = 0;
    while (at < best.length) {
      int end = tokenEnd(best, at);
      if (end - at >= 2) {
        byte[] candidate = ByteArrays.without(best, at, end);
        if (tester.isInteresting(candidate)) {
          best = candidate; // the next token has moved into place at the same position
          continue;
        }
      }
      at = end;
    }
    return best;
  }

  /** Where the token that starts at {@code at} ends (exclusive). */
  static int tokenEnd(byte[] data, int at) {
    if (data[at] == '\\') {
      return Math.min(at + 2, data.length);
    }
    int end = at;
    while (end < data.length && isWordByte(data[end])) {
      end++;
    }
    return Math.max(end, at + 1);
  }

  private static boolean isWordByte(byte b) {
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_';
  }
}

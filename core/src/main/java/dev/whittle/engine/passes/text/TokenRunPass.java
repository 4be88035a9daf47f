package dev.whittle.engine.passes.text;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Deletes runs of 16, 8, 4, 2 and 1 consecutive text tokens (as {@link TokenDeletionPass} splits
 * them: an escape, a word or number, any other byte) starting at each token, an opening bracket
 * together with its closing one and the other way round, as C-Vise's {@code rm-toks-N} do: what no
 * deletion of one token or one run of bytes takes out when the tokens only go together, such as two
 * alternatives of a regular expression ({@code |..} of {@code (..|.#|..)|..}) or a bracket and what
 * depends on it elsewhere. A finishing pass for small text: only on content of at most {@link
 * #MAX_TOKENS} tokens, where it asks at most five questions per token and turn.
 */
final class TokenRunPass implements Pass<byte[]> {
  /** The most tokens a content may have for the pass to apply. */
  static final int MAX_TOKENS = 64;

  private static final int[] RUNS = {16, 8, 4, 2, 1};

  @Override
  public String name() {
    return "token-runs";
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return content.length > 0 && tokenStarts(content, MAX_TOKENS + 1).length - 1 <= MAX_TOKENS;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!appliesTo(current)) {
      return current;
    }
    byte[] best = current;
    Set<ByteBuffer> asked = new HashSet<>();
    int batch = Math.max(1, tester.parallelism());
    for (int run : RUNS) {
      int start = 0;
      while (true) {
        int[] starts = tokenStarts(best, Integer.MAX_VALUE);
        int tokens = starts.length - 1;
        if (start + run > tokens) {
          break;
        }
        int[] partners = partners(best, starts);
        List<byte[]> candidates = new ArrayList<>();
        int next = start;
        while (candidates.size() < batch && next + run <= tokens) {
          byte[] candidate = without(best, starts, partners, next, next + run);
          next++;
          if (asked.add(ByteBuffer.wrap(candidate))) {
            candidates.add(candidate);
          }
        }
        boolean[] answers = tester.areInteresting(candidates);
        int found = -1;
        for (int i = 0; i < answers.length && found < 0; i++) {
          found = answers[i] ? i : -1;
        }
        if (found >= 0) {
          best = candidates.get(found); // the runs after it moved into place: keep the position
        } else {
          start = next;
        }
      }
    }
    return best;
  }

  /** {@code data} without tokens {@code [from, to)} and the partners of the brackets among them. */
  private static byte[] without(byte[] data, int[] starts, int[] partners, int from, int to) {
    boolean[] gone = new boolean[starts.length - 1];
    for (int token = from; token < to; token++) {
      gone[token] = true;
      if (partners[token] >= 0) {
        gone[partners[token]] = true;
      }
    }
    byte[] out = new byte[data.length];
    int length = 0;
    for (int token = 0; token < gone.length; token++) {
      if (!gone[token]) {
        int size = starts[token + 1] - starts[token];
        System.arraycopy(data, starts[token], out, length, size);
        length += size;
      }
    }
    return Arrays.copyOf(out, length);
  }

  /**
   * Where each token of {@code data} starts, then where the last one ends; at most {@code limit}
   * tokens.
   */
  static int[] tokenStarts(byte[] data, int limit) {
    List<Integer> starts = new ArrayList<>();
    int at = 0;
    while (at < data.length && starts.size() < limit) {
      starts.add(at);
      at = TokenDeletionPass.tokenEnd(data, at);
    }
    starts.add(at);
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The token each one-byte bracket token pairs with ({@code ()}, {@code []}, {@code {}}, {@code
   * <>}: the nearest unmatched opening bracket of the closing one's kind), -1 for other tokens and
   * brackets without a partner. The angle brackets pair too: a tag's, or a named group's {@code
   * (?P<name>...)}, whose name goes with them.
   */
  static int[] partners(byte[] data, int[] starts) {
    int tokens = starts.length - 1;
    int[] partners = new int[tokens];
    Arrays.fill(partners, -1);
    Deque<Integer> open = new ArrayDeque<>();
    for (int token = 0; token < tokens; token++) {
      if (starts[token + 1] - starts[token] != 1) {
        continue;
      }
      byte b = data[starts[token]];
      if (b == '(' || b == '[' || b == '{' || b == '<') {
        open.push(token);
      } else if (b == ')' || b == ']' || b == '}' || b == '>') {
        byte opening = opening(b);
        for (Integer candidate : open) {
          if (data[starts[candidate]] == opening) {
            partners[token] = candidate;
            partners[candidate] = token;
            open.remove(candidate);
            break;
          }
        }
      }
    }
    return partners;
  }

  private static byte opening(byte closing) {
    return switch (closing) {
      case ')' -> '(';
      case ']' -> '[';
      case '}' -> '{';
      default -> '<';
    };
  }
}

package dev.whittle.engine.tree.lenient;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A tree builder that never fails, for every text format but markup: quoted strings, bracket pairs
 * (an unmatched closer is text; pairs still open at the end of the input, or of their line in line
 * mode, close there without a closer), separators that split items level by level, and in line mode
 * lines nested by indentation.
 *
 * <p>Node kinds: {@code document} (the root), {@code line} and {@code block} (a line with the lines
 * indented under it), {@code item:S} (an item with its trailing separator {@code S}), {@code
 * pair:()} with one {@code content} child for what lies between the brackets, {@code string},
 * {@code token} (a run of other non-blank bytes). A wrapper whose only child spans the same bytes
 * is left out. Nesting deeper than {@link #MAX_DEPTH} stays inside a leaf, so that neither this
 * builder nor a reducer walking the tree can overflow the stack.
 */
final class LenientTreeBuilder implements TreeBuilder {
  /**
   * Pairs and blocks nested deeper than this are leaves: a few hundred frames at most, for the
   * builder and for the reducers and unparsing that walk the tree, even in a target's JVM with a
   * small thread stack.
   */
  static final int MAX_DEPTH = 48;

  private static final byte STRING = 1;
  private static final byte PAIR = 2;
  private static final byte OPEN_PAIR = 3; // a pair without its closer

  private final LenientSettings settings;

  LenientTreeBuilder(LenientSettings settings) {
    this.settings = settings;
  }

  @Override
  public String name() {
    return settings.name();
  }

  @Override
  public SyntaxTree build(byte[] input) {
    return orFlat(input, content -> new Build(content).tree());
  }

  /**
   * {@code build}'s tree of {@code input}, or a flat one where the calling thread's stack is
   * smaller than {@link #MAX_DEPTH} allows for: no structure, but no failure (a builder never
   * fails).
   */
  static SyntaxTree orFlat(byte[] input, Function<byte[], SyntaxTree> build) {
    try {
      return build.apply(input);
    } catch (StackOverflowError e) {
      return SyntaxTree.flat(input);
    }
  }

  /** One build: the scan's results over one input. */
  private final class Build {
    private final byte[] in;
    private final int n;

    /** Where a structure starting at a position ends (exclusive); 0 where none starts. */
    private final int[] structEnd;

    private final byte[] structType;
    private final byte[] pairIndex;

    Build(byte[] input) {
      this.in = input;
      this.n = input.length;
      this.structEnd = new int[n];
      this.structType = new byte[n];
      this.pairIndex = new byte[n];
      scan();
    }

    SyntaxTree tree() {
      List<SyntaxNode> children = settings.lines() ? lines(0, n, 0) : items(0, n, 0, 0);
      if (children.size() == 1 && children.get(0).start() == 0 && children.get(0).end() == n) {
        // The input is one structure: it is the root, not the only child of one with its span.
        return SyntaxTree.of(in, children.get(0));
      }
      return SyntaxTree.of(in, SyntaxNode.of("document", 0, n, children));
    }

    // ---- scan: strings and pairs ----

    private void scan() {
      int[] stack = new int[16];
      int top = 0;
      int i = 0;
      while (i < n) {
        int c = in[i] & 0xFF;
        if (settings.lines() && c == '\n') {
          while (top > 0) {
            closeOpen(stack[--top], i);
          }
          i++;
          continue;
        }
        if (settings.isQuote(c)) {
          int end = endOfString(i);
          structEnd[i] = end;
          structType[i] = STRING;
          i = end;
          continue;
        }
        int opened = settings.opens(c);
        if (opened >= 0) {
          if (top == stack.length) {
            stack = Arrays.copyOf(stack, 2 * top);
          }
          stack[top++] = i;
          pairIndex[i] = (byte) opened;
          i++;
          continue;
        }
        int closed = settings.closes(c);
        if (closed >= 0) {
          int match = top - 1;
          while (match >= 0 && pairIndex[stack[match]] != closed) {
            match--;
          }
          if (match >= 0) { // else an unmatched closer: text
            while (top - 1 > match) {
              closeOpen(stack[--top], i);
            }
            int open = stack[--top];
            structEnd[open] = i + 1;
            structType[open] = PAIR;
          }
        }
        i++;
      }
      while (top > 0) {
        closeOpen(stack[--top], n);
      }
    }

    private void closeOpen(int open, int end) {
      structEnd[open] = end;
      structType[open] = OPEN_PAIR;
    }

    private int endOfString(int start) {
      int quote = in[start];
      int escape = settings.escape();
      int j = start + 1;
      while (j < n) {
        int b = in[j];
        if (escape >= 0 && b == escape) {
          j += 2;
          continue;
        }
        if (b == quote) {
          if (escape < 0 && j + 1 < n && in[j + 1] == quote) {
            j += 2; // a doubled quote stands for itself
            continue;
          }
          return j + 1;
        }
        if (b == '\n' && !settings.quotesSpanLines()) {
          return j;
        }
        j++;
      }
      return n;
    }

    // ---- lines and indentation ----

    private List<SyntaxNode> lines(int from, int to, int depth) {
      List<int[]> spans = new ArrayList<>(); // {start, end} of each line, its newline included
      int start = from;
      int i = from;
      while (i < to) {
        if (structType[i] == STRING) {
          i = Math.max(i + 1, Math.min(structEnd[i], to));
          continue;
        }
        if (in[i] == '\n') {
          spans.add(new int[] {start, i + 1});
          start = i + 1;
        }
        i++;
      }
      if (start < to) {
        spans.add(new int[] {start, to});
      }
      return blocks(spans, 0, spans.size(), depth);
    }

    private List<SyntaxNode> blocks(List<int[]> spans, int from, int to, int depth) {
      List<SyntaxNode> out = new ArrayList<>();
      int i = from;
      while (i < to) {
        int indent = indentation(spans.get(i));
        int j = i + 1;
        if (indent >= 0 && depth < MAX_DEPTH) {
          while (j < to) {
            int next = indentation(spans.get(j));
            if (next >= 0 && next <= indent) {
              break;
            }
            j++;
          }
          // Blank lines at the end of a block belong to what follows.
          while (j - 1 > i && indentation(spans.get(j - 1)) < 0) {
            j--;
          }
        }
        SyntaxNode line = line(spans.get(i), depth);
        if (j == i + 1) {
          out.add(line);
        } else {
          List<SyntaxNode> children = new ArrayList<>();
          children.add(line);
          children.addAll(blocks(spans, i + 1, j, depth + 1));
          out.add(SyntaxNode.of("block", spans.get(i)[0], spans.get(j - 1)[1], children));
        }
        i = j;
      }
      return out;
    }

    /** Leading blanks of a line, or -1 for a line with nothing else. */
    private int indentation(int[] span) {
      for (int i = span[0]; i < span[1]; i++) {
        if (!isBlank(in[i])) {
          return i - span[0];
        }
      }
      return -1;
    }

    private SyntaxNode line(int[] span, int depth) {
      int end = span[1];
      while (end > span[0] && (in[end - 1] == '\n' || in[end - 1] == '\r')) {
        end--;
      }
      return SyntaxNode.of("line", span[0], span[1], items(span[0], end, 0, depth));
    }

    // ---- items, separators, atoms ----

    /** The nodes of {@code [from, to)}, split by the separators of {@code level} and deeper. */
    private List<SyntaxNode> items(int from, int to, int level, int depth) {
      if (depth > MAX_DEPTH) {
        return List.of();
      }
      for (int k = level; k < settings.separators().size(); k++) {
        List<Integer> separators = separatorsAt(from, to, k);
        if (!separators.isEmpty()) {
          return split(from, to, k, separators, depth);
        }
      }
      return atoms(from, to, depth);
    }

    private List<Integer> separatorsAt(int from, int to, int level) {
      List<Integer> out = new ArrayList<>();
      int i = from;
      while (i < to) {
        if (structType[i] != 0) {
          i = Math.max(i + 1, Math.min(structEnd[i], to));
          continue;
        }
        if (settings.separates(level, in[i] & 0xFF)) {
          out.add(i);
        }
        i++;
      }
      return out;
    }

    private List<SyntaxNode> split(
        int from, int to, int level, List<Integer> separators, int depth) {
      List<SyntaxNode> out = new ArrayList<>();
      String kind = "item:" + settings.separators().get(level).charAt(0);
      int start = from;
      for (int k = 0; k <= separators.size(); k++) {
        boolean last = k == separators.size();
        int contentEnd = last ? to : separators.get(k);
        int end = last ? contentEnd : contentEnd + 1;
        int first = skipBlanks(start, contentEnd);
        int lastByte = last ? trimEnd(first, contentEnd) : end;
        if (first < lastByte) {
          List<SyntaxNode> children = items(first, trimEnd(first, contentEnd), level + 1, depth);
          if (children.size() == 1
              && children.get(0).start() == first
              && children.get(0).end() == lastByte) {
            out.add(children.get(0));
          } else {
            out.add(SyntaxNode.listItem(kind, first, lastByte, children, last ? 0 : 1));
          }
        }
        start = end;
      }
      return out;
    }

    private List<SyntaxNode> atoms(int from, int to, int depth) {
      List<SyntaxNode> out = new ArrayList<>();
      int i = skipBlanks(from, to);
      while (i < to) {
        int end;
        if (structType[i] == STRING) {
          end = Math.min(structEnd[i], to);
          out.add(SyntaxNode.of("string", i, end, List.of()));
        } else if (structType[i] != 0) {
          end = Math.min(structEnd[i], to);
          out.add(pair(i, end, depth));
        } else {
          end = i + 1;
          while (end < to && !isBlank(in[end]) && structType[end] == 0) {
            end++;
          }
          out.add(SyntaxNode.of("token", i, end, List.of()));
        }
        i = skipBlanks(end, to);
      }
      return out;
    }

    private SyntaxNode pair(int start, int end, int depth) {
      String kind = settings.pairKind(pairIndex[start]);
      boolean closed = structType[start] == PAIR && end == structEnd[start];
      int contentEnd = closed ? end - 1 : end;
      if (start + 1 >= contentEnd || depth + 1 > MAX_DEPTH) {
        return SyntaxNode.of(kind, start, end, List.of());
      }
      SyntaxNode content =
          SyntaxNode.of(
              "content", start + 1, contentEnd, items(start + 1, contentEnd, 0, depth + 1));
      return SyntaxNode.of(kind, start, end, List.of(content));
    }

    private int skipBlanks(int from, int to) {
      while (from < to && isBlank(in[from])) {
        from++;
      }
      return from;
    }

    private int trimEnd(int from, int to) {
      while (to > from && isBlank(in[to - 1])) {
        to--;
      }
      return to;
    }
  }

  static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == 0x0B;
  }
}

package dev.whittle.engine.tree.lenient;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A tree builder for XML and HTML that never fails: elements matched by a stack of tag names (an
 * end tag that matches nothing open is text; one that matches an outer element closes the ones
 * inside it; elements still open at the end close there), attributes as items of their element.
 *
 * <p>Node kinds: {@code document}, {@code element:NAME} with its {@code attribute}s, then one
 * {@code content} child for what lies between its tags; {@code text}, {@code comment}, {@code
 * cdata}, {@code declaration} ({@code <!DOCTYPE}, {@code <?xml}), {@code end-tag} (a stray one). In
 * HTML, names are compared without case, void elements ({@code br}, {@code img}, ...) take no
 * content, and an {@code li}, {@code p}, {@code option}, ... closes an open one of its name.
 */
final class MarkupTreeBuilder implements TreeBuilder {
  private static final Set<String> VOID =
      Set.of(
          "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
          "source", "track", "wbr");
  private static final Set<String> SELF_SIBLINGS =
      Set.of("li", "p", "option", "td", "th", "tr", "dt", "dd");

  private final String name;
  private final boolean html;

  MarkupTreeBuilder(String name, boolean html) {
    this.name = name;
    this.html = html;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public SyntaxTree build(byte[] input) {
    return LenientTreeBuilder.orFlat(input, content -> new Build(content).tree());
  }

  /** An element still open: its start tag and what it holds so far. */
  private static final class Open {
    final String name;
    final int start;
    final int startTagEnd;
    final List<SyntaxNode> attributes;
    final List<SyntaxNode> content = new ArrayList<>();

    Open(String name, int start, int startTagEnd, List<SyntaxNode> attributes) {
      this.name = name;
      this.start = start;
      this.startTagEnd = startTagEnd;
      this.attributes = attributes;
    }
  }

  private final class Build {
    private final byte[] in;
    private final int n;
    private final List<Open> stack = new ArrayList<>();
    private final List<SyntaxNode> top = new ArrayList<>();

    Build(byte[] input) {
      this.in = input;
      this.n = input.length;
    }

    SyntaxTree tree() {
      int i = 0;
      while (i < n) {
        i = next(i);
      }
      while (!stack.isEmpty()) {
        close(n, n);
      }
      return SyntaxTree.of(in, SyntaxNode.of("document", 0, n, top));
    }

    private List<SyntaxNode> current() {
      return stack.isEmpty() ? top : stack.get(stack.size() - 1).content;
    }

    /** Reads one thing at {@code i}; where the next begins. */
    private int next(int i) {
      if (in[i] != '<') {
        return text(i);
      }
      if (startsWith(i, "<!--")) {
        return leaf("comment", i, find(i + 4, "-->"));
      }
      if (startsWith(i, "<![CDATA[")) {
        return leaf("cdata", i, find(i + 9, "]]>"));
      }
      if (startsWith(i, "<?")) {
        return leaf("declaration", i, find(i + 2, "?>"));
      }
      if (startsWith(i, "<!")) {
        return leaf("declaration", i, find(i + 2, ">"));
      }
      if (i + 1 < n && in[i + 1] == '/' && i + 2 < n && isNameStart(in[i + 2])) {
        return endTag(i);
      }
      if (i + 1 < n && isNameStart(in[i + 1])) {
        return startTag(i);
      }
      return text(i);
    }

    private int text(int i) {
      int end = i + 1;
      while (end < n && !(in[end] == '<' && startsMarkup(end))) {
        end++;
      }
      int first = i;
      while (first < end && LenientTreeBuilder.isBlank(in[first])) {
        first++;
      }
      int last = end;
      while (last > first && LenientTreeBuilder.isBlank(in[last - 1])) {
        last--;
      }
      if (first < last) {
        current().add(SyntaxNode.of("text", first, last, List.of()));
      }
      return end;
    }

    private boolean startsMarkup(int i) {
      return i + 1 < n
          && (in[i + 1] == '!' || in[i + 1] == '?' || in[i + 1] == '/' || isNameStart(in[i + 1]));
    }

    private int leaf(String kind, int start, int end) {
      current().add(SyntaxNode.of(kind, start, end, List.of()));
      return end;
    }

    private int startTag(int start) {
      int nameEnd = start + 1;
      while (nameEnd < n && isNameByte(in[nameEnd])) {
        nameEnd++;
      }
      String tag = tagName(start + 1, nameEnd);
      List<SyntaxNode> attributes = new ArrayList<>();
      int i = nameEnd;
      boolean selfClosing = false;
      while (i < n && in[i] != '>') {
        if (in[i] == '/' && i + 1 < n && in[i + 1] == '>') {
          selfClosing = true;
          i++;
          break;
        }
        if (LenientTreeBuilder.isBlank(in[i]) || in[i] == '/') {
          i++;
          continue;
        }
        if (in[i] == '<') {
          break; // an unterminated tag ends where the next one starts
        }
        int attributeEnd = attribute(i);
        attributes.add(SyntaxNode.of("attribute", i, attributeEnd, List.of()));
        i = attributeEnd;
      }
      int end = i < n && in[i] == '>' ? i + 1 : i;
      if (html
          && SELF_SIBLINGS.contains(tag)
          && !stack.isEmpty()
          && stack.get(stack.size() - 1).name.equals(tag)) {
        close(start, start);
      }
      if (selfClosing
          || (html && VOID.contains(tag))
          || stack.size() >= LenientTreeBuilder.MAX_DEPTH) {
        current().add(SyntaxNode.of("element:" + tag, start, end, attributes));
      } else {
        stack.add(new Open(tag, start, end, attributes));
      }
      return end;
    }

    /** The end of an attribute at {@code i}: a name, and {@code = value} if one follows. */
    private int attribute(int i) {
      int end = i;
      while (end < n
          && !LenientTreeBuilder.isBlank(in[end])
          && in[end] != '>'
          && in[end] != '='
          && in[end] != '<'
          && !(in[end] == '/' && end + 1 < n && in[end + 1] == '>')) {
        if (in[end] == '"' || in[end] == '\'') {
          end = quoted(end);
        } else {
          end++;
        }
      }
      int j = end;
      while (j < n && LenientTreeBuilder.isBlank(in[j])) {
        j++;
      }
      if (j == end && end == i) {
        return i + 1; // a lone '=' or the like: one byte, so that the scan goes on
      }
      if (j < n && in[j] == '=') {
        j++;
        while (j < n && LenientTreeBuilder.isBlank(in[j])) {
          j++;
        }
        if (j < n && (in[j] == '"' || in[j] == '\'')) {
          return quoted(j);
        }
        int value = j;
        while (value < n
            && !LenientTreeBuilder.isBlank(in[value])
            && in[value] != '>'
            && in[value] != '<') {
          value++;
        }
        return value;
      }
      return end;
    }

    private int quoted(int i) {
      byte quote = in[i];
      int j = i + 1;
      while (j < n && in[j] != quote) {
        j++;
      }
      return Math.min(n, j + 1);
    }

    private int endTag(int start) {
      int nameEnd = start + 2;
      while (nameEnd < n && isNameByte(in[nameEnd])) {
        nameEnd++;
      }
      String tag = tagName(start + 2, nameEnd);
      int end = find(nameEnd, ">");
      for (int k = stack.size() - 1; k >= 0; k--) {
        if (stack.get(k).name.equals(tag)) {
          while (stack.size() - 1 > k) {
            close(start, start);
          }
          close(start, end);
          return end;
        }
      }
      return leaf("end-tag", start, end);
    }

    /** Closes the innermost open element: its content ends at {@code at}, itself at {@code end}. */
    private void close(int at, int end) {
      Open open = stack.remove(stack.size() - 1);
      List<SyntaxNode> children = new ArrayList<>(open.attributes);
      if (open.startTagEnd < at) {
        children.add(SyntaxNode.of("content", open.startTagEnd, at, open.content));
      }
      current().add(SyntaxNode.of("element:" + open.name, open.start, end, children));
    }

    private String tagName(int from, int to) {
      String tag = new String(in, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
      return html ? tag.toLowerCase(Locale.ROOT) : tag;
    }

    private boolean startsWith(int i, String prefix) {
      if (i + prefix.length() > n) {
        return false;
      }
      for (int k = 0; k < prefix.length(); k++) {
        if (in[i + k] != prefix.charAt(k)) {
          return false;
        }
      }
      return true;
    }

    /** Just past the first {@code end} from {@code from}, or the input's end. */
    private int find(int from, String end) {
      for (int i = from; i + end.length() <= n; i++) {
        if (startsWith(i, end)) {
          return i + end.length();
        }
      }
      return n;
    }
  }

  private static boolean isNameStart(byte b) {
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_' || b == ':' || b < 0;
  }

  private static boolean isNameByte(byte b) {
    return isNameStart(b) || (b >= '0' && b <= '9') || b == '-' || b == '.';
  }
}

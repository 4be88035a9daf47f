package dev.whittle.engine.tree.lenient;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The lenient tree builders, one per format, and the choice of one by the content. Every builder
 * keeps the {@link TreeBuilder} contract (never fails, unparses exactly, deterministic), so a wrong
 * guess costs only structure, never the input.
 */
@API(status = INTERNAL, since = "0.1")
public final class LenientFormats {
  /** The names {@link #named} knows, {@code auto} aside, in the order of the help text. */
  public static final List<String> NAMES =
      List.of("json", "xml", "html", "yaml", "csv", "brackets", "lines", "bytes");

  private LenientFormats() {}

  /**
   * JSON: objects and arrays, strings with backslash escapes, items by {@code ,} then {@code :}.
   */
  public static TreeBuilder json() {
    return new LenientTreeBuilder(
        new LenientSettings("json", "\"", '\\', false, "{}[]", List.of(",", ":"), false));
  }

  /** XML: elements by a stack of tag names, attributes as items. */
  public static TreeBuilder xml() {
    return new MarkupTreeBuilder("xml", false);
  }

  /** HTML: as XML, with names without case, void elements and implied end tags. */
  public static TreeBuilder html() {
    return new MarkupTreeBuilder("html", true);
  }

  /**
   * YAML: lines nested by indentation; within a line, flow brackets, quotes, items by {@code ,}
   * then {@code :}.
   */
  public static TreeBuilder yaml() {
    return new LenientTreeBuilder(
        new LenientSettings("yaml", "\"'", '\\', false, "{}[]", List.of(",", ":"), true));
  }

  /**
   * CSV: records (lines, quoted fields may span lines), fields by the delimiter that splits the
   * first lines most evenly ({@code ,}, {@code ;}, tab, {@code |}); a doubled quote is a quote.
   */
  public static TreeBuilder csv(byte delimiter) {
    return new LenientTreeBuilder(
        new LenientSettings(
            "csv", "\"", -1, true, "", List.of(String.valueOf((char) delimiter)), true));
  }

  /** CSV with the delimiter guessed from each input. */
  public static TreeBuilder csv() {
    return new TreeBuilder() {
      @Override
      public String name() {
        return "csv";
      }

      @Override
      public SyntaxTree build(byte[] input) {
        return csv(FormatDetection.csvDelimiter(input).orElse((byte) ',')).build(input);
      }
    };
  }

  /**
   * Brackets: any text with {@code ()}, {@code []}, {@code {}} pairs and quotes (source code,
   * expressions, regular expressions); items by {@code ;}, then {@code ,} or {@code |}.
   */
  public static TreeBuilder brackets() {
    return new LenientTreeBuilder(
        new LenientSettings("brackets", "\"'", '\\', false, "(){}[]", List.of(";", ",|"), false));
  }

  /** Lines nested by indentation (Python-like), brackets and quotes within a line. */
  public static TreeBuilder lines() {
    return new LenientTreeBuilder(
        new LenientSettings("lines", "\"'", '\\', false, "(){}[]", List.of(";", ",|"), true));
  }

  /** Plain bytes: one node, the last fallback. */
  public static TreeBuilder bytes() {
    return new TreeBuilder() {
      @Override
      public String name() {
        return "bytes";
      }

      @Override
      public SyntaxTree build(byte[] input) {
        return SyntaxTree.flat(input);
      }
    };
  }

  /** The builder of a format in {@link #NAMES}, or empty. */
  public static Optional<TreeBuilder> named(String name) {
    return Optional.ofNullable(
        switch (name.toLowerCase(Locale.ROOT)) {
          case "json" -> json();
          case "xml" -> xml();
          case "html" -> html();
          case "yaml" -> yaml();
          case "csv" -> csv();
          case "brackets" -> brackets();
          case "lines" -> lines();
          case "bytes" -> bytes();
          default -> null;
        });
  }

  /** The builder whose format {@code input} looks like; {@link #bytes()} for binary input. */
  public static TreeBuilder detect(byte[] input) {
    return named(FormatDetection.detect(input)).orElseThrow();
  }

  /** A builder that picks the format of each input it builds by {@link #detect}. */
  public static TreeBuilder auto() {
    return new TreeBuilder() {
      @Override
      public String name() {
        return "auto";
      }

      @Override
      public SyntaxTree build(byte[] input) {
        return detect(input).build(input);
      }
    };
  }

  /** Whether {@code input} looks like text: the tree passes skip anything else. */
  public static boolean looksLikeText(byte[] input) {
    return FormatDetection.looksLikeText(input);
  }
}

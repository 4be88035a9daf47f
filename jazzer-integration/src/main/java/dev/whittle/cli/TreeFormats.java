package dev.whittle.cli;

import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.grammar.GrammarTreeBuilder;
import dev.whittle.engine.tree.lenient.LenientFormats;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code --format}: the one place where a format name becomes a tree builder. {@code auto} picks a
 * lenient builder by the input's content; {@code bytes}, and {@code auto} on binary input, mean no
 * tree passes.
 */
final class TreeFormats {
  static final String AUTO = "auto";
  static final String GRAMMAR_PREFIX = "grammar:";

  /** What the help text lists (a constant for the annotation; a test holds it to the core's). */
  static final String NAMES =
      "auto, json, xml, html, yaml, csv, brackets, lines, bytes, grammar:FILE.g4";

  private TreeFormats() {}

  /** The names of {@link #NAMES}, one by one, for completion and the tests. */
  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of(NAMES.split(", ")).iterator();
    }
  }

  /**
   * The builder {@code format} names for {@code original}, or empty where no tree applies.
   *
   * @throws IllegalArgumentException for an unknown format, or one this build cannot provide
   */
  static Optional<TreeBuilder> resolve(String format, byte[] original) {
    String name = format.trim();
    if (name.regionMatches(true, 0, GRAMMAR_PREFIX, 0, GRAMMAR_PREFIX.length())) {
      return Optional.of(grammar(Path.of(name.substring(GRAMMAR_PREFIX.length()))));
    }
    name = name.toLowerCase(Locale.ROOT);
    if (name.equals(AUTO)) {
      TreeBuilder detected = LenientFormats.detect(original);
      return detected.name().equals("bytes") ? Optional.empty() : Optional.of(detected);
    }
    if (name.equals("bytes")) {
      return Optional.empty();
    }
    return Optional.of(
        LenientFormats.named(name)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unknown --format '" + format + "'; known: " + NAMES)));
  }

  /**
   * A user's ANTLR 4 grammar, loaded at run time; its first parser rule is the start rule.
   *
   * @throws IllegalArgumentException naming the file, for a grammar ANTLR refuses or cannot read
   */
  private static TreeBuilder grammar(Path grammar) {
    return GrammarTreeBuilder.load(grammar, Optional.empty());
  }
}

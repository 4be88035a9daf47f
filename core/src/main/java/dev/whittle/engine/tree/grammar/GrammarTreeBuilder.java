package dev.whittle.engine.tree.grammar;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CodePointBuffer;
import org.antlr.v4.runtime.CodePointCharStream;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.LexerInterpreter;
import org.antlr.v4.runtime.ParserInterpreter;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.LexerATNSimulator;
import org.antlr.v4.runtime.atn.ParserATNSimulator;
import org.antlr.v4.runtime.tree.ErrorNode;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.apiguardian.api.API;

/**
 * Trees from a user's ANTLR 4 grammar, loaded at run time and run through ANTLR's interpreters (no
 * generated code). A rule's node has the rule's name as its kind and its minimal expansion as its
 * {@linkplain SyntaxNode#replacement() replacement}; a token's node has the token's name (or its
 * literal, {@code '+'}) as its kind and the shortest text its lexer rule matches as its
 * replacement. Hidden and skipped tokens are no nodes but stay in the bytes: unparsing copies the
 * source between children.
 *
 * <p>Malformed input parses with ANTLR's error recovery; where the errors exceed {@value
 * #MAX_ERROR_PERCENT} % of the tokens (or the parse fails outright, or nests too deep for the
 * stack) the tree is {@link SyntaxTree#flat flat}. It never throws on input.
 */
@API(status = INTERNAL, since = "0.1")
public final class GrammarTreeBuilder implements TreeBuilder {
  /** Above this share of errors per token, in percent, the parse is not trusted. */
  public static final int MAX_ERROR_PERCENT = 10;

  /**
   * The kind of a node that wraps one pass through an optional or repeated part of a rule ({@code
   * (',' member)*}, {@code ELSE statement?}): its deletion leaves nothing, as Picireny's quantifier
   * nodes do.
   */
  public static final String OPTIONAL = "<optional>";

  private final LoadedGrammar grammar;

  private GrammarTreeBuilder(LoadedGrammar grammar) {
    this.grammar = grammar;
  }

  /**
   * Loads a combined grammar, or a parser grammar whose lexer grammar lies beside it as {@code
   * <tokenVocab>.g4}.
   *
   * @param startRule the rule a parse starts with; the grammar's first parser rule if empty
   * @throws InvalidGrammarException naming the file and giving ANTLR's messages, if the file cannot
   *     be read or is no valid grammar, or the start rule does not exist
   */
  public static GrammarTreeBuilder load(Path g4, Optional<String> startRule) {
    checkNotNull(g4, "g4");
    checkNotNull(startRule, "startRule");
    return new GrammarTreeBuilder(LoadedGrammar.load(g4, Optional.empty(), startRule));
  }

  /** Loads a split grammar: a parser grammar and its lexer grammar. */
  public static GrammarTreeBuilder load(Path parserG4, Path lexerG4, Optional<String> startRule) {
    checkNotNull(parserG4, "parserG4");
    checkNotNull(lexerG4, "lexerG4");
    checkNotNull(startRule, "startRule");
    return new GrammarTreeBuilder(LoadedGrammar.load(parserG4, Optional.of(lexerG4), startRule));
  }

  /** The grammar's name, for example {@code "Expr"}. */
  @Override
  public String name() {
    return grammar.parser.name;
  }

  public String startRule() {
    return grammar.ruleNames.get(grammar.startRule);
  }

  public List<String> ruleNames() {
    return grammar.ruleNames;
  }

  /** The minimal expansion of parser rule {@code rule}: what its nodes' deletion leaves. */
  public String minimalText(String rule) {
    int index = grammar.ruleNames.indexOf(rule);
    checkArgument(index >= 0, "no parser rule named '%s' in %s", rule, grammar.file);
    String text = grammar.minimal.rule(index);
    return text == null ? "" : text;
  }

  LoadedGrammar grammar() {
    return grammar;
  }

  @Override
  public SyntaxTree build(byte[] input) {
    checkNotNull(input, "input");
    try {
      SyntaxTree tree = parse(input);
      return tree != null ? tree : SyntaxTree.flat(input);
    } catch (StackOverflowError | RuntimeException e) {
      // Too deep for the stack, or an interpreter corner case on hostile input: the contract is a
      // tree, never an exception, and flat is the tree that assumes nothing.
      return SyntaxTree.flat(input);
    }
  }

  private SyntaxTree parse(byte[] input) {
    CodePoints text = CodePoints.decode(input);
    CodePointCharStream chars =
        CodePointCharStream.fromBuffer(
            CodePointBuffer.withInts(IntBuffer.wrap(text.codePoints())), grammar.file.toString());
    LexerInterpreter lexer =
        new LexerInterpreter(
            grammar.file.toString(),
            grammar.lexer.getVocabulary(),
            Arrays.asList(grammar.lexer.getRuleNames()),
            MinimalText.channelNames(grammar),
            grammar.lexer.modes.keySet(),
            grammar.lexerAtn,
            chars);
    lexer.setInterpreter(
        new LexerATNSimulator(lexer, grammar.lexerAtn, grammar.lexerDfa, grammar.lexerContexts));
    ErrorCount errors = new ErrorCount();
    lexer.removeErrorListeners();
    lexer.addErrorListener(errors);
    CommonTokenStream tokens = new CommonTokenStream(lexer);
    ParserInterpreter parser =
        new ParserInterpreter(
            grammar.file.toString(),
            grammar.vocabulary,
            grammar.ruleNames,
            grammar.parserAtn,
            tokens);
    parser.setInterpreter(
        new ParserATNSimulator(
            parser, grammar.parserAtn, grammar.parserDfa, grammar.parserContexts));
    parser.removeErrorListeners();
    parser.addErrorListener(errors);
    ParserRuleContext root = parser.parse(grammar.startRule);
    tokens.fill();
    long onChannel =
        tokens.getTokens().stream()
            .filter(t -> t.getType() != Token.EOF && t.getChannel() == Token.DEFAULT_CHANNEL)
            .count();
    SyntaxNode top = convert(root, text, errors);
    // ANTLR reports one error per recovery, however many tokens the recovery throws away: count
    // what the tree lacks instead, every token that is not a proper leaf of it.
    long bad = errors.count + errors.madeUp + (onChannel - errors.goodTokens);
    if (top == null || bad * 100L > MAX_ERROR_PERCENT * Math.max(onChannel, 1)) {
      return null;
    }
    SyntaxNode whole =
        SyntaxNode.withReplacement(top.kind(), 0, input.length, top.children(), top.replacement());
    return SyntaxTree.of(input, whole);
  }

  /** The node of {@code tree}, or null for what has no bytes (EOF, a token recovery made up). */
  private SyntaxNode convert(ParseTree tree, CodePoints text, ErrorCount errors) {
    if (tree instanceof TerminalNode terminal) {
      Token token = terminal.getSymbol();
      if (token.getType() == Token.EOF) {
        return null;
      }
      if (token.getStartIndex() < 0 || token.getStopIndex() < 0) {
        errors.madeUp++;
        return null;
      }
      if (!(terminal instanceof ErrorNode)) {
        errors.goodTokens++;
      }
      int start = text.byteOffset(token.getStartIndex());
      int end = text.byteOffset(token.getStopIndex() + 1);
      if (end < start) {
        return null;
      }
      String minimal = grammar.minimal.token(token.getType());
      return SyntaxNode.withReplacement(
          grammar.tokenKind(token.getType()),
          start,
          end,
          List.of(),
          (minimal == null ? "" : minimal).getBytes(StandardCharsets.UTF_8));
    }
    if (!(tree instanceof ParserRuleContext context)) {
      return null;
    }
    List<SyntaxNode> children = new ArrayList<>();
    List<Integer> symbols = new ArrayList<>();
    boolean complete = true;
    int at = -1;
    for (int i = 0; i < context.getChildCount(); i++) {
      ParseTree node = context.getChild(i);
      SyntaxNode child = convert(node, text, errors);
      // Error recovery can leave a child out of order; its bytes then stay the parent's own.
      if (child != null && child.start() >= Math.max(at, 0)) {
        children.add(child);
        at = child.end();
        symbols.add(symbolOf(node));
      }
      boolean eof = node instanceof TerminalNode t && t.getSymbol().getType() == Token.EOF;
      if (node instanceof ErrorNode || (child == null && !eof)) {
        complete = false;
      }
    }
    if (complete && !children.isEmpty() && context.getRuleIndex() >= 0) {
      List<int[]> parts =
          OptionalParts.find(
              grammar.parserAtn,
              context.getRuleIndex(),
              symbols.stream().mapToInt(Integer::intValue).toArray());
      if (!parts.isEmpty()) {
        children = group(children, 0, children.size(), parts, new int[] {0});
      }
    }
    int start;
    int end;
    if (children.isEmpty()) {
      Token first = context.getStart();
      start = text.byteOffset(first == null ? 0 : Math.max(first.getStartIndex(), 0));
      end = start;
    } else {
      start = children.get(0).start();
      end = children.get(children.size() - 1).end();
    }
    int index = context.getRuleIndex();
    String minimal = index >= 0 ? grammar.minimal.rule(index) : null;
    return SyntaxNode.withReplacement(
        index >= 0 ? grammar.ruleNames.get(index) : "<rule>",
        start,
        end,
        children,
        (minimal == null ? "" : minimal).getBytes(StandardCharsets.UTF_8));
  }

  /** A child's symbol for {@link OptionalParts}: its token type, or {@code -1 - ruleIndex}. */
  private static int symbolOf(ParseTree node) {
    if (node instanceof TerminalNode terminal) {
      return Math.max(terminal.getSymbol().getType(), 0);
    }
    return -1 - ((ParserRuleContext) node).getRuleIndex();
  }

  /**
   * {@code children[from, to)} with every part (outer parts first) wrapped in an {@value #OPTIONAL}
   * node whose deletion leaves nothing.
   */
  private static List<SyntaxNode> group(
      List<SyntaxNode> children, int from, int to, List<int[]> parts, int[] next) {
    List<SyntaxNode> out = new ArrayList<>();
    int i = from;
    while (i < to) {
      if (next[0] < parts.size() && parts.get(next[0])[0] == i && parts.get(next[0])[1] <= to) {
        int[] part = parts.get(next[0]++);
        List<SyntaxNode> inner = group(children, part[0], part[1], parts, next);
        out.add(
            SyntaxNode.of(
                OPTIONAL, children.get(part[0]).start(), children.get(part[1] - 1).end(), inner));
        i = part[1];
      } else {
        out.add(children.get(i));
        i++;
      }
    }
    return out;
  }

  /** Counts the syntax errors of the lexer and the parser, and prints nothing. */
  private static final class ErrorCount extends BaseErrorListener {
    long count;
    long madeUp;
    long goodTokens;

    @Override
    public void syntaxError(
        Recognizer<?, ?> recognizer,
        Object offendingSymbol,
        int line,
        int charPositionInLine,
        String msg,
        RecognitionException e) {
      count++;
    }
  }

  @Override
  public String toString() {
    return "grammar " + grammar.file + " (start rule " + startRule() + ")";
  }
}

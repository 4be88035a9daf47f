package dev.whittle.engine.tree.grammar;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.Tool;
import org.antlr.v4.parse.ANTLRParser;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ATNDeserializer;
import org.antlr.v4.runtime.atn.ATNSerializer;
import org.antlr.v4.runtime.atn.PredictionContextCache;
import org.antlr.v4.runtime.dfa.DFA;
import org.antlr.v4.tool.ANTLRMessage;
import org.antlr.v4.tool.ANTLRToolListener;
import org.antlr.v4.tool.Grammar;
import org.antlr.v4.tool.LexerGrammar;
import org.antlr.v4.tool.ast.GrammarRootAST;

/**
 * A user's ANTLR 4 grammar loaded through ANTLR's own tool, ready for its interpreters: the parser
 * and lexer ATNs, the names, and what the reducers need beyond a parse (each rule's and token's
 * minimal text, each rule's flat expansions). Immutable once loaded; shared by every parse.
 */
final class LoadedGrammar {
  final Path file;
  final Grammar parser;
  final LexerGrammar lexer;
  final ATN parserAtn;
  final ATN lexerAtn;
  final Vocabulary vocabulary;
  final ImmutableList<String> ruleNames;
  final int startRule;
  final MinimalText minimal;
  final ImmutableMap<String, ImmutableList<Expansion>> expansions;

  /**
   * The prediction caches every parse shares, as generated recognizers share theirs (ANTLR makes
   * them safe to share between threads): an interpreter with fresh ones re-derives every decision
   * from the ATN on every parse, several times slower.
   */
  final DFA[] parserDfa;

  final PredictionContextCache parserContexts = new PredictionContextCache();
  final DFA[] lexerDfa;
  final PredictionContextCache lexerContexts = new PredictionContextCache();

  private LoadedGrammar(Path file, Grammar parser, LexerGrammar lexer, int startRule) {
    this.file = file;
    this.parser = parser;
    this.lexer = lexer;
    // The interpreters need the ATN as a deserialized one (ANTLR's own interpreters do this too):
    // serializing sets flags the tool's in-memory ATN lacks.
    this.parserAtn =
        new ATNDeserializer().deserialize(ATNSerializer.getSerialized(parser.atn).toArray());
    this.lexerAtn =
        new ATNDeserializer().deserialize(ATNSerializer.getSerialized(lexer.atn).toArray());
    this.parserDfa = decisions(parserAtn);
    this.lexerDfa = decisions(lexerAtn);
    this.vocabulary = parser.getVocabulary();
    this.ruleNames = ImmutableList.copyOf(parser.getRuleNames());
    this.startRule = startRule;
    this.minimal = MinimalText.compute(this);
    this.expansions = Expansion.computeAll(this);
  }

  private static DFA[] decisions(ATN atn) {
    DFA[] dfa = new DFA[atn.getNumberOfDecisions()];
    for (int i = 0; i < dfa.length; i++) {
      dfa[i] = new DFA(atn.getDecisionState(i), i);
    }
    return dfa;
  }

  /**
   * The name a token type has as a tree node's kind: its symbolic name ({@code NUMBER}, {@code
   * LET}) where the grammar gives one, otherwise its literal ({@code '+'}).
   */
  String tokenKind(int type) {
    String symbolic = vocabulary.getSymbolicName(type);
    return symbolic != null && !symbolic.startsWith("T__")
        ? symbolic
        : vocabulary.getDisplayName(type);
  }

  static LoadedGrammar load(Path file, Optional<Path> lexerFile, Optional<String> startRule) {
    String text = read(file);
    Listener listener = new Listener(file);
    Tool tool = new Tool();
    tool.addListener(listener);
    GrammarRootAST ast;
    try {
      ast = tool.parseGrammarFromString(text);
    } catch (RuntimeException e) {
      throw new InvalidGrammarException(file, "ANTLR cannot read it: " + e, e);
    }
    if (ast == null || ast.hasErrors || !listener.errors.isEmpty()) {
      throw new InvalidGrammarException(file, "not a valid ANTLR 4 grammar", listener.errors);
    }
    Grammar parser;
    LexerGrammar lexer;
    try {
      if (ast.grammarType == ANTLRParser.COMBINED) {
        parser = process(tool, ast, file, null);
        listener.failIfErrors("not a valid ANTLR 4 grammar");
        lexer = parser.getImplicitLexer();
        if (lexer == null) {
          throw new InvalidGrammarException(file, "the grammar defines no tokens", List.of());
        }
      } else if (ast.grammarType == ANTLRParser.PARSER) {
        Path lexerPath = lexerFile.orElseGet(() -> lexerBeside(file, ast));
        Listener lexerListener = new Listener(lexerPath);
        Tool lexerTool = new Tool();
        lexerTool.addListener(lexerListener);
        GrammarRootAST lexerAst = lexerTool.parseGrammarFromString(read(lexerPath));
        if (lexerAst == null || lexerAst.hasErrors) {
          throw new InvalidGrammarException(
              lexerPath, "not a valid ANTLR 4 grammar", lexerListener.errors);
        }
        if (lexerAst.grammarType != ANTLRParser.LEXER) {
          throw new InvalidGrammarException(lexerPath, "not a lexer grammar", List.of());
        }
        lexer = (LexerGrammar) process(lexerTool, lexerAst, lexerPath, null);
        lexerListener.failIfErrors("not a valid ANTLR 4 lexer grammar");
        // The tokenVocab option names a .tokens file that ANTLR would have generated from the
        // lexer; the lexer grammar itself gives the same vocabulary, so the option goes.
        ast.setOption("tokenVocab", null);
        parser = process(tool, ast, file, lexer);
        listener.failIfErrors("not a valid ANTLR 4 parser grammar");
      } else {
        throw new InvalidGrammarException(
            file,
            "a lexer grammar alone does not parse: give the parser grammar (combined, or a parser"
                + " grammar whose lexer grammar lies beside it under its tokenVocab name)",
            List.of());
      }
    } catch (RuntimeException e) {
      if (e instanceof InvalidGrammarException invalid) {
        throw invalid;
      }
      throw new InvalidGrammarException(file, "ANTLR cannot process it: " + e, e);
    }
    if (parser.atn == null || lexer.atn == null) {
      throw new InvalidGrammarException(file, "ANTLR built no recognizer for it", listener.errors);
    }
    String[] names = parser.getRuleNames();
    if (names.length == 0) {
      throw new InvalidGrammarException(file, "the grammar has no parser rule", List.of());
    }
    int start = 0;
    if (startRule.isPresent()) {
      start = List.of(names).indexOf(startRule.get());
      if (start < 0) {
        throw new InvalidGrammarException(
            file,
            "no parser rule named '" + startRule.get() + "'; its rules are " + List.of(names),
            List.of());
      }
    }
    return new LoadedGrammar(file, parser, lexer, start);
  }

  /** What {@code antlr4 -no-listener} does short of generating code: a grammar with its ATN. */
  private static Grammar process(Tool tool, GrammarRootAST ast, Path file, LexerGrammar vocab) {
    Grammar g = tool.createGrammar(ast);
    g.fileName = file.toString();
    if (vocab != null) {
      g.importVocab(vocab);
    }
    tool.process(g, false);
    return g;
  }

  private static Path lexerBeside(Path file, GrammarRootAST ast) {
    String vocab = ast.getOptionString("tokenVocab");
    if (vocab == null) {
      throw new InvalidGrammarException(
          file,
          "a parser grammar needs its lexer grammar: set options { tokenVocab = ...; } to the"
              + " lexer grammar's name, beside it as NAME.g4, or give the lexer file",
          List.of());
    }
    Path dir = file.toAbsolutePath().getParent();
    Path lexer = dir.resolve(vocab + ".g4");
    if (!Files.isRegularFile(lexer)) {
      throw new InvalidGrammarException(
          file, "its tokenVocab lexer grammar " + lexer + " does not exist", List.of());
    }
    return lexer;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new InvalidGrammarException(file, "cannot read it: " + e, e);
    }
  }

  /** Collects ANTLR's errors (never its warnings) as "file:line:column: message" lines. */
  private static final class Listener implements ANTLRToolListener {
    private static final Pattern SPACES = Pattern.compile("\\s+");
    final Path file;
    final List<String> errors = new ArrayList<>();

    Listener(Path file) {
      this.file = file;
    }

    void failIfErrors(String problem) {
      if (!errors.isEmpty()) {
        throw new InvalidGrammarException(file, problem, errors);
      }
    }

    @Override
    public void info(String msg) {}

    @Override
    public void error(ANTLRMessage msg) {
      String text;
      try {
        text = msg.getMessageTemplate(false).render();
      } catch (RuntimeException e) {
        text = msg.getErrorType() + " " + List.of(msg.getArgs());
      }
      Matcher m = SPACES.matcher(text.trim());
      errors.add(
          (msg.line >= 0 ? msg.line + ":" + (msg.charPosition + 1) + ": " : "")
              + msg.getErrorType().name().toLowerCase(java.util.Locale.ROOT)
              + ": "
              + m.replaceAll(" "));
    }

    @Override
    public void warning(ANTLRMessage msg) {}
  }
}

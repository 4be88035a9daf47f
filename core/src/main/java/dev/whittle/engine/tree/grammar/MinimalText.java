package dev.whittle.engine.tree.grammar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.LexerInterpreter;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.atn.NotSetTransition;
import org.antlr.v4.runtime.atn.RuleTransition;
import org.antlr.v4.runtime.atn.Transition;
import org.antlr.v4.runtime.atn.WildcardTransition;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.tool.Rule;

/**
 * The shortest text of every token type and every parser rule, computed from the ATNs the way
 * Picireny computes its replacements: a lexer rule's shortest match (the first of a-z, 0-9, A-Z,
 * other printable ASCII that a character class allows), a parser rule's shortest derivation (the
 * shortest alternative, nothing for an optional or starred part, one pass through a plussed one),
 * with literal tokens as their text. A rule or token that derives no finite text gets none (null).
 */
final class MinimalText {
  /** The characters preferred when a class allows several, in order: readable first. */
  private static final int[] PREFERRED = preferred();

  private final String[] tokenText;
  private final String[] ruleText;
  final boolean whitespaceSkipped;

  private MinimalText(String[] tokenText, String[] ruleText, boolean whitespaceSkipped) {
    this.tokenText = tokenText;
    this.ruleText = ruleText;
    this.whitespaceSkipped = whitespaceSkipped;
  }

  /** The shortest text of token {@code type}, or null if no lexer rule derives one. */
  String token(int type) {
    if (type == Token.EOF) {
      return "";
    }
    return type >= 0 && type < tokenText.length ? tokenText[type] : null;
  }

  /** The shortest text of parser rule {@code index}, or null if it derives none. */
  String rule(int index) {
    return ruleText[index];
  }

  /**
   * The two texts one after the other: with a space between them where the grammar skips or hides
   * whitespace and both sides are word characters, which would otherwise run into one token.
   */
  String join(String left, String right) {
    if (whitespaceSkipped
        && !left.isEmpty()
        && !right.isEmpty()
        && isWord(left.codePointBefore(left.length()))
        && isWord(right.codePointAt(0))) {
      return left + " " + right;
    }
    return left + right;
  }

  static boolean isWord(int c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  static MinimalText compute(LoadedGrammar g) {
    // Lexer rules first: fragments call each other, so iterate to a fixed point.
    int lexerRules = g.lexerAtn.ruleToStartState.length;
    String[] lexerText = new String[lexerRules];
    fixedPoint(g.lexerAtn, lexerText, MinimalText::charText, true, (a, b) -> a + b);
    String[] tokenText = new String[g.vocabulary.getMaxTokenType() + 1];
    for (Rule rule : g.lexer.rules.values()) {
      if (rule.isFragment() || lexerText[rule.index] == null) {
        continue;
      }
      int type = g.lexer.getTokenType(rule.name);
      if (type <= 0 || type >= tokenText.length) {
        continue;
      }
      String text = lexerText[rule.index];
      if (tokenText[type] == null || text.length() < tokenText[type].length()) {
        tokenText[type] = text;
      }
    }
    boolean whitespaceSkipped = skipsWhitespace(g);
    MinimalText partial = new MinimalText(tokenText, new String[0], whitespaceSkipped);
    String[] ruleText = new String[g.parserAtn.ruleToStartState.length];
    fixedPoint(
        g.parserAtn,
        ruleText,
        set -> {
          String best = null;
          for (int type : set.toArray()) {
            String text = partial.token(type);
            if (text != null && (best == null || text.length() < best.length())) {
              best = text;
            }
          }
          return best;
        },
        false,
        partial::join);
    return new MinimalText(tokenText, ruleText, whitespaceSkipped);
  }

  /** Whether a single space lexes to nothing on the default channel, without an error. */
  private static boolean skipsWhitespace(LoadedGrammar g) {
    LexerInterpreter lexer =
        new LexerInterpreter(
            g.file.toString(),
            g.lexer.getVocabulary(),
            Arrays.asList(g.lexer.getRuleNames()),
            channelNames(g),
            g.lexer.modes.keySet(),
            g.lexerAtn,
            CharStreams.fromString(" "));
    lexer.removeErrorListeners();
    int[] errors = {0};
    lexer.addErrorListener(
        new org.antlr.v4.runtime.BaseErrorListener() {
          @Override
          public void syntaxError(
              org.antlr.v4.runtime.Recognizer<?, ?> r,
              Object o,
              int line,
              int col,
              String msg,
              org.antlr.v4.runtime.RecognitionException e) {
            errors[0]++;
          }
        });
    try {
      for (Token t = lexer.nextToken(); t.getType() != Token.EOF; t = lexer.nextToken()) {
        if (t.getChannel() == Token.DEFAULT_CHANNEL) {
          return false;
        }
      }
    } catch (RuntimeException e) {
      return false;
    }
    return errors[0] == 0;
  }

  static List<String> channelNames(LoadedGrammar g) {
    List<String> channels = new ArrayList<>();
    channels.add("DEFAULT_TOKEN_CHANNEL");
    channels.add("HIDDEN");
    channels.addAll(g.lexer.channelValueToNameList);
    return channels;
  }

  private static String charText(IntervalSet set) {
    for (int c : PREFERRED) {
      if (set.contains(c)) {
        return new String(Character.toChars(c));
      }
    }
    int min = set.getMinElement();
    return min >= 0 && min <= Character.MAX_CODE_POINT ? new String(Character.toChars(min)) : null;
  }

  private static int[] preferred() {
    List<Integer> order = new ArrayList<>();
    for (int c = 'a'; c <= 'z'; c++) {
      order.add(c);
    }
    for (int c = '0'; c <= '9'; c++) {
      order.add(c);
    }
    for (int c = 'A'; c <= 'Z'; c++) {
      order.add(c);
    }
    for (int c = 0x21; c <= 0x7E; c++) {
      if (!order.contains(c)) {
        order.add(c);
      }
    }
    order.add((int) ' ');
    return order.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Shortest texts for every rule of {@code atn}, by repeated shortest-path searches until no rule
   * gets shorter (Bellman-Ford over rules, Dijkstra within one): lengths only fall, so it ends.
   */
  private static void fixedPoint(
      ATN atn,
      String[] text,
      Function<IntervalSet, String> label,
      boolean lexer,
      BinaryOperator<String> join) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int rule = 0; rule < text.length; rule++) {
        String found = shortest(atn, rule, text, label, lexer, join);
        if (found != null && (text[rule] == null || found.length() < text[rule].length())) {
          text[rule] = found;
          changed = true;
        }
      }
    }
  }

  private record Step(int cost, long order, ATNState state) {}

  private static String shortest(
      ATN atn,
      int rule,
      String[] ruleText,
      Function<IntervalSet, String> label,
      boolean lexer,
      BinaryOperator<String> join) {
    int n = atn.states.size();
    int[] dist = new int[n];
    Arrays.fill(dist, Integer.MAX_VALUE);
    int[] prev = new int[n];
    String[] piece = new String[n];
    PriorityQueue<Step> queue =
        new PriorityQueue<>(
            (a, b) ->
                a.cost != b.cost
                    ? Integer.compare(a.cost, b.cost)
                    : Long.compare(a.order, b.order));
    ATNState start = atn.ruleToStartState[rule];
    ATNState stop = atn.ruleToStopState[rule];
    dist[start.stateNumber] = 0;
    prev[start.stateNumber] = -1;
    long order = 0;
    queue.add(new Step(0, order++, start));
    while (!queue.isEmpty()) {
      Step step = queue.poll();
      ATNState s = step.state;
      if (step.cost > dist[s.stateNumber]) {
        continue;
      }
      if (s == stop) {
        break;
      }
      for (int i = 0; i < s.getNumberOfTransitions(); i++) {
        Transition t = s.transition(i);
        ATNState next;
        String text;
        if (t instanceof RuleTransition call) {
          text = ruleText[call.target.ruleIndex];
          next = call.followState;
        } else if (t.isEpsilon()) {
          text = "";
          next = t.target;
        } else {
          next = t.target;
          IntervalSet set = labelOf(t, lexer);
          text = set == null || set.isNil() ? null : label.apply(set);
        }
        if (text == null) {
          continue;
        }
        int cost = step.cost + text.length();
        if (cost < dist[next.stateNumber]) {
          dist[next.stateNumber] = cost;
          prev[next.stateNumber] = s.stateNumber;
          piece[next.stateNumber] = text;
          queue.add(new Step(cost, order++, next));
        }
      }
    }
    if (dist[stop.stateNumber] == Integer.MAX_VALUE) {
      return null;
    }
    List<String> pieces = new ArrayList<>();
    for (int s = stop.stateNumber; s != start.stateNumber; s = prev[s]) {
      pieces.add(piece[s]);
    }
    String out = "";
    for (int i = pieces.size() - 1; i >= 0; i--) {
      out = join.apply(out, pieces.get(i));
    }
    return out;
  }

  private static IntervalSet labelOf(Transition t, boolean lexer) {
    int max = lexer ? Lexer.MAX_CHAR_VALUE : Integer.MAX_VALUE;
    if (t instanceof WildcardTransition) {
      return lexer ? IntervalSet.of('a') : null;
    }
    IntervalSet set = t.label();
    if (set == null) {
      return null;
    }
    if (t instanceof NotSetTransition) {
      return lexer ? set.complement(IntervalSet.of(0, max)) : null;
    }
    return set;
  }
}

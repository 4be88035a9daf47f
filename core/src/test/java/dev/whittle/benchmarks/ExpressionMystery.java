package dev.whittle.benchmarks;

import dev.whittle.api.Outcome;
import java.nio.charset.StandardCharsets;

/**
 * The fuzzingbook's {@code EvalMysteryRunner} (chapter "Reducing Failure-Inducing Inputs"): an
 * input that is not an expression of the chapter's EXPR_GRAMMAR is UNRESOLVED; a valid one FAILs
 * (is interesting) when a {@code (} comes before a {@code )}, as the chapter's MysteryRunner does
 * ({@code chr(0o17 + 0o31)} before {@code chr(0o27 + 0o22)}), and PASSes otherwise.
 *
 * <p>The recognizer is a hand-written recursive descent over EXPR_GRAMMAR, independent of the ANTLR
 * grammar the reducer uses, so that the reducer's grammar is checked, not trusted. The grammar's
 * binary operators carry their spaces: {@code "1 + 2"} is an expression, {@code "1+2"} is not.
 */
public final class ExpressionMystery {
  private final String text;
  private int at;

  private ExpressionMystery(String text) {
    this.text = text;
  }

  /** The chapter's outcome for {@code input}. */
  public static Outcome run(byte[] input) {
    return run(new String(input, StandardCharsets.UTF_8));
  }

  public static Outcome run(String input) {
    if (!isExpression(input)) {
      return Outcome.UNRESOLVED;
    }
    int x = input.indexOf('(');
    int y = input.indexOf(')');
    return x >= 0 && y >= 0 && x < y ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
  }

  /** Whether {@code input} derives from EXPR_GRAMMAR's start symbol. */
  public static boolean isExpression(String input) {
    ExpressionMystery parser = new ExpressionMystery(input);
    try {
      return parser.expr() && parser.at == input.length();
    } catch (StackOverflowError e) {
      return false;
    }
  }

  // <expr> ::= <term> + <expr> | <term> - <expr> | <term>
  private boolean expr() {
    if (!term()) {
      return false;
    }
    if (eat(" + ") || eat(" - ")) {
      return expr();
    }
    return true;
  }

  // <term> ::= <factor> * <term> | <factor> / <term> | <factor>
  private boolean term() {
    if (!factor()) {
      return false;
    }
    if (eat(" * ") || eat(" / ")) {
      return term();
    }
    return true;
  }

  // <factor> ::= +<factor> | -<factor> | (<expr>) | <integer>.<integer> | <integer>
  private boolean factor() {
    if (eat("+") || eat("-")) {
      return factor();
    }
    if (eat("(")) {
      return expr() && eat(")");
    }
    if (!integer()) {
      return false;
    }
    if (eat(".")) {
      return integer();
    }
    return true;
  }

  // <integer> ::= <digit><integer> | <digit>
  private boolean integer() {
    int start = at;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
      at++;
    }
    return at > start;
  }

  private boolean eat(String token) {
    if (text.startsWith(token, at)) {
      at += token.length();
      return true;
    }
    return false;
  }
}

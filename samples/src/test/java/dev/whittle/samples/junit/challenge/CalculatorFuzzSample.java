package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;

/**
 * The shrinking challenge's "calculator": expressions of integer literals, additions and divisions.
 * The wrong property: an expression with no division by a literal zero (those are outside the
 * precondition) evaluates without a division by zero; a divisor that only evaluates to zero breaks
 * it. Smallest counterexample: {@code 0 / (0 + 0)}, which from {@code 0 / (0 / 1)} needs the
 * operation's flag and a literal changed together.
 *
 * <p>An expression is a record ({@code jazzer-junit} takes no sealed interfaces): a literal when
 * its operation is null, else the operation, whose literal is unused. An operation missing an
 * operand is not an expression, and outside the precondition too.
 */
class CalculatorFuzzSample {
  record Expr(int literal, Operation operation) {}

  record Operation(boolean division, Expr left, Expr right) {}

  @FuzzTest(maxDuration = "60s")
  void evaluatesWithoutDivisionByZero(@NotNull Expr expression) {
    if (!wellFormed(expression) || dividesByLiteralZero(expression)) {
      return; // Outside the property's precondition.
    }
    try {
      evaluate(expression);
    } catch (ArithmeticException e) {
      throw new IllegalStateException("a divisor evaluated to zero", e);
    }
  }

  private static boolean wellFormed(Expr e) {
    if (e == null) {
      return false;
    }
    Operation op = e.operation();
    return op == null || (wellFormed(op.left()) && wellFormed(op.right()));
  }

  private static boolean dividesByLiteralZero(Expr e) {
    Operation op = e.operation();
    if (op == null) {
      return false;
    }
    Expr divisor = op.right();
    if (op.division() && divisor.operation() == null && divisor.literal() == 0) {
      return true;
    }
    return dividesByLiteralZero(op.left()) || dividesByLiteralZero(divisor);
  }

  private static int evaluate(Expr e) {
    Operation op = e.operation();
    if (op == null) {
      return e.literal();
    }
    int left = evaluate(op.left());
    int right = evaluate(op.right());
    return op.division() ? left / right : left + right;
  }
}

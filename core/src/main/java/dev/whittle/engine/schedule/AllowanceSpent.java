package dev.whittle.engine.schedule;

/**
 * Thrown by an {@link AllowanceTester} at the first question past a pass's allowance: it unwinds
 * the pass, whose best candidate so far the loop has already kept. Without a stack trace: it is
 * control flow, thrown once per cut-off pass.
 */
final class AllowanceSpent extends RuntimeException {
  private static final long serialVersionUID = 1L;

  AllowanceSpent() {
    super("the pass's question allowance is spent", null, false, false);
  }
}

package dev.whittle.engine.schedule;

import dev.whittle.api.ContentTester;
import dev.whittle.engine.loop.OracleLoop;
import dev.whittle.engine.sequence.StopCheck;
import java.util.List;

/**
 * The tester a scheduled pass sees: the loop's, with an allowance of runs that find nothing. Every
 * interesting answer renews the allowance (a pass that pays keeps its turn); once {@code allowance}
 * runs in a row were not interesting, the next question throws {@link AllowanceSpent} before it
 * reaches the oracle. Answers from the loop's cache cost nothing and count nothing. A batch is
 * asked whole, so a batch MAY overshoot the allowance by its size less one.
 */
final class AllowanceTester<C> implements ContentTester<C>, StopCheck {
  private final OracleLoop<C> loop;
  private final long allowance;
  private long failedCalls;
  private long calls;

  AllowanceTester(OracleLoop<C> loop, long allowance) {

    if (allowance < 1) {
      throw new IllegalArgumentException("allowance must be positive: " + allowance);
    }
    this.loop = loop;
    this.allowance = allowance;
  }

  @Override
  public boolean isInteresting(C candidate) {
    checkAllowance();
    long before = loop.runs();
    boolean interesting = loop.isInterestingContent(candidate);
    account(loop.runs() - before, interesting);
    return interesting;
  }

  @Override
  public int parallelism() {
    return loop.parallelism();
  }

  @Override
  public boolean[] areInteresting(List<C> candidates) {
    checkAllowance();
    long before = loop.runs();
    boolean[] answers = loop.areInterestingContents(candidates);
    boolean any = false;
    for (boolean answer : answers) {
      any |= answer;
    }
    account(loop.runs() - before, any);
    return answers;
  }

  @Override
  public void checkStop() {
    loop.checkStop();
  }

  /** Runs since the pass's last interesting answer (or its start): what bought nothing. */
  long failedCalls() {
    return failedCalls;
  }

  /** Runs this pass caused, cache hits not counted. */
  long calls() {
    return calls;
  }

  private void checkAllowance() {
    if (failedCalls >= allowance) {
      throw new AllowanceSpent();
    }
  }

  private void account(long asked, boolean interesting) {
    calls += asked;
    failedCalls = interesting ? 0 : failedCalls + asked;
  }
}

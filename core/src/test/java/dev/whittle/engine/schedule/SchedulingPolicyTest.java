package dev.whittle.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.engine.loop.OracleLoop;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulingPolicyTest {
  @Test
  void beforeTheAlgorithmsFirstTurnTheAllowanceFollowsTheContentsSize() {
    SchedulingPolicy policy = new SchedulingPolicy(1000, 0);
    assertEquals(SchedulingPolicy.passAllowance(1000, 2), policy.allowance(2).applyAsLong(1000));
    assertEquals(SchedulingPolicy.passAllowance(400, 2), policy.allowance(2).applyAsLong(400));
  }

  @Test
  void afterATurnTheAllowanceFollowsWhatTheLastTurnThatAskedSpent() {
    SchedulingPolicy policy = new SchedulingPolicy(10, 0);
    policy.sequenceSpent(600);
    assertEquals(SchedulingPolicy.passAllowance(600, 3), policy.allowance(3).applyAsLong(10));
    policy.sequenceSpent(0);
    assertEquals(
        SchedulingPolicy.passAllowance(600, 3),
        policy.allowance(3).applyAsLong(10),
        "a turn that asked nothing keeps the last allowance");
    policy.sequenceSpent(300);
    assertEquals(SchedulingPolicy.passAllowance(300, 3), policy.allowance(3).applyAsLong(10));
  }

  @Test
  void anAllowanceIsFixedWhenTheRoundStarts() {
    SchedulingPolicy policy = new SchedulingPolicy(10, 0);
    policy.sequenceSpent(600);
    var allowance = policy.allowance(1);
    policy.sequenceSpent(6000);
    assertEquals(SchedulingPolicy.passAllowance(600, 1), allowance.applyAsLong(10));
  }

  @Test
  void theWasteLimitCountsAtLeastTheOriginalAndGivesEachPassItsLeastAllowance() {
    SchedulingPolicy policy = new SchedulingPolicy(5000, 0);
    policy.sequenceSpent(100);
    assertEquals(SchedulingPolicy.wasteBudget(5000, 4), policy.totalWaste(4));
    policy.sequenceSpent(9900);
    assertEquals(SchedulingPolicy.wasteBudget(10_000, 4), policy.totalWaste(4));

    SchedulingPolicy generous = new SchedulingPolicy(10, 1000);
    assertEquals(4000, generous.totalWaste(4));
    assertEquals(1000, generous.allowance(4).applyAsLong(10));
  }

  @Test
  void retriesMayWasteAShareOfWhatTheAlgorithmSpentInAll() {
    SchedulingPolicy policy = new SchedulingPolicy(10, 0);
    policy.sequenceSpent(500);
    policy.sequenceSpent(500);
    assertEquals((long) (SchedulingPolicy.RETRY_SHARE * 1000), policy.retryLimit());
    assertTrue(policy.retryLimit() > 0 && policy.retryLimit() < 1000);
  }

  @Test
  void aSchedulerWithoutAPolicyRefusesAPolicyRoundByName() {
    PassScheduler<String> scheduler = new PassScheduler<>(List.of());
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> scheduler.runRound((OracleLoop<String>) null));
    assertTrue(e.getMessage().contains("scheduling policy"), e.getMessage());
  }

  @Test
  void chunkChecksAskAShareOfTheSpendOnlyOnResultsOfSixteenItemsOrMore() {
    SchedulingPolicy policy = new SchedulingPolicy(100, 0);
    assertEquals(0, policy.chunkCheckLeft(SchedulingPolicy.MIN_CHECKED_SIZE - 1));
    // Before the algorithm spent anything: the floor.
    assertEquals(
        SchedulingPolicy.MIN_CHUNK_CHECK, policy.chunkCheckLeft(SchedulingPolicy.MIN_CHECKED_SIZE));
    policy.sequenceSpent(1000);
    long share = (long) (SchedulingPolicy.CHUNK_CHECK_SHARE * 1000);
    assertEquals(share, policy.chunkCheckLeft(40));
    policy.chunkCheckWasted(share - 3);
    assertEquals(3, policy.chunkCheckLeft(40));
    assertEquals(0, policy.chunkCheckFloor());
  }
}

package dev.whittle.engine.command;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LeftoverProcessesTest {
  @Test
  void processesBornDuringARunHaveTheIdsHandedOutSinceItsStart() {
    OptionalLong since = OptionalLong.of(100);
    OptionalLong now = OptionalLong.of(200);

    assertTrue(LeftoverProcesses.bornAfter(101, since, now));
    assertTrue(LeftoverProcesses.bornAfter(200, since, now));
    assertFalse(LeftoverProcesses.bornAfter(100, since, now));
    assertFalse(LeftoverProcesses.bornAfter(201, since, now));
    assertFalse(LeftoverProcesses.bornAfter(7, since, now));
  }

  @Test
  void processIdsWrapAroundAtTheKernelsMaximum() {
    OptionalLong since = OptionalLong.of(4_194_000);
    OptionalLong now = OptionalLong.of(50);

    assertTrue(LeftoverProcesses.bornAfter(4_194_300, since, now));
    assertTrue(LeftoverProcesses.bornAfter(3, since, now));
    assertFalse(LeftoverProcesses.bornAfter(51, since, now));
    assertFalse(LeftoverProcesses.bornAfter(4_000_000, since, now));
  }

  @Test
  void withoutTheLastIdEveryProcessIsRead() {
    assertTrue(LeftoverProcesses.bornAfter(1, OptionalLong.empty(), OptionalLong.of(5)));
    assertTrue(LeftoverProcesses.bornAfter(1, OptionalLong.of(5), OptionalLong.empty()));
  }

  // Lines read from /proc/<pid>/stat on Linux 6.18. The first caught "sleep" in the middle of
  // execve on a loaded machine; the second is the same process a moment later.
  private static final String IN_EXEC =
      "27653 (sleep) R 1 14791 21703 0 -1 4194304 21 0 0 0 0 0 0 0 20 0 1 0 7551751 4096 0"
          + " 18446744073709551615 0 0 0 0 0 0 4 6 0 0 0 0 17 0 0 0 0 0 0 0 0 0 140726756571811"
          + " 0 0 0 0";
  private static final String AFTER_EXEC =
      "27653 (sleep) S 1 14791 21703 0 -1 4194304 97 0 0 0 0 0 0 0 20 0 1 0 7551751 3424256 429"
          + " 18446744073709551615 94063582068736 94063582086665 140726756568832 0 0 0 4 6 0 1 0 0"
          + " 17 0 0 0 0 0 0 94063582100752 94063582102016 94063846854656 140726756571811"
          + " 140726756571821 140726756571821 140726756573161 0";
  private static final String EMPTY_ENVIRONMENT =
      "25863 (sleep) S 25860 25860 21703 0 -1 4194304 198 0 0 0 0 0 0 0 20 0 1 0 7559326"
          + " 2560000 348 18446744073709551615 94257434562560 94257434580489 140728111735280 0 0"
          + " 0 0 6 0 1 0 0 17 0 0 0 0 0 0 94257434594576 94257434595840 94258118381568"
          + " 140728111742936 140728111742953 140728111742953 140728111742953 0";
  private static final String KERNEL_THREAD =
      "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 1 0 0 20 0 1 0 13 0 0 18446744073709551615"
          + " 0 0 0 0 0 0 0 2147483647 0 1 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0";

  @Test
  void aProcessInTheMiddleOfExecHasNoEnvironmentYet() {
    assertTrue(LeftoverProcesses.isInExec(IN_EXEC));
    assertFalse(LeftoverProcesses.isInExec(AFTER_EXEC));
  }

  @Test
  void anEmptyEnvironmentAZombieAndAKernelThreadAreNotWaitedFor() {
    assertFalse(LeftoverProcesses.isInExec(EMPTY_ENVIRONMENT));
    assertFalse(LeftoverProcesses.isInExec(IN_EXEC.replace(" R ", " Z ")));
    assertFalse(LeftoverProcesses.isInExec(KERNEL_THREAD));
  }

  @Test
  void aLineOfAnotherLayoutIsNotWaitedFor() {
    assertFalse(LeftoverProcesses.isInExec(""));
    assertFalse(LeftoverProcesses.isInExec("27653 (sleep"));
    assertFalse(LeftoverProcesses.isInExec("27653 (sleep)"));
    assertFalse(LeftoverProcesses.isInExec("27653 (sleep) R 1 2 3"));
    assertFalse(LeftoverProcesses.isInExec(IN_EXEC.replace(" 4194304 ", " flags ")));
  }

  @Test
  void aCommandNameWithSpacesAndParenthesesIsSkipped() {
    assertTrue(LeftoverProcesses.isInExec(IN_EXEC.replace("(sleep)", "(a ) b (c)")));
  }
}

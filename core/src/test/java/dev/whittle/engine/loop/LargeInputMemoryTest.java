package dev.whittle.engine.loop;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.whittle.api.Budget;
import dev.whittle.api.Outcome;
import dev.whittle.api.SequenceInputs;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the oracle loop allocates per item of a large input, besides the input and its candidates: a
 * fraction of a byte, so that a reduction of tens of megabytes fits a heap of a few times the input
 * (issue 17). Measured as the bytes the test's thread allocates, which HotSpot counts.
 */
class LargeInputMemoryTest {
  private static final int ITEMS = 8 << 20;

  @Test
  void thePrefixHashesOfALargeInputTakeLessThanAByteAnItem() {
    byte[] data = new byte[ITEMS];
    var input = SequenceInputs.bytes(data);

    long allocated = allocatedBy(() -> new ContentKeys(input));

    assertTrue(allocated < ITEMS, () -> allocated + " bytes allocated for " + ITEMS + " items");
  }

  /** The final claim of 1-minimality on a large result stops at its first unasked deletion. */
  @Test
  void checkingALargeResultForOneMinimalityAllocatesLittle() {
    OracleLoop<byte[]> loop =
        new OracleLoop<>(
            SequenceInputs.bytes(new byte[ITEMS]),
            content -> Outcome.INTERESTING,
            Budget.unlimited(),
            List.of(),
            List.of());
    loop.askOriginal();
    boolean[] oneMinimal = new boolean[1];

    long allocated = allocatedBy(() -> oneMinimal[0] = loop.isBestVerifiedOneMinimal());

    assertFalse(oneMinimal[0]);
    assertTrue(allocated < ITEMS / 8, () -> allocated + " bytes allocated for " + ITEMS + " items");
  }

  private static long allocatedBy(Runnable work) {
    var threads = ManagementFactory.getThreadMXBean();
    assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "HotSpot's allocation counter");
    var hotSpot = (com.sun.management.ThreadMXBean) threads;
    assumeTrue(hotSpot.isThreadAllocatedMemorySupported(), "allocation counting supported");
    hotSpot.setThreadAllocatedMemoryEnabled(true);
    long id = Thread.currentThread().getId();
    long before = hotSpot.getThreadAllocatedBytes(id);
    work.run();
    return hotSpot.getThreadAllocatedBytes(id) - before;
  }
}

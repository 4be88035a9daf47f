package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.targets.HugeArrayTarget;
import dev.whittle.jazzer.targets.PlainTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The allocation check as a round trip over real compiled classes, loaded through a runner. */
class AllocationCheckTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @Test
  void anArrayLargerThanTheHeapFailsAtOnceWithTheAllocatingFrameOnTopEveryTime() {
    try (TargetRunner runner = open(true)) {
      Finding first = null;
      // More runs than HotSpot has out-of-memory errors with stack traces (4 per JVM).
      for (int run = 0; run < 6; run++) {
        long before = AllocationCheck.thrown();
        Finding found = runner.run(bytes("BIG"));
        assertEquals(before + 1, AllocationCheck.thrown(), "run " + run + " failed in the check");
        assertEquals(Finding.Kind.THROWN, found.kind());
        assertEquals(OutOfMemoryError.class.getName(), found.exceptionClassName());
        assertFalse(found.frames().isEmpty(), "run " + run + " has its frames");
        assertTrue(
            found.frames().get(0).contains(HugeArrayTarget.class.getName() + ".fuzzerTestOneInput"),
            found.frames().toString());
        if (first == null) {
          first = found;
        }
        assertTrue(first.hasSameIdentityAs(found), "run " + run + ": " + found);
      }
    }
  }

  @Test
  void arraysThatFitAreAllocatedAsBefore() {
    try (TargetRunner runner = open(true)) {
      long before = AllocationCheck.thrown();
      assertNull(runner.run(bytes("small")));
      assertEquals(before, AllocationCheck.thrown());
    }
  }

  @Test
  void whileCostlyAllocationsAreStoppedAnArrayOfAThirdOfTheHeapEndsTheRunUnallocated() {
    try (TargetRunner runner = open(true)) {
      TargetRunner.stopCostlyAllocations(true);
      long before = AllocationCheck.thrown();
      Finding costly = runner.run(bytes("THIRD"));
      assertEquals(CostlyAllocationError.class.getName(), costly.exceptionClassName());
      assertTrue(TargetRunner.endedAtCostlyAllocation(costly));
      assertNull(runner.run(bytes("SIXTEENTH")), "a sixteenth of the heap is allocated");
      Finding oversized = runner.run(bytes("BIG"));
      assertEquals(OutOfMemoryError.class.getName(), oversized.exceptionClassName());
      assertFalse(TargetRunner.endedAtCostlyAllocation(oversized));
      assertEquals(before + 1, AllocationCheck.thrown(), "only the oversized array is an error");
    } finally {
      TargetRunner.stopCostlyAllocations(false);
    }
  }

  @Test
  void withoutTheCheckTheJvmDecides() {
    try (TargetRunner runner = open(false)) {
      long before = AllocationCheck.thrown();
      Finding found = runner.run(bytes("BIG"));
      assertEquals(before, AllocationCheck.thrown());
      assertEquals(OutOfMemoryError.class.getName(), found.exceptionClassName());
    }
  }

  @Test
  void aClassWithoutArrayAllocationsIsReturnedAsItWasRead() throws IOException {
    byte[] plain = classFile(PlainTarget.class);
    assertSame(plain, AllocationRewriter.rewrite(plain));
    byte[] huge = classFile(HugeArrayTarget.class);
    assertFalse(huge == AllocationRewriter.rewrite(huge), "the allocations are rewritten");
  }

  @Test
  void onlyArraysNoHeapCanHoldExceedIt() {
    assertTrue(AllocationCheck.exceedsHeap(Integer.MAX_VALUE - 64, 8));
    assertFalse(AllocationCheck.exceedsHeap(1 << 20, 8));
    assertFalse(AllocationCheck.exceedsHeap(0, 8));
    assertFalse(AllocationCheck.exceedsHeap(-1, 8), "a negative count is the JVM's to refuse");
    assertFalse(
        AllocationCheck.exceedsHeap(Integer.MAX_VALUE, 8),
        "a count past the largest array length is refused by the JVM with its own message");
  }

  private static TargetRunner open(boolean checkAllocations) {
    return TargetRunner.open(
        TargetSpec.of(HugeArrayTarget.class.getName(), TargetPaths.classPathUrls())
            .withAllocationCheck(checkAllocations),
        TIMEOUT,
        false);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  private static byte[] classFile(Class<?> type) throws IOException {
    try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
      return in.readAllBytes();
    }
  }
}

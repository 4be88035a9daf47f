package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.apiguardian.api.API;

/**
 * What the target's array allocations call first while an out-of-memory finding is reduced ({@link
 * AllocationRewriter}): each method returns the element count it is given, unless an array of that
 * many elements is larger than any heap with this JVM's limits can hold; then it throws the {@link
 * OutOfMemoryError} the JVM would have thrown, with the JVM's message and with the allocating
 * method as its innermost frame.
 *
 * <p>Such an allocation fails in the JVM too, but only after the garbage collector has grown the
 * heap to its maximum and collected it several times (about 0.1 s per run with a 6 GiB heap), and
 * HotSpot gives only the first few out-of-memory errors of a JVM a stack trace: later ones match an
 * original by their class alone, wherever they were thrown. Here every such run costs nothing and
 * keeps the frames the finding's identity is made of. Allocations that might fit are left to the
 * JVM, as are element counts so close to {@link Integer#MAX_VALUE} that the JVM refuses them with
 * another message. Public only because rewritten target classes, in loaders of their own, call it.
 */
@API(status = INTERNAL, since = "0.1")
public final class AllocationCheck {
  /** The JVM's message for an allocation the heap has no room for. */
  static final String MESSAGE = "Java heap space";

  /**
   * Counts above this may exceed HotSpot's largest array length, refused as "Requested array size
   * exceeds VM limit" whatever the heap.
   */
  private static final int LARGEST_CHECKED_COUNT = Integer.MAX_VALUE - 8;

  /** An array's header, at least; reference elements are counted at 4 bytes, their least. */
  private static final long HEADER_BYTES = 12;

  /** Arrays larger than this never fit: see {@link #largestFittingBytes}. */
  private static final long LARGEST_FITTING_BYTES = largestFittingBytes();

  /**
   * Arrays larger than this throw {@link CostlyAllocationError} while costly allocations are
   * stopped ({@link #stopCostlyAllocations}); the largest {@code long} while they are not.
   */
  private static volatile long costlyBytes = Long.MAX_VALUE;

  /** How many errors the checks have thrown in this JVM, for telling them from the JVM's own. */
  private static final AtomicLong THROWN = new AtomicLong();

  private AllocationCheck() {}

  /** How many out-of-memory errors the checks have thrown in this JVM so far. */
  public static long thrown() {
    return THROWN.get();
  }

  /**
   * Whether an array that fits the heap but takes more than an eighth of it ends its run with a
   * {@link CostlyAllocationError} rather than being allocated. Such an array costs a run the heap's
   * growth, its pages and collections (a second and more for most of a 2 GiB heap, past the per-run
   * deadline of a reduction), and the run it ends is no match of an error an oversized array gave:
   * one that fails on its own allocation never got there. For the candidates of an out-of-memory
   * finding that a check gave; JVM-wide, as the checks are.
   */
  public static void stopCostlyAllocations(boolean stop) {
    costlyBytes = stop ? LARGEST_FITTING_BYTES / 8 : Long.MAX_VALUE;
  }

  /** Before an array of bytes or booleans. */
  public static int count1(int count) {
    return checked(count, 1);
  }

  /** Before an array of chars or shorts. */
  public static int count2(int count) {
    return checked(count, 2);
  }

  /** Before an array of ints, floats or references. */
  public static int count4(int count) {
    return checked(count, 4);
  }

  /** Before an array of longs or doubles. */
  public static int count8(int count) {
    return checked(count, 8);
  }

  /**
   * Whether an array of {@code count} elements of {@code width} bytes cannot fit in the heap of
   * this JVM or of a fresh one with the same limits.
   */
  static boolean exceedsHeap(int count, int width) {
    return count > 0
        && count <= LARGEST_CHECKED_COUNT
        && HEADER_BYTES + (long) count * width > LARGEST_FITTING_BYTES;
  }

  /**
   * The largest array any heap with this JVM's limits can hold: an object lives in one memory pool,
   * so no larger than the largest pool can become (the old generation, smaller than the heap under
   * the parallel and serial collectors); under G1 an array that large takes whole regions, and one
   * region at least always holds the JVM's own objects.
   */
  static long largestFittingBytes() {
    long largest = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        largest = Math.max(largest, pool.getUsage().getMax());
      }
    }
    if (largest <= 0) {
      largest = Runtime.getRuntime().maxMemory();
    }
    return largest - g1RegionBytes();
  }

  /** The G1 collector's region size, or 0 under another collector or where the JVM does not say. */
  private static long g1RegionBytes() {
    try {
      HotSpotDiagnosticMXBean hotSpot =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      if (hotSpot == null || !Boolean.parseBoolean(hotSpot.getVMOption("UseG1GC").getValue())) {
        return 0;
      }
      return Long.parseLong(hotSpot.getVMOption("G1HeapRegionSize").getValue());
    } catch (IllegalArgumentException e) {
      return 0; // no such option (a JVM other than HotSpot): the pools' figure alone
    }
  }

  private static int checked(int count, int width) {
    if (exceedsHeap(count, width)) {
      OutOfMemoryError error = new OutOfMemoryError(MESSAGE);
      StackTraceElement[] frames = error.getStackTrace();
      int own = 0;
      while (own < frames.length
          && frames[own].getClassName().equals(AllocationCheck.class.getName())) {
        own++;
      }
      error.setStackTrace(Arrays.copyOfRange(frames, own, frames.length));
      THROWN.incrementAndGet();
      throw error;
    }
    if (count > 0 && HEADER_BYTES + (long) count * width > costlyBytes) {
      throw new CostlyAllocationError(HEADER_BYTES + (long) count * width);
    }
    return count;
  }
}

package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkNotNull;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * The stack a stack overflow is reduced on: one that allows {@value #MARGIN} times the depth of the
 * stack of the fresh JVMs that verify the result.
 *
 * <p>An overflow whose depth is bound by the input's nesting reproduces only where the nesting
 * exhausts the stack, and how deep that is moves with the JIT's state: reduced on the stack it is
 * checked with, the result sits at that edge and a fresh JVM reproduces it or not. Reduced on a
 * stack that allows {@value #MARGIN} times the depth, the result keeps about that much more depth
 * than the check needs. HotSpot keeps a fixed part of every stack for its guard and shadow zones,
 * so the margin goes on the rest: twice a 256 KiB stack allows about three times its depth. An
 * unbounded recursion overflows any stack and shrinks as far as on the default one.
 */
final class OverflowStack {
  static final int MARGIN = 2;

  /** What HotSpot gives a thread on the common 64-bit platforms without {@code -Xss}. */
  static final long USUAL_DEFAULT_BYTES = 1L << 20;

  private OverflowStack() {}

  /** The worker stack to reduce on, for fresh JVMs started with {@code checkJvmArgs}. */
  static long reductionBytes(List<String> checkJvmArgs) {
    long checked = checkedBytes(checkJvmArgs);
    long reserved = Math.min(reservedBytes(), checked / 2);
    return MARGIN * (checked - reserved) + reserved;
  }

  /**
   * What HotSpot keeps of every thread's stack for its guard and shadow zones, which no Java frame
   * uses: the margin is on the depth the rest allows.
   */
  static long reservedBytes() {
    try {
      HotSpotDiagnosticMXBean hotSpot =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      long pages = 0;
      for (String zone :
          List.of("StackShadowPages", "StackYellowPages", "StackRedPages", "StackReservedPages")) {
        pages += Long.parseLong(hotSpot.getVMOption(zone).getValue());
      }
      return pages * 4096;
    } catch (RuntimeException | LinkageError e) {
      return 0;
    }
  }

  /**
   * The stack of a thread in a JVM started with {@code jvmArgs}: the last {@code -Xss} or {@code
   * -XX:ThreadStackSize}, else the default.
   */
  static long checkedBytes(List<String> jvmArgs) {
    checkNotNull(jvmArgs, "jvmArgs");
    long bytes = 0;
    for (String arg : jvmArgs) {
      if (arg.startsWith("-Xss")) {
        bytes = parseSize(arg.substring("-Xss".length()), 1, arg);
      } else if (arg.startsWith("-XX:ThreadStackSize=")) {
        bytes = parseSize(arg.substring("-XX:ThreadStackSize=".length()), 1024, arg);
      }
    }
    return bytes > 0 ? bytes : defaultBytes();
  }

  /**
   * A size as the JVM reads it: a number with an optional k, m or g.
   *
   * @param unit what a number without a suffix counts: bytes for {@code -Xss}, KiB for {@code
   *     ThreadStackSize}
   * @throws IllegalArgumentException naming the option
   */
  static long parseSize(String value, long unit, String option) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    long factor = unit;
    if (text.endsWith("k") || text.endsWith("m") || text.endsWith("g")) {
      char suffix = text.charAt(text.length() - 1);
      factor = suffix == 'k' ? 1L << 10 : suffix == 'm' ? 1L << 20 : 1L << 30;
      text = text.substring(0, text.length() - 1);
    }
    try {
      return Math.multiplyExact(Long.parseLong(text), factor);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("not a stack size: " + option, e);
    }
  }

  /**
   * A fresh JVM's default thread stack: this JVM's {@code ThreadStackSize} if it was left at its
   * default (the same platform default), else the usual 1 MiB.
   */
  private static long defaultBytes() {
    try {
      VMOption option =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
              .getVMOption("ThreadStackSize");
      long kib = Long.parseLong(option.getValue());
      if (option.getOrigin() == VMOption.Origin.DEFAULT && kib > 0) {
        return kib << 10;
      }
    } catch (RuntimeException | LinkageError e) {
      // Not HotSpot: the usual default.
    }
    return USUAL_DEFAULT_BYTES;
  }
}

package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Durations;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * A diagnostic breakdown of where a command's time goes, for start-up work: with {@code
 * -Dwhittle.phases} (or the environment variable {@code WHITTLE_PHASES} set), each {@link #end}
 * charges the time since the previous one to a phase, and {@link #print} writes the phases to
 * standard error at exit, as wall time and as the process's CPU time (all threads: JIT and GC too),
 * which a busy machine disturbs less than wall time, and the classes the JVM loaded in each phase,
 * which it does not disturb at all. Off by default, when every call is a field read; it loads
 * nothing and changes nothing the command does.
 */
@API(status = INTERNAL, since = "0.1")
public final class Phases {
  private static final boolean ENABLED =
      System.getProperty("whittle.phases") != null || System.getenv("WHITTLE_PHASES") != null;

  /**
   * Wall nanoseconds, CPU nanoseconds and classes loaded per phase, in order of first appearance.
   */
  private static final Map<String, long[]> TOTALS = new LinkedHashMap<>();

  /** Counted events, such as fresh JVMs started. */
  private static final Map<String, Long> COUNTS = new LinkedHashMap<>();

  private static long lastWall;
  private static long lastCpu;
  private static long lastClasses;
  private static long mainEpochMillis;

  private Phases() {}

  /** Whether phases are being recorded. */
  public static boolean enabled() {
    return ENABLED;
  }

  /**
   * Called first thing in {@code main}: starts the clock and charges the time since the JVM started
   * to "JVM start to main" (wall time only, from the JVM's start time in milliseconds).
   */
  public static void startMain() {
    if (!ENABLED) {
      return;
    }
    mainEpochMillis = System.currentTimeMillis();
    synchronized (TOTALS) {
      lastWall = System.nanoTime();
      lastCpu = cpuNanos();
      long classes = loadedClasses();
      long sinceStart = mainEpochMillis - ManagementFactory.getRuntimeMXBean().getStartTime();
      TOTALS.put("JVM start to main", new long[] {sinceStart * 1_000_000, lastCpu, classes});
      // The management beans just loaded are the diagnostic's own cost: not charged to a phase.
      lastWall = System.nanoTime();
      lastCpu = cpuNanos();
      lastClasses = loadedClasses();
    }
  }

  /** Charges the time since the previous {@code end} (or {@link #startMain}) to {@code phase}. */
  public static void end(String phase) {
    if (!ENABLED) {
      return;
    }
    synchronized (TOTALS) {
      long wall = System.nanoTime();
      long cpu = cpuNanos();
      long classes = loadedClasses();
      long[] total = TOTALS.computeIfAbsent(phase, name -> new long[3]);
      total[0] += wall - lastWall;
      total[1] += cpu - lastCpu;
      total[2] += classes - lastClasses;
      lastWall = wall;
      lastCpu = cpu;
      lastClasses = classes;
    }
  }

  /** Counts one {@code event} (such as "fresh JVMs started"), printed after the phases. */
  public static void count(String event) {
    if (!ENABLED) {
      return;
    }
    synchronized (TOTALS) {
      COUNTS.merge(event, 1L, Long::sum);
    }
  }

  /** Writes the phases, one a line, and their sums to {@code err}, if they are being recorded. */
  public static void print(PrintStream err) {
    if (!ENABLED) {
      return;
    }
    synchronized (TOTALS) {
      long wallSum = 0;
      long cpuSum = 0;
      err.println("whittle phases (wall ms / process CPU ms):");
      for (Map.Entry<String, long[]> phase : TOTALS.entrySet()) {
        err.println(line(phase.getKey(), phase.getValue()[0], phase.getValue()[1]));
        wallSum += phase.getValue()[0];
        cpuSum += phase.getValue()[1];
      }
      err.println(line("total", wallSum, cpuSum));
      for (Map.Entry<String, Long> count : COUNTS.entrySet()) {
        err.println("  " + count.getKey() + ": " + count.getValue());
      }
      // One line each with a colon, which scripts reading the table above already pass over.
      for (Map.Entry<String, long[]> phase : TOTALS.entrySet()) {
        err.println("  classes loaded in " + phase.getKey() + ": " + phase.getValue()[2]);
      }
      err.flush();
    }
  }

  /**
   * {@code " %-34s %8.1f %8.1f"} of the phase and its milliseconds, written out: {@code
   * String.format}'s first number loads the locale data, which the diagnostic must not add to the
   * command it measures.
   */
  static String line(String phase, long wallNanos, long cpuNanos) {
    StringBuilder line = new StringBuilder("  ").append(phase);
    while (line.length() < 2 + 34) {
      line.append(' ');
    }
    return line.append(millis(wallNanos)).append(millis(cpuNanos)).toString();
  }

  /** {@code nanos} (at least 0) in milliseconds with one decimal, right-aligned in 9 characters. */
  private static String millis(long nanos) {
    // Thousandths of a millisecond, in which Durations.seconds writes whole milliseconds.
    String text = Durations.seconds(nanos / 1000);
    return " ".repeat(Math.max(1, 9 - text.length())) + text;
  }

  /** Classes the JVM has loaded since it started, unloaded ones included. */
  private static long loadedClasses() {
    return ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
  }

  /**
   * The processor time this JVM has used so far, all its threads: the clock of the phases' CPU
   * column, and of whatever else compares costs that a busy machine must not disturb. Empty where
   * the JVM does not tell.
   */
  public static OptionalLong processCpuNanos() {
    try {
      if (ManagementFactory.getOperatingSystemMXBean()
          instanceof com.sun.management.OperatingSystemMXBean os) {
        long nanos = os.getProcessCpuTime();
        return nanos >= 0 ? OptionalLong.of(nanos) : OptionalLong.empty();
      }
    } catch (RuntimeException | LinkageError e) {
      // No such bean here.
    }
    return OptionalLong.empty();
  }

  private static long cpuNanos() {
    return processCpuNanos().orElse(0);
  }
}

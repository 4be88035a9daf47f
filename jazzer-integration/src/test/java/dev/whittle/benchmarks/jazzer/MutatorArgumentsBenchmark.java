package dev.whittle.benchmarks.jazzer;

import com.code_intelligence.jazzer.mutation.ArgumentsMutator;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.values.MutatorArguments;
import dev.whittle.jazzer.values.ValuePasses;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Mutation-framework arguments: byte deletion alone (Entropy Debugging) against the pass of {@code
 * ValuePasses.forMutatorArguments}, with the plain oracle and with the canonical-only oracle of
 * {@code MutatorArguments.onlyCanonical}, on two {@code @FuzzTest}-style methods with generated
 * failing inputs. Prints per configuration the input and result sizes, the runs of the reduction,
 * the runs of the method (the canonical-only oracle answers the rest without running it), the time,
 * and the result's decoded values.
 *
 * <pre>{@code
 * mvn -B -q -ntp -pl core,jazzer-integration -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
 * java -cp "jazzer-integration/target/test-classes:jazzer-integration/target/classes:$(cat jazzer-integration/target/test.classpath)" \
 *     dev.whittle.benchmarks.jazzer.MutatorArgumentsBenchmark [REPEATS]
 * }</pre>
 *
 * Run from the repository root. Each configuration runs REPEATS times (default 3), the first as
 * warm-up; the time printed is the best of the others.
 */
public final class MutatorArgumentsBenchmark {
  private MutatorArgumentsBenchmark() {}

  /** A validating record, as structured fuzz tests use them. */
  public record Interval(int lo, int hi) {
    public Interval {
      if (lo > hi) {
        throw new IllegalArgumentException("lo > hi");
      }
    }
  }

  public static void stringAndInt(String s, int x) {
    if (s != null && s.contains("bug") && x > 100) {
      throw new AssertionError("bug with " + x);
    }
  }

  public static void interval(Interval r, boolean strict) {
    if (r != null && r.hi() - r.lo() > 10) {
      throw new AssertionError("wide: " + r);
    }
  }

  private enum Mode {
    BYTES,
    VALUES,
    VALUES_CANONICAL
  }

  public static void main(String[] args) throws Exception {
    int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Method stringAndInt = method("stringAndInt");
    Method interval = method("interval");
    Random random = new Random(11);
    String s = letters(random, 400) + "bug" + letters(random, 500);
    List<Object[]> cases = new ArrayList<>();
    cases.add(new Object[] {"(String, int)", stringAndInt, encode(stringAndInt, s, 987_654_321)});
    cases.add(
        new Object[] {
          "(Interval, boolean)", interval, encode(interval, new Interval(-48_213, 90_117), true)
        });
    System.out.printf(
        Locale.ROOT,
        "%-20s %-17s %7s %7s %7s %7s %8s%n",
        "method",
        "mode",
        "bytes",
        "result",
        "calls",
        "runs",
        "time ms");
    for (Object[] c : cases) {
      Method method = (Method) c[1];
      byte[] original = (byte[]) c[2];
      for (Mode mode : Mode.values()) {
        ReductionResult<byte[]> result = null;
        long runs = 0;
        long bestMillis = Long.MAX_VALUE;
        for (int r = 0; r < repeats; r++) {
          AtomicLong counted = new AtomicLong();
          Oracle<byte[]> target =
              bytes -> {
                counted.incrementAndGet();
                return run(method, bytes);
              };
          Reduction<byte[]> reduction = Whittle.reduce(SequenceInputs.bytes(original));
          if (mode != Mode.BYTES) {
            reduction =
                reduction.withPass(ValuePasses.forMutatorArguments(method)).withPassesFirst(true);
          }
          result =
              reduction.run(
                  mode == Mode.VALUES_CANONICAL
                      ? MutatorArguments.onlyCanonical(method, original, target)
                      : target);
          runs = counted.get();
          if (r > 0 || repeats == 1) {
            bestMillis = Math.min(bestMillis, result.elapsed().toMillis());
          }
        }
        System.out.printf(
            Locale.ROOT,
            "%-20s %-17s %,7d %,7d %,7d %,7d %,8d%n",
            c[0],
            mode.name().toLowerCase(Locale.ROOT),
            original.length,
            result.reducedSize(),
            result.runs(),
            runs,
            bestMillis);
        System.out.println("    " + MutatorArguments.describe(method, result.reduced()));
      }
    }
  }

  /**
   * One mutator per method, as jazzer-junit keeps one per test: building one costs milliseconds.
   */
  private static final Map<Method, ArgumentsMutator> MUTATORS = new HashMap<>();

  private static synchronized Outcome run(Method method, byte[] bytes) {
    ArgumentsMutator mutator =
        MUTATORS.computeIfAbsent(method, m -> ArgumentsMutator.forMethodOrThrow(m, false));
    try {
      mutator.read(new ByteArrayInputStream(bytes));
    } catch (RuntimeException e) {
      return Outcome.UNRESOLVED;
    }
    try {
      method.invoke(null, mutator.getArguments());
      return Outcome.NOT_INTERESTING;
    } catch (InvocationTargetException e) {
      return e.getCause() instanceof AssertionError ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] encode(Method method, Object... arguments) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ArgumentsMutator.forMethodOrThrow(method, false).writeAny(out, arguments);
    return out.toByteArray();
  }

  private static Method method(String name) throws NoSuchMethodException {
    for (Method m : MutatorArgumentsBenchmark.class.getMethods()) {
      if (m.getName().equals(name)) {
        return m;
      }
    }
    throw new NoSuchMethodException(name);
  }

  private static String letters(Random random, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append((char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }
}

package dev.whittle.benchmarks.jazzer;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.RecordingFuzzedDataProvider;
import dev.whittle.jazzer.targets.FuzzedDataCrashes;
import dev.whittle.jazzer.targets.RecordListTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.ThresholdStringTarget;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Value-level against byte-level reduction on FuzzedDataProvider targets: {@link CrashMinimizer}
 * with and without {@link CrashMinimizer#withValueReduction value reduction}, on the sample crash
 * of {@code dev.whittle.samples.RingBufferFuzzer} (when {@code samples/target/classes} is built)
 * and on two test targets with generated crashes. Prints per run the runs of the reduction, all
 * runs of the target (reproduction, runs, recordings, verification), the final size, the time, and
 * the values the target reads from the result.
 *
 * <pre>{@code
 * mvn -B -q -ntp -pl samples -am compile
 * mvn -B -q -ntp -pl core,jazzer-integration -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
 * java -XX:-OmitStackTraceInFastThrow \
 *     -cp "jazzer-integration/target/test-classes:jazzer-integration/target/classes:$(cat jazzer-integration/target/test.classpath)" \
 *     dev.whittle.benchmarks.jazzer.ValueReductionBenchmark [REPEATS]
 * }</pre>
 *
 * Run from the repository root. Each configuration runs REPEATS times (default 3) in this JVM, the
 * first as warm-up; the time printed is the best of the others (of the one run when REPEATS is 1).
 */
public final class ValueReductionBenchmark {
  private static final Path SAMPLE_CLASSES = Path.of("samples/target/classes");
  private static final Path SAMPLE_CRASHES = Path.of("samples/crashes/RingBufferFuzzer");

  private ValueReductionBenchmark() {}

  private record Case(String name, String targetClass, List<Path> classPath, byte[] crash) {}

  public static void main(String[] args) throws Exception {
    int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    List<Case> cases = new ArrayList<>();
    if (Files.isDirectory(SAMPLE_CLASSES) && Files.isDirectory(SAMPLE_CRASHES)) {
      try (Stream<Path> files = Files.list(SAMPLE_CRASHES)) {
        for (Path crash :
            files.filter(f -> f.getFileName().toString().startsWith("crash-")).sorted().toList()) {
          cases.add(
              new Case(
                  "RingBufferFuzzer " + crash.getFileName(),
                  "dev.whittle.samples.RingBufferFuzzer",
                  List.of(SAMPLE_CLASSES),
                  Files.readAllBytes(crash)));
        }
      }
    } else {
      System.out.println(
          "(no " + SAMPLE_CLASSES + ": build the samples first for the RingBufferFuzzer crash)");
    }
    cases.add(
        new Case(
            "ThresholdStringTarget",
            ThresholdStringTarget.class.getName(),
            TargetPaths.classPath(),
            FuzzedDataCrashes.threshold(new Random(1))));
    cases.add(
        new Case(
            "RecordListTarget",
            RecordListTarget.class.getName(),
            TargetPaths.classPath(),
            FuzzedDataCrashes.recordList(new Random(2))));
    System.out.printf(
        Locale.ROOT,
        "%-28s %-7s %8s %8s %8s %8s %8s %9s %s%n",
        "target",
        "mode",
        "bytes",
        "result",
        "calls",
        "hits",
        "runs",
        "time ms",
        "verified");
    for (Case c : cases) {
      for (boolean values : new boolean[] {false, true}) {
        MinimizationResult result = null;
        long bestMillis = Long.MAX_VALUE;
        for (int r = 0; r < repeats; r++) {
          result =
              CrashMinimizer.forTarget(c.targetClass(), c.classPath())
                  .withValueReduction(values)
                  .minimize(c.crash());
          if (r > 0 || repeats == 1) {
            bestMillis = Math.min(bestMillis, result.elapsedMillis());
          }
        }
        System.out.printf(
            Locale.ROOT,
            "%-28s %-7s %,8d %,8d %,8d %,8d %,8d %,9d %s%n",
            c.name().length() > 28 ? c.name().substring(0, 28) : c.name(),
            values ? "values" : "bytes",
            c.crash().length,
            result.minimized().length,
            result.reduction().runs(),
            result.reduction().cacheHits(),
            result.runs(),
            bestMillis,
            result.verified());
        System.out.println("    reads: " + describe(c, result.minimized()));
      }
    }
  }

  /** The calls the target makes on {@code input}, with their values, as one line. */
  private static String describe(Case c, byte[] input) throws IOException {
    URL[] urls = new URL[c.classPath().size()];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = c.classPath().get(i).toAbsolutePath().toUri().toURL();
    }
    try (URLClassLoader loader =
        new URLClassLoader(urls, ValueReductionBenchmark.class.getClassLoader())) {
      RecordingFuzzedDataProvider recording =
          RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(input));
      try {
        Class.forName(c.targetClass(), true, loader)
            .getMethod("fuzzerTestOneInput", FuzzedDataProvider.class)
            .invoke(null, recording);
      } catch (InvocationTargetException expected) {
        // The crash.
      } catch (ReflectiveOperationException e) {
        return "(cannot run the target: " + e + ")";
      }
      StringBuilder line = new StringBuilder();
      for (FuzzedDataCall call : recording.calls()) {
        String shown = call.toString();
        line.append(shown.substring(shown.indexOf("-> ") + 3)).append(' ');
      }
      return recording.calls().size() + " calls: " + line.toString().trim();
    }
  }
}

package dev.whittle.benchmarks.jazzer;

import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.target.TargetSpec;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Executions per second of each sample fuzz target with Whittle's coverage probes (and the reading
 * of its counters after every run) against the same target without them, on the same inputs: the
 * sample's seed, its crash files and 254 mutants of the seed (truncations and byte changes, from a
 * fixed random seed). Rounds alternate between the two, and the median round counts. Goal (issue
 * 11): instrumented at least 1/1.5 of uninstrumented.
 *
 * <pre>{@code
 * mvn -B -q -ntp -pl core,jazzer-integration,samples -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
 * java -XX:-OmitStackTraceInFastThrow -cp "jazzer-integration/target/test-classes:..." \
 *     dev.whittle.benchmarks.jazzer.CoverageOverheadBenchmark samples 0.5 15 ChunkedImageFuzzer ...
 * }</pre>
 *
 * Arguments: the samples directory (with {@code target/classes}, {@code seeds} and {@code
 * crashes}), the seconds of each round, the number of rounds, then the sample targets' simple
 * names.
 */
public final class CoverageOverheadBenchmark {
  private CoverageOverheadBenchmark() {}

  public static void main(String[] args) throws IOException {
    Path samples = Path.of(args[0]);
    double seconds = Double.parseDouble(args[1]);
    int rounds = Integer.parseInt(args[2]);
    URL classes = samples.resolve("target/classes").toUri().toURL();
    System.out.printf(
        Locale.ROOT,
        "%-24s %7s %14s %14s %7s %7s%n",
        "target",
        "inputs",
        "plain exec/s",
        "probes exec/s",
        "ratio",
        "probes");
    for (int i = 3; i < args.length; i++) {
      String name = args[i];
      List<byte[]> inputs = inputsOf(samples, name);
      TargetSpec plain = TargetSpec.of("dev.whittle.samples." + name, List.of(classes));
      TargetSpec probed = plain.withCoverage(CoverageFilter.all());
      EdgeNames names = new EdgeNames();
      double[] plainRates = new double[rounds];
      double[] probedRates = new double[rounds];
      int probes;
      try (TargetRunner without = TargetRunner.open(plain, Duration.ofSeconds(10), false);
          TargetRunner with = TargetRunner.open(probed, Duration.ofSeconds(10), false)) {
        measure(without, inputs, 1, null); // Warm-up of both.
        measure(with, inputs, 1, names);
        for (int round = 0; round < rounds; round++) {
          plainRates[round] = measure(without, inputs, seconds, null);
          probedRates[round] = measure(with, inputs, seconds, names);
        }
        probes = with.probeCounters().probes();
      }
      double plainMedian = median(plainRates);
      double probedMedian = median(probedRates);
      System.out.printf(
          Locale.ROOT,
          "%-24s %7d %,14.0f %,14.0f %7.2f %7d%n",
          name,
          inputs.size(),
          plainMedian,
          probedMedian,
          plainMedian / probedMedian,
          probes);
    }
  }

  /** Executions per second over {@code inputs} in turn for {@code seconds}. */
  private static double measure(
      TargetRunner runner, List<byte[]> inputs, double seconds, EdgeNames names) {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long start = System.nanoTime();
    long runs = 0;
    long features = 0;
    while (System.nanoTime() < end) {
      for (byte[] input : inputs) {
        if (names == null) {
          runner.run(input);
        } else {
          features += runner.runWithCoverage(input, names, true).features().length;
        }
        runs++;
      }
    }
    if (features < 0) {
      throw new AssertionError(); // Keeps the features alive.
    }
    return runs / ((System.nanoTime() - start) / 1e9);
  }

  private static List<byte[]> inputsOf(Path samples, String name) throws IOException {
    List<byte[]> inputs = new ArrayList<>();
    byte[] seed = Files.readAllBytes(samples.resolve("seeds").resolve(name).resolve("seed"));
    inputs.add(seed);
    Path crashes = samples.resolve("crashes").resolve(name);
    if (Files.isDirectory(crashes)) {
      try (Stream<Path> files = Files.list(crashes)) {
        for (Path file :
            files.filter(f -> f.getFileName().toString().startsWith("crash-")).sorted().toList()) {
          inputs.add(Files.readAllBytes(file));
        }
      }
    }
    Random random = new Random(11);
    for (int i = 0; i < 254; i++) {
      byte[] mutant = Arrays.copyOf(seed, 1 + random.nextInt(seed.length));
      for (int flips = random.nextInt(4); flips > 0; flips--) {
        mutant[random.nextInt(mutant.length)] = (byte) random.nextInt(256);
      }
      inputs.add(mutant);
    }
    return inputs;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}

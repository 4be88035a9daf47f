package dev.whittle.samples.junit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * What the JUnit extension adds to a test run, through the real JUnit Platform and jazzer-junit in
 * regression mode: for each failing fuzz sample, the wall time of running its class with the
 * extension (auto-detected) and without it (Jazzer alone, which does not shrink), the sizes and the
 * runs; and for a passing suite ({@link PassingFuzzSample} over generated inputs), the wall time
 * with and without the extension. Medians of alternating rounds, after one warm-up round each. The
 * first failure in a JVM also pays for loading Whittle's classes and running them cold: that is
 * measured in a fresh JVM per sample, after Jazzer's agent is installed.
 *
 * <pre>{@code
 * mvn -B -q -ntp -pl samples -am test-compile exec:java \
 *     -Dexec.mainClass=dev.whittle.samples.junit.JUnitExtensionBenchmark \
 *     -Dexec.classpathScope=test -Dexec.args="7 2000"
 * }</pre>
 *
 * Arguments: rounds (default 7), the passing suite's number of inputs (default 2,000), and {@code
 * --passing-only} to leave the failing samples out.
 */
public final class JUnitExtensionBenchmark {
  private static final Path SAMPLE_RESOURCES =
      Path.of("samples", "src", "test", "resources", "dev", "whittle", "samples", "junit");
  private static final Pattern SHRUNK =
      Pattern.compile(
          "from ([0-9,]+) bytes? to ([0-9,]+) bytes?.*?Shrunk Sample \\([0-9,]+ bytes?, ([0-9,]+)"
              + " runs, ([0-9,]+) ms",
          Pattern.DOTALL);

  private JUnitExtensionBenchmark() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--first-failure")) {
      firstFailure(args[1]);
      return;
    }
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int inputs = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    Path root = Files.createTempDirectory("whittle-junit-benchmark");
    copy(sampleResources(), root.resolve(Path.of("dev", "whittle", "samples", "junit")));
    System.out.printf(
        Locale.ROOT,
        "| sample | parameters | original | shrunk | runs | shrinking (report) | test without"
            + " Whittle | test with Whittle | added | added, first failure in a fresh JVM |%n"
            + "|---|---|---|---|---|---|---|---|---|---|%n");
    List<String> samples =
        args.length > 2 && args[2].equals("--passing-only")
            ? List.of()
            : List.of(
                "ChunkedImageFuzzSample",
                "RingBufferFuzzSample",
                "CouponFuzzSample",
                "ShipmentFuzzSample");
    for (String sample : samples) {
      failingSample(root, sample, rounds);
    }
    if (samples.isEmpty()) {
      System.out.println("(failing samples left out)");
    }
    passingSuite(root, rounds, inputs);
  }

  private static void failingSample(Path root, String sample, int rounds) throws Exception {
    Class<?> type = Class.forName(JUnitExtensionBenchmark.class.getPackageName() + "." + sample);
    List<Long> without = new ArrayList<>();
    List<Long> with = new ArrayList<>();
    String report = null;
    for (int round = -1; round < rounds; round++) {
      long plain = time(() -> run(type, root, false));
      long[] shrinking = new long[1];
      String message = failureMessage(run(type, root, true, shrinking));
      if (round >= 0) {
        without.add(plain);
        with.add(shrinking[0]);
        report = message;
      }
    }
    long firstAdded = firstFailureInFreshJvm(sample);
    Matcher m = SHRUNK.matcher(report);
    if (!m.find()) {
      throw new IllegalStateException("no shrink report for " + sample + ":\n" + report);
    }
    System.out.printf(
        Locale.ROOT,
        "| %s | %s | %s B | %s B | %s | %s ms | %,d ms | %,d ms | %,d ms | %,d ms |%n",
        sample,
        parameters(type),
        m.group(1),
        m.group(2),
        m.group(3),
        m.group(4),
        median(without),
        median(with),
        median(with) - median(without),
        firstAdded);
  }

  /**
   * In a JVM of its own: the time the first shrinking failure there adds, after Jazzer's agent is
   * installed and JUnit warmed up by two runs without Whittle.
   */
  private static long firstFailureInFreshJvm(String sample) throws Exception {
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-OmitStackTraceInFastThrow",
                "-cp",
                System.getProperty("java.class.path"),
                JUnitExtensionBenchmark.class.getName(),
                "--first-failure",
                sample)
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), UTF_8);
    process.waitFor();
    Matcher m = Pattern.compile("first failure added (-?[0-9]+) ms").matcher(output);
    if (!m.find()) {
      throw new IllegalStateException("no measurement for " + sample + ":\n" + output);
    }
    return Long.parseLong(m.group(1));
  }

  private static void firstFailure(String sample) throws Exception {
    Class<?> type = Class.forName(JUnitExtensionBenchmark.class.getPackageName() + "." + sample);
    Path root = Files.createTempDirectory("whittle-junit-benchmark");
    copy(sampleResources(), root.resolve(Path.of("dev", "whittle", "samples", "junit")));
    run(type, root, false);
    long plain = time(() -> run(type, root, false));
    long[] shrinking = new long[1];
    failureMessage(run(type, root, true, shrinking));
    System.out.println("first failure added " + (shrinking[0] - plain) + " ms");
    Runtime.getRuntime().halt(0);
  }

  private static Path sampleResources() {
    return Files.isDirectory(SAMPLE_RESOURCES) ? SAMPLE_RESOURCES : SAMPLE_RESOURCES.subpath(1, 8);
  }

  private static void passingSuite(Path root, int rounds, int inputs) throws Exception {
    Path directory =
        Files.createDirectories(
            root.resolve(
                Path.of(
                    "dev", "whittle", "samples", "junit", "PassingFuzzSampleInputs", "decode")));
    Random random = new Random(42);
    for (int i = 0; i < inputs; i++) {
      byte[] bytes = new byte[16 + random.nextInt(240)];
      random.nextBytes(bytes);
      Files.write(directory.resolve(String.format(Locale.ROOT, "input-%05d", i)), bytes);
    }
    // Loaded afresh so that it sees the generated inputs; the same class for both variants.
    Class<?> type =
        Class.forName(
            PassingFuzzSample.class.getName(),
            false,
            new ReplayClassLoader(
                Path.of("samples", "target", "test-classes").toFile().isDirectory()
                    ? Path.of("samples", "target", "test-classes")
                    : Path.of("target", "test-classes"),
                root,
                JUnitExtensionBenchmark.class.getClassLoader()));
    List<Long> without = new ArrayList<>();
    List<Long> with = new ArrayList<>();
    for (int round = -1; round < rounds; round++) {
      long plain = time(() -> checkPassed(run(type, root, false), inputs));
      long shrinking = time(() -> checkPassed(run(type, root, true), inputs));
      if (round >= 0) {
        without.add(plain);
        with.add(shrinking);
      }
    }
    long a = median(without);
    long b = median(with);
    long minA = without.stream().min(Long::compare).orElseThrow();
    long minB = with.stream().min(Long::compare).orElseThrow();
    System.out.printf(
        Locale.ROOT,
        "%npassing suite, %,d inputs + the empty one, %d rounds: median %,d ms without Whittle,"
            + " %,d ms with (%+.1f %%); fastest %,d ms without, %,d ms with (%+.1f %%)%n",
        inputs,
        rounds,
        a,
        b,
        100.0 * (b - a) / a,
        minA,
        minB,
        100.0 * (minB - minA) / minA);
  }

  private static EngineExecutionResults run(Class<?> type, Path root, boolean whittle) {
    return run(type, root, whittle, new long[1]);
  }

  private static EngineExecutionResults run(
      Class<?> type, Path root, boolean whittle, long[] millis) {
    long start = System.nanoTime();
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(type))
            .configurationParameter(
                "junit.jupiter.extensions.autodetection.enabled", Boolean.toString(whittle))
            .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, root.toString())
            .execute();
    millis[0] = (System.nanoTime() - start) / 1_000_000;
    return results;
  }

  private static String failureMessage(EngineExecutionResults results) {
    return results.testEvents().failed().stream()
        .map(
            e ->
                e.getPayload(TestExecutionResult.class)
                    .flatMap(TestExecutionResult::getThrowable)
                    .orElseThrow()
                    .getMessage())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("the sample did not fail"));
  }

  private static void checkPassed(EngineExecutionResults results, int inputs) {
    long passed = results.testEvents().succeeded().count();
    if (passed != inputs + 1 || results.testEvents().failed().count() != 0) {
      throw new IllegalStateException(passed + " of " + (inputs + 1) + " invocations passed");
    }
  }

  private static long time(Runnable run) {
    long start = System.nanoTime();
    run.run();
    return (System.nanoTime() - start) / 1_000_000;
  }

  private static long median(List<Long> values) {
    List<Long> sorted = values.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }

  private static String parameters(Class<?> type) {
    return Stream.of(type.getDeclaredMethods())
        .filter(m -> WhittleParameters.isFuzzTest(m))
        .map(m -> Stream.of(m.getParameterTypes()).map(Class::getSimpleName).toList().toString())
        .findFirst()
        .orElse("?");
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.sorted(Comparator.naturalOrder()).toList()) {
        Path copy = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(file, copy);
        }
      }
    }
  }

  /** Which method is the fuzz test, by annotation name. */
  private static final class WhittleParameters {
    static boolean isFuzzTest(java.lang.reflect.Method method) {
      return Stream.of(method.getAnnotations())
          .anyMatch(a -> a.annotationType().getSimpleName().equals("FuzzTest"));
    }
  }
}

package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.google.common.hash.Hashing;
import dev.whittle.examples.corpus.TinyParser;
import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * {@code whittle.corpus=minimize} through the real JUnit Platform and the real jazzer-junit in
 * regression mode: each fixture's inputs directory (as the test class path shows it) and a corpus
 * "generated" under a temporary base directory hold redundant and bloated files; the output goes to
 * a temporary directory too.
 */
class CorpusMinimizationTest {
  private static final String PACKAGE = TinyParser.class.getPackageName();

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}#{1}")
  @CsvSource({
    "BytesCorpusFixture, parse",
    "DataCorpusFixture, consume",
    "StructuredCorpusFixture, named"
  })
  void theCorpusIsMinimizedKeepingEveryFeatureAndTheInputsUntouched(String name, String method)
      throws Exception {
    Class<?> testClass = Class.forName(PACKAGE + "." + name);
    Path inputs = classPathInputs(testClass, method);
    Path source = sourceInputs(testClass, method);
    Path generated = generatedCorpus(testClass, method);
    writeGenerated(generated, testClass);
    Map<String, String> inputsBefore = contents(inputs);
    Map<String, String> sourceBefore = contents(source);
    Map<String, String> generatedBefore = contents(generated);

    EngineExecutionResults results = run(testClass, false);

    results.testEvents().assertStatistics(stats -> stats.failed(0));
    results.containerEvents().assertStatistics(stats -> stats.failed(0));
    Path output = dir.resolve("out").resolve(testClass.getName()).resolve(method);
    Map<String, String> after = contents(output);
    assertTrue(after.size() < inputsBefore.size() + generatedBefore.size(), after.toString());
    assertTrue(
        bytes(output) < bytes(inputs) + bytes(generated),
        bytes(output) + " bytes of " + (bytes(inputs) + bytes(generated)));
    CorpusCoverage coverage = new CorpusCoverage(testClass, fuzzTest(testClass, method));
    assertEquals(
        coverage.of(List.of(inputs, generated)),
        coverage.of(List.of(output)),
        "Whittle's own coverage of the output is the input's");
    assertEquals(inputsBefore, contents(inputs), "the inputs on the class path are untouched");
    assertEquals(sourceBefore, contents(source), "the inputs directory under src is untouched");
    assertEquals(generatedBefore, contents(generated), "the generated corpus is left alone");
    String summary = reportEntry(results, FuzzTestCorpus.REPORT_KEY).orElseThrow();
    assertTrue(summary.contains(output.toString()), summary);
    assertTrue(
        summary.contains("-> " + after.size() + " files, " + bytes(output) + " bytes"), summary);
    assertTrue(reportEntry(results, FuzzTestCorpus.REPORT_KEY + ".features").isPresent());
  }

  @Test
  void onRequestTheGeneratedCorpusIsReplacedAndTheOldOneKeptAside() throws Exception {
    Class<?> testClass = Class.forName(PACKAGE + ".BytesCorpusFixture");
    Path generated = generatedCorpus(testClass, "parse");
    writeGenerated(generated, testClass);
    Map<String, String> generatedBefore = contents(generated);

    EngineExecutionResults results = run(testClass, true);

    results.containerEvents().assertStatistics(stats -> stats.failed(0));
    List<Path> aside;
    try (Stream<Path> siblings = Files.list(generated.getParent())) {
      aside =
          siblings
              .filter(p -> p.getFileName().toString().startsWith("parse.before-whittle-"))
              .toList();
    }
    assertEquals(1, aside.size(), aside.toString());
    assertEquals(generatedBefore, contents(aside.get(0)), "the old corpus, kept aside as it was");
    assertFalse(contents(generated).isEmpty());
    assertFalse(Files.exists(dir.resolve("out")), "nothing else is written");
    assertTrue(reportEntry(results, FuzzTestCorpus.REPORT_KEY).orElseThrow().contains("aside"));
  }

  @Test
  void anOutputOverlappingTheCorpusFailsTheTestAndTouchesNothing() throws Exception {
    Class<?> testClass = Class.forName(PACKAGE + ".BytesCorpusFixture");
    Path generated = generatedCorpus(testClass, "parse");
    writeGenerated(generated, testClass);
    Map<String, String> generatedBefore = contents(generated);

    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(testClass))
            .configurationParameter(WhittleConfiguration.CORPUS, CorpusSettings.MINIMIZE)
            .configurationParameter(
                WhittleConfiguration.CORPUS_OUTPUT, dir.resolve("base/.cifuzz-corpus") + "")
            .configurationParameter("jazzer.internal.basedir", dir.resolve("base").toString())
            .execute();

    Throwable failure =
        results.containerEvents().failed().stream()
            .map(
                event ->
                    event
                        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                        .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                        .orElseThrow())
            .findFirst()
            .orElseThrow();
    String reason = failure.getCause().getMessage();
    assertTrue(reason.contains("did not minimize the corpus of " + testClass.getName()), reason);
    assertTrue(reason.contains(WhittleConfiguration.CORPUS_OUTPUT), reason);
    assertEquals(generatedBefore, contents(generated));
  }

  @Test
  void withoutTheParameterNothingIsMinimized() throws Exception {
    Class<?> testClass = Class.forName(PACKAGE + ".BytesCorpusFixture");

    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(testClass))
            .configurationParameter(WhittleConfiguration.CORPUS_OUTPUT, dir.resolve("out") + "")
            .configurationParameter("jazzer.internal.basedir", dir.resolve("base").toString())
            .execute();

    results.testEvents().assertStatistics(stats -> stats.failed(0));
    assertFalse(Files.exists(dir.resolve("out")));
    assertTrue(reportEntry(results, FuzzTestCorpus.REPORT_KEY).isEmpty());
  }

  @ParameterizedTest(name = "whittle.corpus.hit-counts={0}")
  @CsvSource({"true, ", "sometimes, whittle.corpus.hit-counts must be true or false"})
  void hitCountsAreReadFromTheirKey(String value, String error) throws Exception {
    Class<?> testClass = Class.forName(PACKAGE + ".BytesCorpusFixture");
    writeGenerated(generatedCorpus(testClass, "parse"), testClass);

    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(testClass))
            .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, dir.toString())
            .configurationParameter(WhittleConfiguration.CORPUS, CorpusSettings.MINIMIZE)
            .configurationParameter(WhittleConfiguration.CORPUS_OUTPUT, dir.resolve("out") + "")
            .configurationParameter(WhittleConfiguration.CORPUS_HIT_COUNTS, value)
            .configurationParameter("jazzer.internal.basedir", dir.resolve("base").toString())
            .execute();

    List<String> failures =
        results.allEvents().failed().stream()
            .map(e -> e.getRequiredPayload(TestExecutionResult.class).getThrowable())
            .flatMap(Optional::stream)
            .map(CorpusMinimizationTest::withCauses)
            .toList();
    if (error == null) {
      assertEquals(List.of(), failures);
      assertTrue(reportEntry(results, FuzzTestCorpus.REPORT_KEY).isPresent());
    } else {
      assertTrue(failures.stream().anyMatch(f -> f.contains(error)), failures::toString);
    }
  }

  /** JUnit reports a failure at the closing of the class's store as its cause. */
  private static String withCauses(Throwable failure) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    return all.toString();
  }

  private EngineExecutionResults run(Class<?> testClass, boolean replace) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(testClass))
        .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, dir.toString())
        .configurationParameter(WhittleConfiguration.CORPUS, CorpusSettings.MINIMIZE)
        .configurationParameter(WhittleConfiguration.CORPUS_OUTPUT, dir.resolve("out").toString())
        .configurationParameter(WhittleConfiguration.CORPUS_REPLACE, Boolean.toString(replace))
        .configurationParameter("jazzer.internal.basedir", dir.resolve("base").toString())
        .execute();
  }

  private Path generatedCorpus(Class<?> testClass, String method) {
    return dir.resolve("base")
        .resolve(".cifuzz-corpus")
        .resolve(testClass.getName())
        .resolve(method);
  }

  /** Two generated files: one bloated, one redundant with an input. */
  private static void writeGenerated(Path generated, Class<?> testClass) throws Exception {
    Files.createDirectories(generated);
    Path inputs = classPathInputs(testClass, generated.getFileName().toString());
    try (Stream<Path> files = Files.list(inputs)) {
      for (Path file : files.sorted().limit(2).toList()) {
        byte[] content = Files.readAllBytes(file);
        byte[] bloated = Arrays.copyOf(content, content.length + 64);
        write(generated, bloated);
        write(generated, content);
      }
    }
  }

  private static void write(Path directory, byte[] content) throws IOException {
    @SuppressWarnings("deprecation") // SHA-1 names corpus files, as Jazzer's do; no security.
    String name = Hashing.sha1().hashBytes(content).toString();
    Files.write(directory.resolve(name), content);
  }

  private static Path classPathInputs(Class<?> testClass, String method) throws Exception {
    return Path.of(testClass.getResource(testClass.getSimpleName() + "Inputs").toURI())
        .resolve(method);
  }

  /** The source of the class path copy: src/test/resources of this module. */
  private static Path sourceInputs(Class<?> testClass, String method) {
    return Path.of("src", "test", "resources")
        .resolve(testClass.getPackageName().replace('.', '/'))
        .resolve(testClass.getSimpleName() + "Inputs")
        .resolve(method);
  }

  private static Method fuzzTest(Class<?> testClass, String name) {
    return Arrays.stream(testClass.getDeclaredMethods())
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static Optional<String> reportEntry(EngineExecutionResults results, String key) {
    return results.allEvents().reportingEntryPublished().stream()
        .map(event -> event.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
        .filter(pairs -> pairs.containsKey(key))
        .map(pairs -> pairs.get(key))
        .findFirst();
  }

  /** File name (relative) to the SHA-1 of its content; empty for a missing directory. */
  @SuppressWarnings("deprecation") // SHA-1 only tells contents apart here.
  private static Map<String, String> contents(Path directory) throws IOException {
    Map<String, String> contents = new TreeMap<>();
    if (!Files.isDirectory(directory)) {
      return contents;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        contents.put(
            directory.relativize(file).toString(),
            Hashing.sha1().hashBytes(Files.readAllBytes(file)).toString());
      }
    }
    return contents;
  }

  private static long bytes(Path directory) throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      long total = 0;
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        total += Files.size(file);
      }
      return total;
    }
  }
}

package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.targets.StructuredFuzzTest;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.values.MutatorArguments;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus of a fuzz test with structured parameters, shrunk at the value level and written back
 * in the mutation framework's own encoding: named as {@code Class#method} (the command line's way)
 * and as a test method with its lifecycle (the JUnit extension's way).
 */
class StructuredCorpusTest {
  @TempDir Path dir;

  @Test
  void aClassHashMethodTargetWithStructuredParametersIsShrunkAtTheValueLevel() throws Exception {
    Path corpus = corpus();

    CorpusMinimizationResult result =
        CorpusMinimizer.forTarget(
                StructuredFuzzTest.class.getName() + "#fuzz", TargetPaths.classPath())
            // Not the default second per file: a busy machine's slow warm-up must not cut it short.
            .withMaxTimePerInput(Duration.ofSeconds(60))
            .minimize(List.of(corpus), dir.resolve("out"));

    checkMinimized(result);
  }

  @Test
  void aTestMethodTargetRunsThroughItsLifecycleAndIsShrunkAtTheValueLevel() throws Exception {
    Path corpus = corpus();
    List<String> events = new ArrayList<>();
    FuzzTestLifecycle lifecycle =
        new FuzzTestLifecycle() {
          @Override
          public void beforeAll(Class<?> testClass) {
            events.add("beforeAll");
          }

          @Override
          public Object before(Class<?> testClass) throws ReflectiveOperationException {
            events.add("before");
            return testClass.getConstructor().newInstance();
          }

          @Override
          public void after(Object instance) {
            events.add("after");
          }
        };
    int instancesBefore = StructuredFuzzTest.instances;

    CorpusMinimizationResult result =
        CorpusMinimizer.of(FuzzTarget.testMethod(StructuredFuzzTest.class, fuzz(), lifecycle))
            // Not the default second per file: a busy machine's slow warm-up must not cut it short.
            .withMaxTimePerInput(Duration.ofSeconds(60))
            .minimize(List.of(corpus), dir.resolve("out"));

    checkMinimized(result);
    assertEquals(1, events.stream().filter("beforeAll"::equals).count(), "one copy, set up once");
    long befores = events.stream().filter("before"::equals).count();
    assertEquals(result.runs(), befores, "a set-up for every run");
    assertEquals(befores, events.stream().filter("after"::equals).count());
    assertEquals(instancesBefore, StructuredFuzzTest.instances, "only Whittle's copy ran");
  }

  /** Fewer files and bytes, every feature kept, and each file the framework's own encoding. */
  private void checkMinimized(CorpusMinimizationResult result) throws Exception {
    assertTrue(result.coveragePreserved(), "coverage preserved");
    assertEquals(result.features(), result.featuresAfter());
    List<String> described = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir.resolve("out"))) {
      for (Path file : files.toList()) {
        described.add(MutatorArguments.describe(fuzz(), Files.readAllBytes(file)));
      }
    }
    assertTrue(result.filesAfter() < result.filesBefore(), result + " " + described);
    assertTrue(result.bytesAfter() * 4 < result.bytesBefore(), result + " " + described);
    assertTrue(result.shrunkFiles() > 0, result + " " + described);
    for (String call : described) {
      assertFalse(call.contains("xxx") || call.contains("does not decode"), described.toString());
    }
    assertTrue(described.stream().anyMatch(call -> call.startsWith("\"a\", 11")), described + "");
  }

  /** Redundant and bloated inputs of every branch. */
  private Path corpus() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    write(corpus, "small-a", encode("a", 5));
    write(corpus, "redundant-a", encode("a".repeat(40), 3));
    write(corpus, "bloated-large", encode("a" + "x".repeat(200), 100_000));
    write(corpus, "bloated-bee", encode("x".repeat(100) + "b" + "x".repeat(100), 0));
    write(corpus, "negative", encode("zzzzzzzzzzzzzzzzzzzzzzzzzzzz", -77));
    return corpus;
  }

  private static void write(Path corpus, String name, byte[] content) throws IOException {
    Files.write(corpus.resolve(name), content);
  }

  private static Method fuzz() throws NoSuchMethodException {
    return StructuredFuzzTest.class.getDeclaredMethod("fuzz", String.class, int.class);
  }

  /** The mutation framework's encoding of a present String followed by the last, int, parameter. */
  private static byte[] encode(String text, int number) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(1);
    byte[] utf8 = text.getBytes(UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
    out.writeInt(number);
    return bytes.toByteArray();
  }
}

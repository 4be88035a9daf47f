package dev.whittle.samples.heldout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.samples.bench.CrashReplay;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Keeps the held-out crash files of {@code held-out/} (issue 20's benchmark data) valid findings:
 * each one, named {@code crash-<sha1 of its bytes>} as Jazzer wrote it, still gives the finding
 * {@code held-out/expected.tsv} records for it (root exception and top frame, or a stack overflow's
 * recursion), as {@link CrashReplay} describes it. Ordinary findings run here, in process (a {@code
 * FuzzedDataProvider} target with Whittle's pure-Java provider). Resource findings run in a JVM of
 * their own with the limits of {@code held-out/jvm-args.tsv}: an out-of-memory finding so that it
 * cannot take this one down, a stack overflow because the depth it needs depends on how warm the
 * JVM is (compiled frames are smaller than interpreted ones), and a user replays it cold.
 */
class HeldOutCrashesTest {
  private static final Path HELD_OUT = Path.of("held-out");
  private static final Pattern XSS = Pattern.compile("-Xss(\\d+)([kKmM]?)");

  static Stream<String> crashFiles() throws IOException {
    return expected().keySet().stream();
  }

  @Test
  void everyHeldOutCrashFileHasAnExpectation() throws IOException {
    List<String> files = new ArrayList<>();
    try (Stream<Path> all = Files.walk(HELD_OUT)) {
      all.filter(p -> p.getFileName().toString().startsWith("crash-"))
          .forEach(p -> files.add(HELD_OUT.relativize(p).toString()));
    }
    files.sort(null);

    assertEquals(List.copyOf(expected().keySet()), files);
    assertTrue(files.size() >= 5, "held-out crash files: " + files);
  }

  @ParameterizedTest
  @MethodSource("crashFiles")
  void crashFileStillGivesItsRecordedFinding(String file) throws Exception {
    Path crash = HELD_OUT.resolve(file);
    byte[] content = Files.readAllBytes(crash);
    String target = "dev.whittle.samples.heldout." + crash.getParent().getFileName();
    String jvmArgs = jvmArgs().getOrDefault(crash.getParent().getFileName().toString(), "");
    String expected = expected().get(file);

    assertEquals("crash-" + sha1(content), crash.getFileName().toString(), "as Jazzer named it");
    String actual =
        expected.contains("java.lang.OutOfMemoryError")
                || expected.contains("java.lang.StackOverflowError")
            ? inFreshJvm(target, crash, jvmArgs)
            : onThread(target, content, stackSize(jvmArgs));
    assertEquals(expected, actual, file);
  }

  private static String onThread(String target, byte[] content, long stackSize)
      throws InterruptedException {
    AtomicReference<Object> result = new AtomicReference<>();
    Thread thread =
        new Thread(
            null,
            () -> {
              try {
                result.set(CrashReplay.describe(run(target, content)));
              } catch (ReflectiveOperationException | RuntimeException e) {
                result.set(e);
              }
            },
            "held-out replay",
            stackSize);
    thread.start();
    thread.join(TimeUnit.MINUTES.toMillis(2));
    assertTrue(!thread.isAlive(), target + " still runs after 2 minutes");
    if (result.get() instanceof Exception e) {
      throw new AssertionError("could not run " + target, e);
    }
    return (String) result.get();
  }

  /**
   * What the target throws on {@code content} (null: nothing). A {@code FuzzedDataProvider} target
   * gets Whittle's pure-Java provider, differential-tested against Jazzer's native one.
   */
  private static Throwable run(String target, byte[] content) throws ReflectiveOperationException {
    Method entry = null;
    for (Method method : Class.forName(target).getMethods()) {
      if (method.getName().equals("fuzzerTestOneInput")) {
        entry = method;
      }
    }
    assertNotNull(entry, target + ".fuzzerTestOneInput");
    Object argument =
        entry.getParameterTypes()[0] == byte[].class ? content : ByteFuzzedDataProvider.of(content);
    try {
      entry.invoke(null, argument);
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause();
    }
  }

  private static String inFreshJvm(String target, Path crash, String jvmArgs)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.addAll(List.of(jvmArgs.split(" ")));
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            CrashReplay.class.getName(),
            target,
            crash.toString()));
    command.removeIf(String::isEmpty);
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(2, TimeUnit.MINUTES), "replay JVM still runs: " + command);
    return output
        .lines()
        .filter(line -> line.startsWith("crash-replay: "))
        .map(line -> line.substring("crash-replay: ".length()))
        .findFirst()
        .orElse("no output: " + output);
  }

  /** The -Xss of {@code jvmArgs} in bytes, or 0 (the JVM's default) without one. */
  static long stackSize(String jvmArgs) {
    Matcher m = XSS.matcher(jvmArgs);
    if (!m.find()) {
      return 0;
    }
    long unit =
        switch (m.group(2).toLowerCase()) {
          case "k" -> 1024;
          case "m" -> 1024 * 1024;
          default -> 1;
        };
    return Long.parseLong(m.group(1)) * unit;
  }

  /** held-out/expected.tsv: crash file (relative to held-out/) to CrashReplay's description. */
  private static Map<String, String> expected() throws IOException {
    return tsv(HELD_OUT.resolve("expected.tsv"));
  }

  private static Map<String, String> jvmArgs() throws IOException {
    return tsv(HELD_OUT.resolve("jvm-args.tsv"));
  }

  private static Map<String, String> tsv(Path file) throws IOException {
    Map<String, String> rows = new TreeMap<>();
    for (String line : Files.readAllLines(file)) {
      if (!line.isBlank() && !line.startsWith("#")) {
        String[] fields = line.split("\t", 2);
        rows.put(fields[0], fields[1]);
      }
    }
    return rows;
  }

  private static String sha1(byte[] content) throws NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(content));
  }
}

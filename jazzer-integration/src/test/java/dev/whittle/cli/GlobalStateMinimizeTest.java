package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.PlainReplay;
import dev.whittle.jazzer.targets.SystemPropertyTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.TimeZoneTarget;
import dev.whittle.jazzer.targets.TurkishLocaleTarget;
import dev.whittle.jazzer.targets.UrlFactoryTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Targets that change JVM-global state on one input, after which every run in the same JVM throws:
 * a fresh class loader does not reset the default locale, time zone, a system property or a
 * one-shot {@code java.net} factory, so a reduction that trusts its runs shrinks the crash to
 * nothing. Whatever {@code whittle minimize} writes as minimized must throw when the user runs it
 * in a plain JVM of their own; else it must be written as unverified.
 */
class GlobalStateMinimizeTest {
  private static final int CRASH_BYTES = 300;

  @TempDir Path dir;

  static Stream<Arguments> hostileTargets() {
    return Stream.of(
        Arguments.of(TurkishLocaleTarget.class, "TR"),
        Arguments.of(TimeZoneTarget.class, "TZ"),
        Arguments.of(SystemPropertyTarget.class, "PROP"),
        Arguments.of(UrlFactoryTarget.class, "URL"));
  }

  @ParameterizedTest
  @MethodSource("hostileTargets")
  void aResultWrittenAsMinimizedThrowsInAPlainFreshJvm(Class<?> target, String trigger)
      throws Exception {
    Path crash = Files.write(dir.resolve("crash-1"), crash(trigger));

    Subprocess run = whittle(target, "--json", crash.toString());

    List<String> results = results();
    assertEquals(1, results.size(), "one result: " + results + "\n" + run.output());
    String result = results.get(0);
    if (result.startsWith(MinimizationOutputs.UNVERIFIED_PREFIX)) {
      assertEquals(ExitCodes.NOT_VERIFIED, run.exitCode(), run.output());
      return;
    }
    assertEquals(ExitCodes.OK, run.exitCode(), run.output());
    assertEquals(
        "thrown " + IllegalStateException.class.getName(),
        plainReplay(target, dir.resolve(result)),
        "the written "
            + result
            + " ("
            + Files.size(dir.resolve(result))
            + " bytes) in a fresh JVM\n"
            + run.output());
    assertTrue(
        Files.readString(dir.resolve(result), UTF_8).contains(trigger),
        "the trigger survives: " + run.output());
  }

  /**
   * Without fresh JVMs, a locale put back before each run still gives the true result, but a
   * one-shot factory set by a run taints every later one: its result is written as unverified.
   */
  @Test
  void withoutFreshJvmsAOneShotFactoryMakesTheResultUnverified() throws Exception {
    Path crash = Files.write(dir.resolve("crash-1"), crash("URL"));

    Subprocess run = whittle(UrlFactoryTarget.class, "--no-fresh-jvm", crash.toString());

    assertEquals(ExitCodes.NOT_VERIFIED, run.exitCode(), run.output());
    List<String> results = results();
    assertEquals(1, results.size(), results + "\n" + run.output());
    assertTrue(
        results.get(0).startsWith(MinimizationOutputs.UNVERIFIED_PREFIX), results + run.output());
    assertTrue(run.output().contains("URL.setURLStreamHandlerFactory"), run.output());
  }

  @Test
  void withoutFreshJvmsARestoredLocaleStillShrinksToWhatFails() throws Exception {
    Path crash = Files.write(dir.resolve("crash-1"), crash("TR"));

    Subprocess run = whittle(TurkishLocaleTarget.class, "--no-fresh-jvm", crash.toString());

    assertEquals(ExitCodes.OK, run.exitCode(), run.output());
    assertEquals(
        List.of(MinimizationOutputs.MINIMIZED_PREFIX + sha1("TR")), results(), run.output());
  }

  /** A target that leaves the JVM alone is verified as before: no fresh JVM, same result. */
  @Test
  void anOrdinaryTargetIsStillVerifiedInAFreshClassLoaderOnly() throws Exception {
    Path crash = Files.writeString(dir.resolve("crash-1"), "some prefix BUG and a suffix", UTF_8);

    Subprocess run = whittle(BugTarget.class, "--json", crash.toString());

    assertEquals(ExitCodes.OK, run.exitCode(), run.output());
    assertEquals(
        List.of(MinimizationOutputs.MINIMIZED_PREFIX + sha1("BUG")), results(), run.output());
    String json =
        run.output().substring(run.output().indexOf('{'), run.output().lastIndexOf('}') + 1);
    JsonObject entry =
        JsonParser.parseString(json)
            .getAsJsonObject()
            .getAsJsonArray("crashes")
            .get(0)
            .getAsJsonObject();
    assertEquals("fresh class loader", entry.get("verifiedBy").getAsString(), run.output());
    assertTrue(!run.output().contains("JVM-global state"), run.output());
  }

  /** 300 letters with the trigger in the middle, as a fuzzer's crash file has junk around it. */
  private static byte[] crash(String trigger) {
    Random random = new Random(30);
    StringBuilder junk = new StringBuilder();
    while (junk.length() < CRASH_BYTES) {
      junk.append((char) ('a' + random.nextInt(26)));
    }
    junk.replace(CRASH_BYTES / 2, CRASH_BYTES / 2 + trigger.length(), trigger);
    return junk.toString().getBytes(UTF_8);
  }

  private List<String> results() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(
              name ->
                  name.startsWith(MinimizationOutputs.MINIMIZED_PREFIX)
                      || name.startsWith(MinimizationOutputs.UNVERIFIED_PREFIX))
          .sorted()
          .toList();
    }
  }

  private record Subprocess(int exitCode, String output) {}

  /** {@code whittle minimize} in a JVM of its own, as a user runs it. */
  private Subprocess whittle(Class<?> target, String... rest) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                java(),
                "-Dwhittle.jazzer.agent=off",
                "-XX:-OmitStackTraceInFastThrow",
                "-cp",
                System.getProperty("java.class.path"),
                WhittleCommand.class.getName(),
                "minimize",
                "--cp",
                TargetPaths.classPath().get(0).toString(),
                "--target",
                target.getName()));
    command.addAll(List.of(rest));
    Path log = Files.createTempFile("whittle", ".log");
    try {
      Process whittle =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!whittle.waitFor(180, TimeUnit.SECONDS)) {
        whittle.destroyForcibly().waitFor();
      }
      return new Subprocess(whittle.exitValue(), Files.readString(log, UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** The target run once on {@code input} in a plain JVM, without Whittle. */
  private static String plainReplay(Class<?> target, Path input) throws Exception {
    Process replay =
        new ProcessBuilder(
                java(),
                "-cp",
                TargetPaths.classPath().get(0).toString(),
                PlainReplay.class.getName(),
                target.getName(),
                input.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(replay.getInputStream().readAllBytes(), UTF_8).strip();
    replay.waitFor(60, TimeUnit.SECONDS);
    return output;
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String sha1(String content) {
    return MinimizationOutputs.sha1Hex(content.getBytes(UTF_8));
  }
}

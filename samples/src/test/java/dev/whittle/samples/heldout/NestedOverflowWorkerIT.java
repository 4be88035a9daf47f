package dev.whittle.samples.heldout;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's nesting-bound stack overflow in a large library, end to end: {@code whittle minimize}
 * (whittle.jar, in a JVM with the held-out limits {@code -Xss256k -Xmx256m}) reduces JavaParser
 * 3.6.0's overflow in an interpreted worker JVM on twice the stack, not with a freshly loaded
 * JavaParser per run; the result reproduces in 3 of 3 fresh JVMs, and a second minimization gives
 * the same bytes in the same number of runs, where the depth at which a warm or freshly loaded
 * target overflows moved from one run to the next. An integration test: it starts a dozen JVMs.
 */
class NestedOverflowWorkerIT {
  private static final Path WHITTLE_JAR =
      Path.of("..", "jazzer-integration", "target", "whittle.jar").toAbsolutePath().normalize();

  private static final Path CRASH =
      Path.of("held-out", "JavaSourceFuzzer", "crash-ed8547d98423ef483b6760a5dba9632b715077b2");

  @TempDir Path dir;

  @Test
  void javaParsersOverflowIsReducedInAWorkerJvmToTheSameResultEveryTime() throws Exception {
    assertTrue(Files.isRegularFile(WHITTLE_JAR), "build whittle.jar first: " + WHITTLE_JAR);

    String first = minimize("first");
    String second = minimize("second");

    for (String entry : List.of(first, second)) {
      assertEquals("true", field(entry, "verified"), entry);
      assertEquals("fresh JVM", field(entry, "verifiedBy"), entry);
      assertEquals(StackOverflowError.class.getName(), field(entry, "exception"), entry);
      assertTrue(
          field(entry, "verification").endsWith(" KiB stack in an interpreted worker JVM"), entry);
      assertTrue(Long.parseLong(field(entry, "minimizedSize")) < Files.size(CRASH), entry);
    }
    assertEquals(field(first, "runs"), field(second, "runs"), first + "\n" + second);
    assertTrue(
        java.util.Arrays.equals(
            Files.readAllBytes(Path.of(field(first, "minimizedFile"))),
            Files.readAllBytes(Path.of(field(second, "minimizedFile")))),
        first + "\n" + second);
  }

  /**
   * One {@code whittle minimize --json} of the crash into a directory of its own: its JSON line.
   */
  private String minimize(String name) throws Exception {
    Path out = Files.createDirectories(dir.resolve(name));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-XX:-OmitStackTraceInFastThrow", "-Xss256k", "-Xmx256m"));
    command.addAll(
        List.of(
            "-jar",
            WHITTLE_JAR.toString(),
            "minimize",
            "--cp",
            targetClassPath(),
            "--target",
            JavaSourceFuzzer.class.getName(),
            "--output",
            out.resolve("minimized").toString(),
            "--json",
            CRASH.toAbsolutePath().toString()));
    Path log = Files.createTempFile(dir, name, ".log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("did not finish in 10 minutes: " + command);
    }
    String output = Files.readString(log, UTF_8);
    assertEquals(0, process.exitValue(), output);
    return lastJsonLine(output);
  }

  /** The samples' classes and JavaParser, from this test's class path. */
  private static String targetClassPath() {
    List<String> entries = new ArrayList<>();
    entries.add(Path.of("target", "classes").toAbsolutePath().toString());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.contains("javaparser")) {
        entries.add(entry);
      }
    }
    assertEquals(2, entries.size(), "the samples' classes and JavaParser: " + entries);
    return String.join(File.pathSeparator, entries);
  }

  /** A string, number or boolean field of the first crash entry in whittle's --json line. */
  private static String field(String json, String name) {
    Matcher value = Pattern.compile("\"" + name + "\":\"?([^\",]*)").matcher(json);
    assertTrue(value.find(), "no " + name + " in " + json);
    return value.group(1);
  }

  private static String lastJsonLine(String output) {
    String[] lines = output.strip().split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (lines[i].startsWith("{")) {
        return lines[i];
      }
    }
    throw new AssertionError("no JSON line in:\n" + output);
  }
}

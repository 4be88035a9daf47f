package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.targets.RecursionsTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real stack overflows, through several mutually recursive methods so that the frame where one
 * strikes (and with it Jazzer's dedup token) varies from run to run: they are minimized, not
 * refused as flaky, and the result reproduces in fresh JVMs at the default stack size; two
 * recursions of one target stay apart. Each test starts several JVMs.
 */
class StackOverflowMinimizationTest {
  private static final String REPLAY = "dev.whittle.jazzer.crash.FreshJvmReplay";

  @TempDir Path dir;

  private static CrashMinimizer minimizer() {
    return CrashMinimizer.forTarget(RecursionsTarget.class.getName(), TargetPaths.classPath());
  }

  /** Nesting far deeper than any stack here needs, with a few items on the way. */
  private static byte[] deepNesting(int levels) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < levels; i++) {
      text.append(i % 100 == 0 ? "[1," : "[");
    }
    return text.toString().getBytes(ISO_8859_1);
  }

  @Test
  void aDepthBoundOverflowIsMinimizedAndReproducesInFreshJvmsAtTheDefaultStack() throws Exception {
    byte[] crash = deepNesting(20_000);

    MinimizationResult result = minimizer().minimize(crash);

    assertTrue(result.minimized().length < crash.length, result.toString());
    assertTrue(result.verified(), result.verification().toString());
    assertEquals(Verification.FRESH_JVM, result.verification().method());
    java.util.regex.Matcher reducedOn =
        java.util.regex.Pattern.compile("reduced on a (\\d+) KiB")
            .matcher(result.verification().detail());
    assertTrue(reducedOn.find(), result.verification().toString());
    long kib = Long.parseLong(reducedOn.group(1));
    // Twice the depth: twice the stack but for HotSpot's guard and shadow zones, a few pages.
    assertTrue(
        kib > 2 * defaultStackKib() - 256 && kib < 2 * defaultStackKib(),
        "reduced on a stack with twice the depth of the one it was checked with: "
            + result.verification());
    assertTrue(isNestingOverflow(result.finding()), result.finding().toString());
    for (int i = 1; i <= 3; i++) {
      String replay = replayInFreshJvm(result.minimized());
      assertTrue(
          replay.contains("thrown ") && replay.contains(StackOverflowError.class.getName()),
          "fresh JVM " + i + " of 3:\n" + replay);
      assertTrue(replay.contains("Nesting.items"), replay);
    }
  }

  @Test
  void anUnboundedRecursionShrinksToATinyInput() {
    StringBuilder text = new StringBuilder("2\n");
    for (int i = 0; i < 60; i++) {
      text.append("name").append(i).append('=').append("name").append(i + 1).append('\n');
      if (i == 30) {
        text.append("x=y\ny=x\n");
      }
    }

    MinimizationResult result = minimizer().minimize(text.toString().getBytes(UTF_8));

    assertTrue(result.minimized().length <= 4, new String(result.minimized(), UTF_8));
    assertTrue(result.verified(), result.verification().toString());
    assertTrue(
        result.finding().recursion().orElseThrow().frames().toString().contains("Aliases"),
        result.finding().toString());
  }

  @Test
  void anOverflowInOneRecursionIsNotMinimizedIntoTheOther() {
    byte[] nesting = deepNesting(20_000);
    byte[] crash = (new String(nesting, ISO_8859_1) + "\na=b\nb=a\n").getBytes(ISO_8859_1);

    MinimizationResult result = minimizer().minimize(crash);

    assertTrue(isNestingOverflow(result.finding()), result.finding().toString());
    String minimized = new String(result.minimized(), ISO_8859_1);
    assertTrue(
        minimized.startsWith("[") && minimized.length() > 100,
        "kept the nesting, not the 4-byte alias cycle: " + result);
  }

  /** The stack of a thread here and in a fresh JVM without -Xss (this test JVM has none). */
  private static long defaultStackKib() {
    return Long.parseLong(
        java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class)
            .getVMOption("ThreadStackSize")
            .getValue());
  }

  private static boolean isNestingOverflow(Finding finding) {
    return finding.exceptionClassName().equals(StackOverflowError.class.getName())
        && finding.recursion().isPresent()
        && finding.recursion().get().frames().stream().allMatch(f -> f.contains("$Nesting."));
  }

  /** The input in a fresh {@code java} without any -Xss: FreshJvmReplay's lines. */
  private String replayInFreshJvm(byte[] input) throws Exception {
    Path file = Files.write(Files.createTempFile(dir, "minimized", ""), input);
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(REPLAY);
    command.add(RecursionsTarget.class.getName());
    command.add(
        String.join(
            File.pathSeparator, TargetPaths.classPath().stream().map(Path::toString).toList()));
    command.add(file.toString());
    command.add("10000");
    command.add("no-agent");
    Path log = Files.createTempFile(dir, "replay", ".log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "a fresh JVM hung: " + command);
    return Files.readString(log, UTF_8);
  }
}

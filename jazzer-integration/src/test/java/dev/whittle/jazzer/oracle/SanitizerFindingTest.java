package dev.whittle.jazzer.oracle;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.Jazzer;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.targets.CommandInjectionTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finding of Jazzer's OS command injection detector, which throws nothing without Jazzer's agent,
 * minimizes in process once {@link JazzerAgent} has installed it, and keeps the DEDUP_TOKEN the
 * real Jazzer 0.30.0 (standalone driver, its detectors on, in a child JVM) prints for the result.
 */
class SanitizerFindingTest {
  private static final Pattern TOKEN = Pattern.compile("DEDUP_TOKEN: ([0-9a-f]{16})");

  @TempDir Path dir;

  @Test
  void commandInjectionMinimizesWithTheTokenJazzerPrints() throws Exception {
    byte[] crash =
        "From: someone\nSubject: noise before\nrun=jazze\nand some noise after it\n"
            .getBytes(UTF_8);

    MinimizationResult result =
        CrashMinimizer.forTarget(CommandInjectionTarget.class.getName(), TargetPaths.classPath())
            .minimize(crash);

    assertTrue(JazzerAgent.current().installed(), JazzerAgent.current().message());
    assertEquals(
        "com.code_intelligence.jazzer.api.FuzzerSecurityIssueCritical",
        result.finding().exceptionClassName());
    assertEquals("run=jazze", new String(result.minimized(), UTF_8));
    assertTrue(result.verified());
    assertEquals(realJazzersToken(result.minimized()), result.dedupToken());
  }

  /** Jazzer's standalone driver replaying {@code input}, coverage instrumentation off. */
  private String realJazzersToken(byte[] input) throws Exception {
    Path file = Files.write(dir.resolve("input"), input);
    Path log = dir.resolve("jazzer.log");
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:-OmitStackTraceInFastThrow",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            String.join(
                File.pathSeparator,
                TargetPaths.codeSourceOf(Jazzer.class).toString(),
                TargetPaths.codeSourceOf(FuzzedDataProvider.class).toString(),
                TargetPaths.classPath().get(0).toString()),
            Jazzer.class.getName(),
            "--target_class=" + CommandInjectionTarget.class.getName(),
            "--instrumentation_excludes=**",
            "--reproducer_path=" + dir,
            "-artifact_prefix=" + dir + "/",
            file.toString());
    Process jazzer =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!jazzer.waitFor(120, TimeUnit.SECONDS)) {
      jazzer.destroyForcibly();
      throw new AssertionError("Jazzer did not finish within 120 s");
    }
    String output = Files.readString(log, UTF_8);
    Matcher token = TOKEN.matcher(output);
    if (!token.find()) {
      throw new AssertionError("Jazzer printed no DEDUP_TOKEN:\n" + output);
    }
    return token.group(1);
  }
}

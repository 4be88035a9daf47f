package dev.whittle.jazzer.agent;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.targets.CommandInjectionTarget;
import dev.whittle.jazzer.targets.RealJazzer;
import dev.whittle.jazzer.targets.TargetPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finding of Jazzer's OS command injection detector, which throws nothing without Jazzer's agent,
 * minimizes in process once {@link JazzerAgent} has installed it, and keeps the DEDUP_TOKEN the
 * real Jazzer 0.30.0 (standalone driver, its detectors on, in a child JVM) prints for the result.
 */
@Tag("jazzer-agent")
class SanitizerFindingTest {
  private static final Pattern TOKEN = Pattern.compile("DEDUP_TOKEN: ([0-9a-f]{16})");

  /**
   * The token of the minimized command injection, by JDK feature version: its stack passes through
   * {@code ProcessBuilder.start}, whose line numbers are the JDK's own. Measured with the real
   * Jazzer 0.30.0 on each JDK; a JDK not listed is only compared with what Jazzer prints there.
   */
  private static final Map<Integer, String> TOKEN_BY_JDK =
      Map.of(17, "0c156264d7679375", 25, "933a9247724c3df2");

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
    int jdk = Runtime.version().feature();
    if (TOKEN_BY_JDK.containsKey(jdk)) {
      assertEquals(TOKEN_BY_JDK.get(jdk), result.dedupToken(), "on JDK " + jdk);
    }
  }

  /** Jazzer's standalone driver replaying {@code input}, coverage instrumentation off. */
  private String realJazzersToken(byte[] input) throws Exception {
    Path file = Files.write(dir.resolve("input"), input);
    Path log = dir.resolve("jazzer.log");
    List<String> command =
        RealJazzer.command(
            List.of(),
            List.of(),
            CommandInjectionTarget.class.getName(),
            List.of("--reproducer_path=" + dir, "-artifact_prefix=" + dir + "/", file.toString()));
    RealJazzer.await(RealJazzer.start(command, dir, log), Duration.ofSeconds(120));
    String output = Files.readString(log, UTF_8);
    Matcher token = TOKEN.matcher(output);
    if (!token.find()) {
      throw new AssertionError("Jazzer printed no DEDUP_TOKEN:\n" + output);
    }
    return token.group(1);
  }
}

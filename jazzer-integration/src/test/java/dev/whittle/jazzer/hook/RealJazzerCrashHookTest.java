package dev.whittle.jazzer.hook;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.target.TargetSpec;
import dev.whittle.jazzer.targets.CrashOrExitTarget;
import dev.whittle.jazzer.targets.DataProviderTarget;
import dev.whittle.jazzer.targets.MagicInJunkTarget;
import dev.whittle.jazzer.targets.RealJazzer;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzes with the real Jazzer 0.30.0 standalone driver in a child JVM, with Whittle's agent
 * installed, from a seed that already crashes, so that the first input Jazzer runs is a finding.
 * Jazzer's instrumentation is switched off ({@code **} excluded) to keep its start-up short; the
 * hook does not depend on it. Both targets' JVMs run side by side.
 */
class RealJazzerCrashHookTest {
  private static final Pattern TOKEN = Pattern.compile("DEDUP_TOKEN: ([0-9a-f]{16})");
  private static final Pattern HOOK_LINE =
      Pattern.compile(
          "whittle: .*crash-[0-9a-f]{40} \\((\\d+) bytes\\) -> minimized-[0-9a-f]{40}"
              + " \\((\\d+) bytes\\), dedup token ([0-9a-f]{16})");

  @TempDir Path dir;

  private record JazzerRun(Process process, Path work, Path log, byte[] seed) {}

  @Test
  void eachFindingIsMinimizedInJazzersJvmAndKeepsItsDedupToken() throws Exception {
    Path agent = agentJar();
    Random random = new Random(77);
    // About 4 KB of junk with MAGIC in the middle.
    byte[] junk = junk(random, 4000);
    byte[] magic = new byte[junk.length + 5];
    System.arraycopy(junk, 0, magic, 0, 2000);
    System.arraycopy("MAGIC".getBytes(UTF_8), 0, magic, 2000, 5);
    System.arraycopy(junk, 2000, magic, 2005, 2000);
    // Jazzer's provider reads integers from the end: the last four bytes make 0x44332211.
    byte[] provider = new byte[2004];
    System.arraycopy(junk, 0, provider, 0, 2000);
    System.arraycopy(new byte[] {0x11, 0x22, 0x33, 0x44}, 0, provider, 2000, 4);

    JazzerRun bytesRun = startRealJazzer(agent, MagicInJunkTarget.class, magic);
    JazzerRun providerRun = startRealJazzer(agent, DataProviderTarget.class, provider);

    assertMinimizedInRun(bytesRun, MagicInJunkTarget.class, 5);
    assertMinimizedInRun(providerRun, DataProviderTarget.class, 4);
  }

  /**
   * Jazzer defined the target's classes, so their exit calls are not rewritten: a candidate that
   * exits blocks in {@code System.exit} (the JVM is exiting already, in Jazzer's {@code
   * System.exit(77)}) until the call timeout abandons that run, and the minimization goes on.
   */
  @Test
  void aTargetThatExitsDuringTheHookCostsItsCallTimeoutAndNoMore() throws Exception {
    byte[] seed = "xxExxCxxEx".getBytes(UTF_8);

    JazzerRun run =
        startRealJazzer(agentJar(), "=timeout=300ms,budget=60s", CrashOrExitTarget.class, seed);

    assertMinimizedInRun(run, CrashOrExitTarget.class, 1);
  }

  private static byte[] junk(Random random, int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) ('a' + random.nextInt(26)); // Lower case, so never MAGIC.
    }
    return bytes;
  }

  private static void assertMinimizedInRun(JazzerRun run, Class<?> target, int expectedSize)
      throws Exception {
    if (!run.process().waitFor(120, TimeUnit.SECONDS)) {
      run.process().destroyForcibly();
      throw new AssertionError("Jazzer did not finish within 120 s");
    }
    String log = Files.readString(run.log(), UTF_8);
    assertEquals(77, run.process().exitValue(), log);
    Matcher printed = TOKEN.matcher(log);
    assertTrue(printed.find(), log);
    String jazzersToken = printed.group(1);

    Path out = run.work().resolve("out");
    Path crash = out.resolve("crash-" + MinimizationOutputs.sha1Hex(run.seed()));
    assertTrue(Files.exists(crash), log);
    assertArrayEquals(run.seed(), Files.readAllBytes(crash), "the crash file is left as it was");
    List<Path> minimizedFiles = filesStartingWith(out, "minimized-");
    assertEquals(1, minimizedFiles.size(), log);
    byte[] minimized = Files.readAllBytes(minimizedFiles.get(0));
    assertEquals(expectedSize, minimized.length, log);
    assertEquals(
        "minimized-" + MinimizationOutputs.sha1Hex(minimized),
        minimizedFiles.get(0).getFileName().toString());
    assertTrue(
        Files.exists(out.resolve("Crash_" + MinimizationOutputs.sha1Hex(minimized) + ".java")));

    Matcher hook = HOOK_LINE.matcher(log);
    assertTrue(hook.find(), log);
    assertEquals(run.seed().length, Integer.parseInt(hook.group(1)));
    assertEquals(minimized.length, Integer.parseInt(hook.group(2)));
    assertEquals(jazzersToken, hook.group(3));
    // Replayed apart from Jazzer, by the in-process token that matches the one Jazzer prints.
    TargetSpec spec = TargetSpec.of(target.getName(), TargetPaths.classPathUrls());
    try (TargetRunner runner = TargetRunner.open(spec, Duration.ofSeconds(10), false)) {
      Finding finding = runner.run(minimized);
      assertNotNull(finding);
      assertEquals(jazzersToken, finding.identity());
    }
  }

  private static List<Path> filesStartingWith(Path directory, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList();
    }
  }

  /**
   * What {@code whittle.jar} is to users, made from the build's class directories: a jar holding
   * only a manifest naming the agent, with Whittle on the class path.
   */
  private Path agentJar() throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().putValue("Premain-Class", WhittleAgent.class.getName());
    Path jar = dir.resolve("agent.jar");
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream ignored = new JarOutputStream(out, manifest)) {
      // The manifest is all.
    }
    return jar;
  }

  private JazzerRun startRealJazzer(Path agent, Class<?> target, byte[] seed) throws IOException {
    return startRealJazzer(agent, "", target, seed);
  }

  /**
   * @param agentOptions appended to the agent's path ({@code =name=value,...}), or empty
   */
  private JazzerRun startRealJazzer(Path agent, String agentOptions, Class<?> target, byte[] seed)
      throws IOException {
    Path work = Files.createDirectories(dir.resolve(target.getSimpleName()));
    Path corpus = Files.createDirectories(work.resolve("corpus"));
    Files.createDirectories(work.resolve("out"));
    Files.write(corpus.resolve("seed"), seed);
    List<String> command =
        RealJazzer.command(
            List.of("-javaagent:" + agent + agentOptions),
            List.of(
                TargetPaths.codeSourceOf(WhittleAgent.class),
                TargetPaths.codeSourceOf(Whittle.class),
                TargetPaths.codeSourceOf(ImmutableList.class)),
            target.getName(),
            List.of(
                "--custom_hook_excludes=**",
                "--reproducer_path=" + work,
                "-artifact_prefix=" + work.resolve("out") + "/",
                "-runs=1000",
                corpus.toString()));
    Path log = work.resolve("jazzer.log");
    Process process = RealJazzer.start(command, work, log);
    return new JazzerRun(process, work, log, seed);
  }
}

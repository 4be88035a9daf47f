package dev.whittle.jazzer.finding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.target.TargetSpec;
import dev.whittle.jazzer.targets.DataProviderTarget;
import dev.whittle.jazzer.targets.DedupZooTarget;
import dev.whittle.jazzer.targets.RealJazzer;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real Jazzer 0.30.0 standalone driver in a child JVM on one crash file per kind of
 * finding and checks that the in-process token is the {@code DEDUP_TOKEN} it prints. Jazzer's
 * instrumentation is switched off ({@code **} excluded), which keeps the run at about two seconds
 * and changes no stack frame; its finding processing is untouched.
 */
class RealJazzerDedupTokenTest {
  private static final Pattern RUNNING = Pattern.compile("^Running: (.+)$");
  private static final Pattern TOKEN = Pattern.compile("DEDUP_TOKEN: ([0-9a-f]{16})");

  @TempDir Path dir;

  private record JazzerRun(Process process, Path log) {}

  /**
   * Both targets in one test, their Jazzer JVMs side by side: Jazzer spends most of its start-up
   * (about 6 s) installing its hooks, which no option switches off without losing the token.
   */
  @Test
  void everyKindOfFindingGetsTheTokenJazzerPrints() throws Exception {
    Map<String, byte[]> zoo = new LinkedHashMap<>();
    for (char kind : DedupZooTarget.KINDS.toCharArray()) {
      zoo.put("zoo-" + kind, ("" + kind + "-input").getBytes(UTF_8));
    }
    Map<String, byte[]> provider = new LinkedHashMap<>();
    provider.put("magic", new byte[] {'a', 'b', 0x11, 0x22, 0x33, 0x44});
    provider.put("inside-provider", new byte[] {'x', 'y', 'z', 0, 0, 0, 0});
    JazzerRun zooJazzer = startRealJazzer(DedupZooTarget.class.getName(), zoo);
    JazzerRun providerJazzer = startRealJazzer(DataProviderTarget.class.getName(), provider);

    Map<String, String> zooInProcess = inProcessTokens(DedupZooTarget.class, zoo);
    Map<String, String> providerInProcess = inProcessTokens(DataProviderTarget.class, provider);

    Map<String, String> zooTokens = tokensPrintedBy(zooJazzer);
    assertEquals(zooTokens, zooInProcess);
    assertEquals(zoo.size(), zooTokens.size(), "every kind must be a distinct finding");
    Map<String, String> providerTokens = tokensPrintedBy(providerJazzer);
    assertEquals(providerTokens, providerInProcess);
    assertEquals(provider.size(), providerTokens.size());
  }

  private static Map<String, String> inProcessTokens(Class<?> target, Map<String, byte[]> inputs) {
    Map<String, String> tokens = new LinkedHashMap<>();
    TargetSpec spec = TargetSpec.of(target.getName(), TargetPaths.classPathUrls());
    try (TargetRunner runner = TargetRunner.open(spec, Duration.ofSeconds(10), false)) {
      inputs.forEach(
          (name, bytes) -> {
            Finding finding = runner.run(bytes);
            assertNotNull(finding, name);
            tokens.put(name, finding.identity());
          });
    }
    return tokens;
  }

  /** Jazzer's standalone driver on every input in one JVM, thanks to --keep_going. */
  private JazzerRun startRealJazzer(String targetClass, Map<String, byte[]> inputs)
      throws IOException {
    Path work = Files.createDirectories(dir.resolve(targetClass));
    List<String> arguments = new ArrayList<>();
    arguments.add("--custom_hook_excludes=**");
    arguments.add("--keep_going=" + (inputs.size() + 1));
    arguments.add("--reproducer_path=" + work);
    arguments.add("-artifact_prefix=" + work + "/");
    for (Map.Entry<String, byte[]> input : inputs.entrySet()) {
      Path file = work.resolve(input.getKey());
      Files.write(file, input.getValue());
      arguments.add(file.toString());
    }
    Path log = work.resolve("jazzer.log");
    Process process =
        RealJazzer.start(
            RealJazzer.command(List.of(), List.of(), targetClass, arguments), work, log);
    return new JazzerRun(process, log);
  }

  /** Input name to the token Jazzer printed for it. */
  private static Map<String, String> tokensPrintedBy(JazzerRun jazzer)
      throws IOException, InterruptedException {
    if (!jazzer.process().waitFor(90, TimeUnit.SECONDS)) {
      jazzer.process().destroyForcibly();
      throw new AssertionError("Jazzer did not finish within 90 s");
    }
    return tokensByInput(Files.readString(jazzer.log(), UTF_8));
  }

  private static Map<String, String> tokensByInput(String output) {
    Map<String, String> tokens = new LinkedHashMap<>();
    String current = null;
    for (String line : output.split("\n")) {
      Matcher running = RUNNING.matcher(line);
      if (running.find()) {
        current = Path.of(running.group(1).trim()).getFileName().toString();
      }
      Matcher token = TOKEN.matcher(line);
      if (token.find() && current != null) {
        tokens.put(current, token.group(1));
      }
    }
    if (tokens.isEmpty()) {
      throw new AssertionError("Jazzer printed no DEDUP_TOKEN:\n" + output);
    }
    return tokens;
  }
}

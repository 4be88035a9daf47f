package dev.whittle.samples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.Jazzer;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.CrashMinimizer;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The bar of the Jazzer integration, checked with the real fuzzer: each sample crash, minimized in
 * process, replayed by Jazzer 0.30.0's own standalone driver prints the DEDUP_TOKEN Jazzer printed
 * for the original crash (recorded in docs/jazzer-baseline.md).
 */
class RealJazzerReplayTest {
  private static final Pattern TOKEN = Pattern.compile("DEDUP_TOKEN: ([0-9a-f]{16})");
  private static final Map<String, String> ORIGINAL_TOKENS =
      Map.of(
          "ChunkedImageFuzzer", "df72498130374711",
          "RingBufferFuzzer", "53e01b43d934c9f5",
          "AttachmentViewerFuzzer", "8e92fb1bdc52df45");

  @TempDir Path dir;

  @Test
  void everyMinimizedSampleCrashReplaysWithTheOriginalsToken() throws Exception {
    Map<String, Process> replays = new LinkedHashMap<>();
    for (String target : ORIGINAL_TOKENS.keySet()) {
      byte[] minimized =
          CrashMinimizer.forTarget(
                  "dev.whittle.samples." + target, List.of(Path.of("target", "classes")))
              .withExitGuard(false)
              .minimize(SampleCrashes.onlyCrashFile(target))
              .minimized();
      Path work = Files.createDirectories(dir.resolve(target));
      Files.write(work.resolve("input"), minimized);
      replays.put(target, replay(target, work));
    }
    for (Map.Entry<String, Process> replay : replays.entrySet()) {
      String target = replay.getKey();
      Process jazzer = replay.getValue();
      if (!jazzer.waitFor(180, TimeUnit.SECONDS)) {
        jazzer.destroyForcibly();
        throw new AssertionError("Jazzer did not finish replaying " + target);
      }
      String log = Files.readString(dir.resolve(target).resolve("jazzer.log"), UTF_8);
      Matcher token = TOKEN.matcher(log);
      assertTrue(token.find(), target + ": Jazzer found nothing:\n" + log);
      assertEquals(ORIGINAL_TOKENS.get(target), token.group(1), target);
      assertEquals(77, jazzer.exitValue(), target + ": Jazzer's exit status for a finding");
    }
  }

  /** The real driver on the minimized input, coverage instrumentation off, detectors on. */
  private static Process replay(String target, Path work) throws IOException, URISyntaxException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-cp");
    command.add(
        String.join(
            File.pathSeparator,
            codeSourceOf(Jazzer.class),
            codeSourceOf(FuzzedDataProvider.class),
            Path.of("target", "classes").toAbsolutePath().toString()));
    command.add(Jazzer.class.getName());
    command.add("--target_class=dev.whittle.samples." + target);
    command.add("--instrumentation_excludes=**");
    command.add("--reproducer_path=" + work);
    command.add("-artifact_prefix=" + work + "/");
    command.add(work.resolve("input").toString());
    return new ProcessBuilder(command)
        .directory(work.toFile())
        .redirectErrorStream(true)
        .redirectOutput(work.resolve("jazzer.log").toFile())
        .start();
  }

  private static String codeSourceOf(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }
}

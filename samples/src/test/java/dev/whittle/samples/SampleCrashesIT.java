package dev.whittle.samples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.Jazzer;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.MinimizationResult;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bar of the Jazzer integration on every committed sample crash, end to end: each crash,
 * minimized in process once ({@link SampleMinimizations}), is no larger than what Jazzer 0.30.0's
 * own {@code -minimize_crash=1} reached on the same file (docs/dev/jazzer-baseline.md) and keeps
 * the DEDUP_TOKEN Jazzer printed for the original ({@link SampleTokens}); and Jazzer's own
 * standalone driver, replaying the minimized file, prints that token too. The sizes and tokens come
 * from Jazzer runs, not from Whittle. An integration test: it starts a JVM with the real Jazzer per
 * sample.
 */
class SampleCrashesIT {
  private static final List<String> TARGETS =
      List.of("ChunkedImageFuzzer", "RingBufferFuzzer", "AttachmentViewerFuzzer");
  private static final Pattern TOKEN = Pattern.compile("DEDUP_TOKEN: ([0-9a-f]{16})");

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "ChunkedImageFuzzer, 346",
    "RingBufferFuzzer, 569",
    // An OS command injection: Jazzer's detector reports it, installed in process on demand.
    "AttachmentViewerFuzzer, 63",
  })
  void theMinimizedCrashIsNoLargerThanJazzersAndKeepsItsToken(
      String target, int jazzerMinimizedSize) {
    MinimizationResult result = SampleMinimizations.of(target);

    assertEquals(SampleTokens.of(target), result.dedupToken());
    assertTrue(result.verified(), "the result crashes a freshly loaded target the same way");
    assertTrue(
        result.minimized().length <= jazzerMinimizedSize,
        target
            + ": "
            + result.minimized().length
            + " bytes, Jazzer reached "
            + jazzerMinimizedSize);
  }

  @Test
  void everyMinimizedSampleCrashReplaysWithTheOriginalsToken() throws Exception {
    Map<String, Process> replays = new LinkedHashMap<>();
    for (String target : TARGETS) {
      Path work = Files.createDirectories(dir.resolve(target));
      Files.write(work.resolve("input"), SampleMinimizations.of(target).minimized());
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
      assertEquals(SampleTokens.of(target), token.group(1), target);
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

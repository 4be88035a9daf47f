package dev.whittle.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Replays the committed Jazzer crash files in process, calling {@code fuzzerTestOneInput} directly,
 * so that they stay valid findings when the targets change; and checks that the committed seeds are
 * the ones {@link SeedCorpus} builds and do not fail.
 *
 * <p>The OS command injection of {@link AttachmentViewerFuzzer} is reported by Jazzer's bug
 * detector, a hook that only Jazzer's agent installs. Without it the crash file throws nothing (the
 * failed process start is an {@link IOException} the target swallows), so the test checks what can
 * be checked here: the command the target would start is {@code jazze}. Replaying with the detector
 * armed is the Jazzer integration's job (see samples/crashes/README.md).
 */
class CrashFilesTest {
  private static final Path CRASHES = Path.of("crashes");
  private static final Path SEEDS = Path.of("seeds");

  @Test
  void chunkedImageCrashIndexesPastTheShortPalette() throws IOException {
    byte[] crash = onlyCrashFile("ChunkedImageFuzzer");

    ArrayIndexOutOfBoundsException e =
        assertThrows(
            ArrayIndexOutOfBoundsException.class,
            () -> ChunkedImageFuzzer.fuzzerTestOneInput(crash));

    assertThrownIn(e, ChunkedImage.class, "rgb");
  }

  @Test
  void ringBufferCrashDisagreesWithArrayDeque() throws IOException {
    byte[] crash = onlyCrashFile("RingBufferFuzzer");

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> withProvider(crash, RingBufferFuzzer::fuzzerTestOneInput));

    assertThrownIn(e, RingBufferFuzzer.class, "check");
    assertTrue(e.getMessage().startsWith("contents: "), e.getMessage());
    assertTrue(e.getMessage().contains("null"), e.getMessage());
  }

  @Test
  void attachmentViewerCrashPreviewsWithTheCommandJazzerFlags() throws Exception {
    byte[] crash = onlyCrashFile("AttachmentViewerFuzzer");

    assertEquals(List.of("jazze", "build-logs.bz2"), AttachmentViewerFuzzer.previewCommand(crash));
  }

  @Test
  void attachmentViewerCrashThrowsNothingWithoutJazzersDetector() throws IOException {
    byte[] crash = onlyCrashFile("AttachmentViewerFuzzer");

    // No process runs: the start fails in the viewer directory below /dev/null.
    assertDoesNotThrow(() -> AttachmentViewerFuzzer.fuzzerTestOneInput(crash));
  }

  @Test
  void attachmentViewerSeedPreviewsWithAHarmlessHelper() throws Exception {
    byte[] seed = Files.readAllBytes(SEEDS.resolve("AttachmentViewerFuzzer/seed"));

    assertEquals(List.of("bzip2", "build-logs.bz2"), AttachmentViewerFuzzer.previewCommand(seed));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ChunkedImageFuzzer", "RingBufferFuzzer", "AttachmentViewerFuzzer"})
  void committedSeedIsTheGeneratedOneAndPasses(String target) throws IOException {
    byte[] seed = Files.readAllBytes(SEEDS.resolve(target).resolve("seed"));

    assertArrayEquals(SeedCorpus.all().get(target), seed, "regenerate with SeedCorpus");
    switch (target) {
      case "ChunkedImageFuzzer" -> ChunkedImageFuzzer.fuzzerTestOneInput(seed);
      case "RingBufferFuzzer" -> withProvider(seed, RingBufferFuzzer::fuzzerTestOneInput);
      default -> AttachmentViewerFuzzer.fuzzerTestOneInput(seed);
    }
  }

  @Test
  void chunkedImageSeedDecodes() throws Exception {
    ChunkedImage image = ChunkedImage.decode(SeedCorpus.chunkedImage());

    assertEquals(48, image.width());
    assertEquals(32, image.height());
    assertEquals(List.of("Title", "Software", "Comment"), List.copyOf(image.text().keySet()));
  }

  /**
   * The one crash-* file in crashes/TARGET, which must be named crash-SHA1 after its content. Other
   * files are ignored: `whittle minimize` writes its results next to the crash.
   */
  private static byte[] onlyCrashFile(String target) throws IOException {
    Path file = SampleCrashes.onlyCrashFile(target);
    byte[] content = Files.readAllBytes(file);
    assertEquals("crash-" + sha1(content), file.getFileName().toString());
    return content;
  }

  private static void withProvider(byte[] data, Consumer<FuzzedDataProvider> target) {
    target.accept(ByteFuzzedDataProvider.of(data));
  }

  private static void assertThrownIn(Throwable e, Class<?> type, String method) {
    StackTraceElement top = e.getStackTrace()[0];
    assertEquals(type.getName() + "." + method, top.getClassName() + "." + top.getMethodName());
  }

  private static String sha1(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}

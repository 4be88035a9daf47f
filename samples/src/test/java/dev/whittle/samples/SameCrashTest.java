package dev.whittle.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The test command of {@code whittle reduce} on the ChunkedImage crash (docs/dev/benchmarks.md,
 * section 9) tells the crash's finding from others, and accepts the 42 bytes both {@code reduce
 * --passes all} and {@code minimize} reach.
 */
class SameCrashTest {
  /** WIMG, HEAD (85x4096, 32 colours), an empty PLTE, an empty DATA and END. */
  private static final byte[] MINIMIZED =
      HexFormat.of()
          .parseHex(
              "57494d470000000648454144005510002000000000"
                  + "00504c54450000000044415441000000"
                  + "00454e4420");

  @Test
  void theCrashAndItsMinimizedFormHaveOneFindingAndTheSeedNone() throws Exception {
    Method entry = ChunkedImageFuzzer.class.getMethod("fuzzerTestOneInput", byte[].class);
    byte[] crash = Files.readAllBytes(SampleCrashes.onlyCrashFile("ChunkedImageFuzzer"));
    byte[] seed = Files.readAllBytes(Path.of("seeds", "ChunkedImageFuzzer", "seed"));

    Optional<List<String>> original = SameCrash.finding(entry, crash);

    assertTrue(original.isPresent());
    assertEquals(ArrayIndexOutOfBoundsException.class.getName(), original.get().get(0));
    assertTrue(
        original.get().get(original.get().size() - 1).contains("fuzzerTestOneInput"),
        original::toString);
    assertEquals(42, MINIMIZED.length);
    assertEquals(original, SameCrash.finding(entry, MINIMIZED));
    assertEquals(Optional.empty(), SameCrash.finding(entry, seed));
  }

  @Test
  void anotherFindingIsNotTheSame() throws IOException, ReflectiveOperationException {
    Method entry = ChunkedImageFuzzer.class.getMethod("fuzzerTestOneInput", byte[].class);
    byte[] crash = Files.readAllBytes(SampleCrashes.onlyCrashFile("ChunkedImageFuzzer"));
    // The same bug entered through another method of the fuzzer class is another finding.
    Method other = SameCrashTest.class.getDeclaredMethod("fuzzerTestOneInput", byte[].class);

    assertTrue(SameCrash.finding(other, crash).isPresent());
    assertNotEquals(SameCrash.finding(entry, crash), SameCrash.finding(other, crash));
  }

  /** Calls the sample target one frame deeper, as another entry point would. */
  public static void fuzzerTestOneInput(byte[] data) {
    ChunkedImageFuzzer.fuzzerTestOneInput(data);
  }
}

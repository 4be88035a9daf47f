package dev.whittle.samples.parsers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The frozen parser crashes of the C-Vise comparison cannot rot: each still throws its recorded
 * signature (exception type and top frames, what its test script checks) in process, and the
 * README's table, with each crash's format and whether a strict parser rejects it, is what {@link
 * ParserCrashTable} computes from the files.
 */
class ParserCrashesTest {
  private static final Path DIR = Path.of("crashes/parsers");

  @Test
  void everyCrashStillThrowsItsRecordedSignature() throws Exception {
    List<Path> crashes = ParserCrashTable.crashes(DIR);
    assertFalse(crashes.isEmpty(), "no crash files under " + DIR.toAbsolutePath());
    for (Path crash : crashes) {
      List<String> expected =
          Files.readAllLines(Path.of(crash + ".signature"), StandardCharsets.UTF_8);
      assertTrue(expected.size() >= 2, crash + ".signature: a type and at least one frame");
      String target = "dev.whittle.samples.parsers." + crash.getParent().getFileName();
      List<String> actual =
          CrashCheck.signature(target, Files.readAllBytes(crash), expected.size() - 1);
      assertEquals(onThisJdk(expected), onThisJdk(actual), crash.toString());
    }
  }

  /**
   * The signatures were recorded on JDK 17; on another JDK the JDK's own frames (a module name
   * before the class) sit at other lines, so there they are compared without line numbers.
   */
  private static List<String> onThisJdk(List<String> signature) {
    if (Runtime.version().feature() == 17) {
      return signature;
    }
    return signature.stream()
        .map(
            frame -> frame.matches("java\\.[a-z]+/.*") ? frame.replaceAll(":\\d+\\)$", ")") : frame)
        .collect(Collectors.toList());
  }

  @Test
  void readmeTableIsTheComputedOne() throws IOException {
    String readme = Files.readString(DIR.resolve("README.md"), StandardCharsets.UTF_8);
    List<String> missing =
        ParserCrashTable.rows(DIR).stream()
            .filter(row -> !readme.contains(row))
            .collect(Collectors.toList());
    assertEquals(List.of(), missing, "rows missing from " + DIR.resolve("README.md"));
  }

  @Test
  void aSignatureDoesNotMatchAnInputThatDoesNotCrash() throws Exception {
    assertEquals(
        List.of(),
        CrashCheck.signature(
            "dev.whittle.samples.parsers.YamlFuzzer",
            "a: b\n".getBytes(StandardCharsets.UTF_8),
            3));
  }

  @Test
  void strictParsersTellMalformedInputs() {
    assertTrue(StrictParsers.malformed("JSON", bytes("{a:1}")));
    assertFalse(StrictParsers.malformed("JSON", bytes("{\"a\":1}")));
    assertTrue(StrictParsers.malformed("XML", bytes("<a><b></a>")));
    assertFalse(StrictParsers.malformed("XML", bytes("<a><b/></a>")));
    assertTrue(StrictParsers.malformed("HTML", bytes("<!DOCTYPE html><p><b>x</p></b>")));
    assertFalse(
        StrictParsers.malformed(
            "HTML",
            bytes("<!DOCTYPE html><html><head><title>t</title></head><body></body></html>")));
    assertTrue(StrictParsers.malformed("YAML", bytes("a: [b")));
    assertFalse(StrictParsers.malformed("YAML", bytes("a: [b]")));
    assertTrue(StrictParsers.malformed("regex", bytes("a(")));
    assertFalse(StrictParsers.malformed("regex", bytes("a(b)")));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}

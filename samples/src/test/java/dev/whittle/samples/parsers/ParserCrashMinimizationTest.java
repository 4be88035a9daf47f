package dev.whittle.samples.parsers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parser crashes where the default minimization once settled on a result plain ddmin beats
 * (docs/dev/crash-bench-first-run.md): a whole head, tail or run no single deletion takes off, or
 * one of two ways to the failure that the search kept where ddmin kept the other. Each now ends as
 * small as plain ddmin under the same identity.
 */
class ParserCrashMinimizationTest {
  private static final Path DIR = Path.of("crashes/parsers");
  private static final Path CLASSES = Path.of("target", "classes");

  private static MinimizationResult minimize(String target, String crash) throws Exception {
    return CrashMinimizer.forTarget("dev.whittle.samples.parsers." + target, List.of(CLASSES))
        .withExitGuard(false)
        .minimize(DIR.resolve(target).resolve(crash));
  }

  @Test
  void anXmlCrashLosesTheDeclarationItNoLongerNeeds() throws Exception {
    // Before: the DOCTYPE with its entity stayed in front, 41 bytes; ddmin: 13. Since the coarse
    // start, 13 bytes still, another character after the CDATA opening.
    MinimizationResult result =
        minimize("XmlFuzzer", "crash-6916ea2d7a9f91b669b779cac6a7986788a333a0");
    assertArrayEquals(
        "<n><![CDATA[ ".getBytes(StandardCharsets.ISO_8859_1),
        result.minimized(),
        new String(result.minimized(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void anHtmlCrashLosesTheElementAfterTheDoctype() throws Exception {
    // Before: "<textarea></textarea>" stayed after the DOCTYPE, 33 bytes; ddmin: 12.
    MinimizationResult result =
        minimize("HtmlWellFormedFuzzer", "crash-5c9b04c9398b5e68643d0c42b181f6faa88d5761");
    assertArrayEquals(
        "<!DOCTYPE \u00ff>".getBytes(StandardCharsets.ISO_8859_1),
        result.minimized(),
        new String(result.minimized(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void aJsonCrashLosesTheHalvesItNoLongerNeeds() throws Exception {
    // Before: 131 bytes, an object whose number is followed by 125 NULs; ddmin: 32. Since the
    // coarse start, 32 bytes still, another digit.
    MinimizationResult result =
        minimize("JsonSmartFuzzer", "crash-30b5d94125c65aeeee22b7a39a755a4904ff8a21");
    assertArrayEquals(
        ("[{\0:88" + "\0".repeat(26)).getBytes(StandardCharsets.ISO_8859_1),
        result.minimized(),
        new String(result.minimized(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void anHtmlCrashKeepsTheShorterOfTwoElementsAsDdminDoes() throws Exception {
    // Before: "<noscript><textarea/l>" and a newline, 23 bytes; ddmin: "<noscript><pre>" and a
    // newline, 16, which holds no textarea to delete down from.
    MinimizationResult result =
        minimize("HtmlFuzzer", "crash-3d4595142454fcb3792706e9346ff113ef1ed133");
    assertArrayEquals(
        "<noscript><pre>\n".getBytes(StandardCharsets.ISO_8859_1),
        result.minimized(),
        new String(result.minimized(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void aJsonCrashKeepsTheDigitsOfItsLongNumberAsDdminDoes() throws Exception {
    // Before: 34 bytes, the number's digits taken apart down to "17" and 25 NULs in their place;
    // ddmin: 26, eighteen digits and two NULs; now also 26, twelve digits and eight NULs.
    MinimizationResult result =
        minimize("JsonSmartFuzzer", "crash-935f851124f3dca8b6de9131645b5ae6bb7c8760");
    assertArrayEquals(
        ("{\0:{\0:000000001846" + "\0".repeat(8)).getBytes(StandardCharsets.ISO_8859_1),
        result.minimized(),
        new String(result.minimized(), StandardCharsets.ISO_8859_1));
  }
}

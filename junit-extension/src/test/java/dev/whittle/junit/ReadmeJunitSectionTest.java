package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README.md's section on the extension is what a user can copy: every annotation its code shows is
 * imported there by its real name, the dependency is this module's artifact, and the JUnit BOM the
 * build uses is there, since jazzer-junit 0.30.0 alone pulls JUnit Platform 1.9.0, older than the
 * Jupiter the extension is built against.
 */
class ReadmeJunitSectionTest {
  /** Surefire runs in the module's directory; the README and the parent POM are the project's. */
  private static final Path ROOT = Path.of("..");

  private static final String HEADING = "## JUnit 5 extension";

  @Test
  void everyAnnotationInTheJavaExamplesIsImportedByItsRealName() throws IOException {
    List<String> blocks = codeBlocks(section(), "java");
    assertFalse(blocks.isEmpty(), "the section shows no Java code");
    for (String block : blocks) {
      Matcher annotation = Pattern.compile("@([A-Z]\\w*)").matcher(block);
      while (annotation.find()) {
        String simpleName = annotation.group(1);
        Matcher imported = Pattern.compile("import ([\\w.]+\\." + simpleName + ");").matcher(block);
        assertTrue(
            imported.find(),
            () -> "README's JUnit example uses @" + simpleName + " without its import:\n" + block);
        String className = imported.group(1);
        assertDoesNotThrow(
            () -> Class.forName(className), () -> "README imports " + className + ", not a class");
      }
    }
  }

  @Test
  void theDependencyIsThisModuleAndTheJunitBomIsTheBuildsOne() throws IOException {
    String section = section();
    String modulePom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
    String parentPom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);

    String artifactId = firstTag(modulePom.substring(modulePom.indexOf("</parent>")), "artifactId");
    assertTrue(section.contains("<artifactId>" + artifactId + "</artifactId>"), artifactId);
    String junitVersion = firstTag(parentPom, "junit.version");
    assertTrue(
        section.contains("<artifactId>junit-bom</artifactId>"),
        "README's JUnit section should import the JUnit BOM");
    assertTrue(
        section.contains("<version>" + junitVersion + "</version>"),
        () -> "README's JUnit BOM should be the build's, " + junitVersion);
    assertTrue(section.contains("<scope>import</scope>"), "the BOM is imported");
  }

  private static String section() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    int start = lines.indexOf(HEADING);
    assertTrue(start >= 0, "README.md has no heading " + HEADING);
    int end = start + 1;
    while (end < lines.size() && !lines.get(end).startsWith("## ")) {
      end++;
    }
    return String.join("\n", lines.subList(start, end));
  }

  private static List<String> codeBlocks(String text, String language) {
    List<String> blocks = new ArrayList<>();
    Matcher block = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(text);
    while (block.find()) {
      blocks.add(block.group(1));
    }
    return blocks;
  }

  private static String firstTag(String xml, String tag) {
    Matcher matcher = Pattern.compile("<" + Pattern.quote(tag) + ">([^<]*)</").matcher(xml);
    assertTrue(matcher.find(), "no <" + tag + ">");
    return matcher.group(1).trim();
  }
}

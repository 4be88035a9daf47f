package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a user copies about the extension is true, in the README's quick start and on its page
 * (docs/junit-extension.md) alike: every annotation their code shows is imported there by its real
 * name, the dependency is this module's artifact, and the JUnit BOM the build uses is there, since
 * jazzer-junit 0.30.0 alone pulls JUnit Platform 1.9.0, older than the Jupiter the extension is
 * built against. The page's settings table has a row for every key of {@link WhittleConfiguration}
 * and no other.
 */
class JunitExtensionDocsTest {
  /**
   * Surefire runs in the module's directory; the README, docs/ and the parent POM are the
   * project's.
   */
  private static final Path ROOT = Path.of("..");

  private static final String README = "README.md";
  private static final String PAGE = "docs/junit-extension.md";

  @ParameterizedTest
  @ValueSource(strings = {README, PAGE})
  void everyAnnotationInTheJavaExamplesIsImportedByItsRealName(String file) throws IOException {
    List<String> blocks = codeBlocks(extensionText(file), "java");
    assertFalse(blocks.isEmpty(), () -> file + " shows no Java code for the extension");
    for (String block : blocks) {
      Matcher annotation = Pattern.compile("@([A-Z]\\w*)").matcher(block);
      while (annotation.find()) {
        String simpleName = annotation.group(1);
        Matcher imported = Pattern.compile("import ([\\w.]+\\." + simpleName + ");").matcher(block);
        assertTrue(
            imported.find(),
            () -> file + "'s JUnit example uses @" + simpleName + " without its import:\n" + block);
        String className = imported.group(1);
        assertDoesNotThrow(
            () -> Class.forName(className), () -> file + " imports " + className + ", not a class");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {README, PAGE})
  void theDependencyIsThisModuleAndTheJunitBomIsTheBuildsOne(String file) throws IOException {
    String text = extensionText(file);
    String modulePom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
    String parentPom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);

    String artifactId = firstTag(modulePom.substring(modulePom.indexOf("</parent>")), "artifactId");
    assertTrue(text.contains("<artifactId>" + artifactId + "</artifactId>"), artifactId);
    String junitVersion = firstTag(parentPom, "junit.version");
    assertTrue(
        text.contains("<artifactId>junit-bom</artifactId>"),
        () -> file + "'s JUnit extension text should import the JUnit BOM");
    assertTrue(
        text.contains("<version>" + junitVersion + "</version>"),
        () -> file + "'s JUnit BOM should be the build's, " + junitVersion);
    assertTrue(text.contains("<scope>import</scope>"), "the BOM is imported");
  }

  @Test
  void theSettingsTableHasARowForEveryConfigurationKeyAndNoOther() throws IOException {
    Set<String> rows = new TreeSet<>();
    Matcher row = Pattern.compile("(?m)^\\| `(whittle\\.[a-z.-]+)`").matcher(extensionText(PAGE));
    while (row.find()) {
      rows.add(row.group(1));
    }
    assertEquals(
        configurationKeys(), rows, PAGE + "'s settings table against WhittleConfiguration");
  }

  /**
   * The text on the extension: the README's section headed "JUnit 5 extension" (at any level, up to
   * the next heading of that level or above), or the whole page.
   */
  private static String extensionText(String file) throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve(file), StandardCharsets.UTF_8);
    if (file.equals(PAGE)) {
      return String.join("\n", lines);
    }
    int start = -1;
    for (int i = 0; i < lines.size() && start < 0; i++) {
      if (lines.get(i).matches("#+ JUnit 5 extension")) {
        start = i;
      }
    }
    assertTrue(start >= 0, () -> file + " has no heading 'JUnit 5 extension'");
    String level = lines.get(start).substring(0, lines.get(start).indexOf(' ') + 1);
    int end = start + 1;
    while (end < lines.size() && !endsSection(lines.get(end), level.length() - 1)) {
      end++;
    }
    return String.join("\n", lines.subList(start, end));
  }

  private static boolean endsSection(String line, int level) {
    Matcher heading = Pattern.compile("^(#+) ").matcher(line);
    return heading.find() && heading.group(1).length() <= level;
  }

  private static Set<String> configurationKeys() {
    Set<String> keys = new TreeSet<>();
    for (Field field : WhittleConfiguration.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers())
          && field.getType() == String.class
          && !field.getName().startsWith("DEFAULT_")) {
        keys.add((String) assertDoesNotThrow(() -> field.get(null)));
      }
    }
    assertFalse(keys.isEmpty());
    return keys;
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

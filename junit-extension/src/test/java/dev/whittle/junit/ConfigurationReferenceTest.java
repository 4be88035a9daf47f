package dev.whittle.junit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The settings table of {@code docs/reference.md} is {@link WhittleConfiguration}: one row per key
 * constant, in the class's order, its text the constant's Javadoc with {@code {@code x}}, {@code
 * {@value #DEFAULT_X}} and {@code {@link #KEY}} written out. The block between {@code <!-- BEGIN
 * GENERATED: WhittleConfiguration -->} and {@code <!-- END GENERATED -->} is compared with it; run
 * with {@code -Dwhittle.reference.write} to write it anew after a deliberate change.
 */
class ConfigurationReferenceTest {
  private static final Path PAGE = Path.of("..", "docs", "reference.md");

  private static final Path SOURCE =
      Path.of("src/main/java/dev/whittle/junit/api/WhittleConfiguration.java");

  private static final Pattern CONSTANT =
      Pattern.compile(
          "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*public static final String (\\w+)\\s*=\\s*(\"(?:[^;])*?\");",
          Pattern.DOTALL);

  private static final Pattern BLOCK =
      Pattern.compile(
          "(<!-- BEGIN GENERATED: WhittleConfiguration -->\\n)(.*?)(<!-- END GENERATED -->)",
          Pattern.DOTALL);

  @Test
  void theSettingsTableIsWhittleConfigurationAndItsDocumentation() throws IOException {
    Map<String, String> constants = constants();
    String table = table(constants);
    String page = Files.readString(PAGE, UTF_8);
    Matcher block = BLOCK.matcher(page);
    assertTrue(block.find(), () -> PAGE + " has no WhittleConfiguration block");
    if (System.getProperty("whittle.reference.write") != null) {
      Files.writeString(
          PAGE, page.substring(0, block.start(2)) + table + page.substring(block.end(2)), UTF_8);
    } else {
      assertEquals(
          table,
          block.group(2),
          PAGE
              + "'s settings table is not WhittleConfiguration; rerun with"
              + " -Dwhittle.reference.write");
    }
  }

  @Test
  void everyKeyOfTheClassIsReadFromItsSource() throws IOException {
    Set<String> keys = new TreeSet<>();
    for (Field field : WhittleConfiguration.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && !field.getName().startsWith("DEFAULT_")) {
        keys.add((String) assertDoesNotThrow(() -> field.get(null)));
      }
    }
    Set<String> parsed = new TreeSet<>();
    constants()
        .forEach(
            (name, value) -> {
              if (!name.startsWith("DEFAULT_")) {
                parsed.add(value);
              }
            });
    assertEquals(keys, parsed, "the keys the source's Javadoc'd constants give");
  }

  private static String table(Map<String, String> constants) throws IOException {
    StringBuilder table = new StringBuilder("| Key | What it does |\n|---|---|\n");
    Matcher constant = CONSTANT.matcher(Files.readString(SOURCE, UTF_8));
    while (constant.find()) {
      if (!constant.group(2).startsWith("DEFAULT_")) {
        String text = prose(constant.group(1), constants);
        table.append("| `").append(constants.get(constant.group(2))).append("` | ");
        table.append(text.replace("|", "\\|")).append(" |\n");
      }
    }
    return table.toString();
  }

  /** Every constant of the source, name to value, in order ({@code "a" + "b"} joined). */
  private static Map<String, String> constants() throws IOException {
    Map<String, String> constants = new LinkedHashMap<>();
    Matcher constant = CONSTANT.matcher(Files.readString(SOURCE, UTF_8));
    while (constant.find()) {
      String value = constant.group(3).replaceAll("\"\\s*\\+\\s*\"", "");
      constants.put(constant.group(2), value.substring(1, value.length() - 1));
    }
    return constants;
  }

  private static String prose(String javadoc, Map<String, String> constants) {
    String text = javadoc.replaceAll("(?m)^\\s*\\*\\s?", " ").replaceAll("\\s+", " ").strip();
    text = replace(text, "\\{@value #(\\w+)\\}", name -> "`" + constants.get(name) + "`");
    text = replace(text, "\\{@link #(\\w+)\\}", name -> "`" + constants.get(name) + "`");
    return text.replaceAll("\\{@code ([^}]*)\\}", "`$1`");
  }

  private static String replace(
      String text, String regex, java.util.function.Function<String, String> value) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String replacement = value.apply(matcher.group(1));
      assertTrue(replacement != null && !replacement.contains("null"), matcher.group());
      matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    return matcher.appendTail(out).toString();
  }
}

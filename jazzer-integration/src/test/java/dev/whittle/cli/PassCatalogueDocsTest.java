package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.engine.tree.reduce.TreePasses;
import dev.whittle.jazzer.passes.BytePass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pass catalogue of {@code docs/concepts.md} names every byte pass ({@link BytePass}) and every
 * tree pass ({@link TreePasses#NAMES}) once, each in one family's row, and no pass that the code
 * does not have among them: a pass added to the code, or renamed there, must be added to the page.
 */
class PassCatalogueDocsTest {
  private static final Path PAGE = Path.of("..", "docs", "concepts.md");

  private static final Pattern NAME = Pattern.compile("`([a-z][a-z-]*\\*?)`");

  @Test
  void theCatalogueNamesEveryByteAndTreePassInExactlyOneFamily() throws IOException {
    List<String> named = new ArrayList<>();
    for (String row : catalogueRows()) {
      String passes = row.split("\\|")[2];
      Matcher name = NAME.matcher(passes);
      while (name.find()) {
        named.add(name.group(1));
      }
    }
    Set<String> code = new TreeSet<>(TreePasses.NAMES);
    for (BytePass pass : BytePass.values()) {
      code.add(pass.toString());
    }
    Set<String> once = new TreeSet<>();
    for (String pass : named) {
      assertTrue(once.add(pass), () -> PAGE + " names " + pass + " in two families");
    }
    Set<String> missing = new TreeSet<>(code);
    missing.removeAll(once);
    assertEquals(Set.of(), missing, PAGE + "'s pass catalogue lacks passes the code has");
  }

  /** The table rows under "## The pass catalogue", header and rule left out. */
  private static List<String> catalogueRows() throws IOException {
    String page = Files.readString(PAGE, UTF_8);
    int start = page.indexOf("## The pass catalogue");
    assertTrue(start >= 0, () -> PAGE + " has no pass catalogue");
    int end = page.indexOf("\n## ", start + 1);
    List<String> rows = new ArrayList<>();
    for (String line : page.substring(start, end < 0 ? page.length() : end).split("\n")) {
      if (line.startsWith("| ") && !line.startsWith("| family") && !line.startsWith("| ---")) {
        rows.add(line);
      }
    }
    assertTrue(rows.size() >= 7, () -> PAGE + "'s catalogue has " + rows.size() + " families");
    return rows;
  }
}

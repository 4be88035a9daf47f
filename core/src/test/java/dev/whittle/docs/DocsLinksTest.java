package dev.whittle.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md, CHANGELOG.md and the pages under docs/ leads somewhere: to a
 * file of the repository and, with a {@code #fragment}, to a heading of that file as GitHub names
 * its anchor. Text moves between the README and the pages, and figures are linked by their
 * benchmarks section, so a renamed heading or a moved page must not leave a dead link behind.
 */
class DocsLinksTest {
  /** Surefire runs in the module's directory; README.md and docs/ are the repository's. */
  private static final Path ROOT = Path.of("..");

  /** {@code [text](target)}, not an image, not inside backticks. */
  private static final Pattern LINK = Pattern.compile("(?<![!`])\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");

  @Test
  void everyRelativeLinkLeadsToAFileAndAHeading() throws IOException {
    List<String> dead = new ArrayList<>();
    List<Path> files = markdownFiles();
    for (Path file : files) {
      for (String target : links(Files.readString(file, StandardCharsets.UTF_8))) {
        if (target.matches("[a-z]+:.*")) {
          continue; // http:, https:, mailto:: not checked here.
        }
        String pathPart = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        Path linked = pathPart.isEmpty() ? file : file.getParent().resolve(pathPart).normalize();
        if (!Files.exists(linked)) {
          dead.add(ROOT.relativize(file) + ": " + target + " (no such file)");
        } else if (target.contains("#")
            && !anchors(linked).contains(target.substring(target.indexOf('#') + 1))) {
          dead.add(ROOT.relativize(file) + ": " + target + " (no such heading)");
        }
      }
    }
    assertFalse(files.size() < 2, () -> "README.md and docs/*.md not found from " + ROOT);
    assertEquals(List.of(), dead, "dead links");
  }

  @Test
  void userPagesNeitherLinkIntoTheNotebookNorCiteIssues() throws IOException {
    List<String> faults = new ArrayList<>();
    for (Path file : markdownFiles()) {
      Path relative = ROOT.resolve("docs").relativize(file);
      boolean index =
          Set.of("README.md", "performance.md").contains(relative.toString())
              || file.equals(ROOT.resolve("README.md"))
              || file.equals(ROOT.resolve("CHANGELOG.md"));
      if (relative.startsWith("dev")) {
        continue;
      }
      String markdown = Files.readString(file, StandardCharsets.UTF_8);
      for (String target : links(markdown)) {
        if (!index && target.matches("(\\.\\./)*(docs/)?dev/.*")) {
          faults.add(ROOT.relativize(file) + " links into the notebook: " + target);
        }
      }
      Matcher heading = HEADING.matcher(markdown.replaceAll("(?s)```.*?```", ""));
      while (heading.find()) {
        if (heading.group(1).matches("(?i).*\\bissues? \\d.*")) {
          faults.add(ROOT.relativize(file) + " cites an issue: " + heading.group(1));
        }
      }
    }
    assertEquals(List.of(), faults);
  }

  @Test
  void anchorsAreNamedAsGithubNamesThem() {
    assertEquals(
        "7-whittle-minimize-against-jazzers--minimize_crash1-on-every-sample-crash-issue-3",
        anchor(
            "7. `whittle minimize` against Jazzer's `-minimize_crash=1` on every sample crash (issue 3)"));
    assertEquals("from-java-crashminimizer", anchor("From Java: `CrashMinimizer`"));
  }

  private static List<Path> markdownFiles() throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(ROOT.resolve("README.md"));
    files.add(ROOT.resolve("CHANGELOG.md"));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    return files;
  }

  private static List<String> links(String markdown) {
    String prose = markdown.replaceAll("(?s)```.*?```", "");
    List<String> targets = new ArrayList<>();
    Matcher matcher = LINK.matcher(prose);
    while (matcher.find()) {
      targets.add(matcher.group(1));
    }
    return targets;
  }

  private static Set<String> anchors(Path file) throws IOException {
    Set<String> anchors = new HashSet<>();
    String markdown =
        Files.readString(file, StandardCharsets.UTF_8).replaceAll("(?s)```.*?```", "");
    Matcher heading = HEADING.matcher(markdown);
    while (heading.find()) {
      String anchor = anchor(heading.group(1));
      String unique = anchor;
      for (int n = 1; !anchors.add(unique); n++) {
        unique = anchor + "-" + n;
      }
    }
    return anchors;
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
  private static String anchor(String heading) {
    return heading
        .strip()
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
        .replace(' ', '-');
  }
}

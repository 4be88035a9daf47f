package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/**
 * Jazzer target over jsoup's HTML parser ({@code org.jsoup:jsoup}), which follows the HTML5 parsing
 * algorithm and so takes any text: it documents no parse exception at all, so everything it throws
 * is a finding. The property: the document's HTML, printed without pretty-printing and parsed
 * again, has as many elements and prints the same.
 */
public final class HtmlFuzzer {
  private HtmlFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    Document document = parse(text);
    String printed = document.html();
    Document again = parse(printed);
    if (again.getAllElements().size() != document.getAllElements().size()) {
      throw new PropertyViolation(
          "printed and parsed again, the elements change: " + excerpt(printed));
    }
    if (!again.html().equals(printed)) {
      throw new PropertyViolation(
          "printed and parsed again, it prints otherwise: " + excerpt(printed));
    }
  }

  private static Document parse(String html) {
    Document document = Parser.htmlParser().parseInput(html, "");
    document.outputSettings().prettyPrint(false);
    return document;
  }
}

package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/**
 * Jazzer target over jsoup's XML parser ({@code Parser.xmlParser()}), a lenient one: it takes
 * documents that are not well-formed (unclosed or misnested tags, stray {@code <} and {@code &})
 * and documents no parse exception, so everything it throws is a finding. The property: the
 * document printed without pretty-printing and parsed again has as many elements and prints the
 * same.
 */
public final class JsoupXmlFuzzer {
  private JsoupXmlFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    Document document = parse(text);
    String printed = document.outerHtml();
    Document again = parse(printed);
    if (again.getAllElements().size() != document.getAllElements().size()) {
      throw new PropertyViolation(
          "printed and parsed again, the elements change: " + excerpt(printed));
    }
    if (!again.outerHtml().equals(printed)) {
      throw new PropertyViolation(
          "printed and parsed again, it prints otherwise: " + excerpt(printed));
    }
  }

  private static Document parse(String xml) {
    Document document = Parser.xmlParser().parseInput(xml, "");
    document.outputSettings().prettyPrint(false);
    return document;
  }
}

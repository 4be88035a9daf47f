package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/**
 * Jazzer target over jsoup's HTML parser ({@code org.jsoup:jsoup}) on conforming documents only:
 * inputs for which jsoup's HTML5 parser reports a parse error are skipped (as {@link StrictParsers}
 * tells malformed HTML). The properties of a conforming document: printed without pretty-printing,
 * it parses again without a parse error, to as many elements, with the same text, and prints the
 * same; and printed with XML syntax (jsoup's XHTML output), it is well-formed XML (the JDK's SAX
 * parser, as {@link StrictParsers} has it) that jsoup's XML parser reads to as many elements. Each
 * property throws from a line of its own, so that Jazzer tells them apart; jsoup documents no parse
 * exception, so anything it throws is a finding as well.
 */
public final class HtmlWellFormedFuzzer {
  private HtmlWellFormedFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    Parser parser = Parser.htmlParser().setTrackErrors(1);
    Document document = parser.parseInput(text, "");
    if (!parser.getErrors().isEmpty()) {
      return;
    }
    document.outputSettings().prettyPrint(false);
    String printed = document.html();
    Parser again = Parser.htmlParser().setTrackErrors(1);
    Document reparsed = again.parseInput(printed, "");
    reparsed.outputSettings().prettyPrint(false);
    if (!again.getErrors().isEmpty()) {
      throw new PropertyViolation(
          "the printed document has a parse error ("
              + again.getErrors().get(0)
              + "): "
              + excerpt(printed));
    }
    if (reparsed.getAllElements().size() != document.getAllElements().size()) {
      throw new PropertyViolation(
          "printed and parsed again, the elements change: " + excerpt(printed));
    }
    if (!reparsed.wholeText().equals(document.wholeText())) {
      throw new PropertyViolation(
          "printed and parsed again, the text changes: " + excerpt(printed));
    }
    if (!reparsed.html().equals(printed)) {
      throw new PropertyViolation(
          "printed and parsed again, it prints otherwise: " + excerpt(printed));
    }
    document.outputSettings().syntax(Document.OutputSettings.Syntax.xml);
    String xhtml = document.html();
    if (StrictParsers.malformed("XML", xhtml.getBytes(StandardCharsets.UTF_8))) {
      throw new PropertyViolation("printed as XML, it is not well-formed: " + excerpt(xhtml));
    }
    int elements = Parser.xmlParser().parseInput(xhtml, "").getAllElements().size();
    if (elements != document.getAllElements().size()) {
      throw new PropertyViolation("printed as XML, the elements change: " + excerpt(xhtml));
    }
  }
}

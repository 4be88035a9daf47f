package dev.whittle.samples.parsers;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.jsoup.parser.Parser;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Says whether a crash input is malformed: whether a strict parser of its format rejects it. JSON:
 * Jackson (RFC 8259, duplicate keys and trailing tokens rejected); XML: the JDK's SAX parser
 * (well-formedness with namespaces, external entities off); HTML: jsoup's parser reports an HTML5
 * parse error; YAML: snakeyaml-engine's YAML 1.2 parser (syntax only, no construction); regular
 * expressions: the JDK's {@link java.util.regex.Pattern}. Input is decoded as UTF-8, as the targets
 * decode it.
 */
public final class StrictParsers {
  private StrictParsers() {}

  /** The format a target's inputs are in: JSON, XML, HTML, YAML or regex. */
  public static String formatOf(String targetSimpleName) {
    return switch (targetSimpleName) {
      case "JsonFuzzer", "JsonSmartFuzzer", "JsonWellFormedFuzzer" -> "JSON";
      case "XmlFuzzer", "JsoupXmlFuzzer", "XmlWellFormedFuzzer" -> "XML";
      case "HtmlFuzzer", "HtmlWellFormedFuzzer" -> "HTML";
      case "YamlFuzzer", "YamlMalformedFuzzer" -> "YAML";
      case "RegexFuzzer", "RegexWellFormedFuzzer" -> "regex";
      default ->
          throw new IllegalArgumentException("no format known for target " + targetSimpleName);
    };
  }

  /** Whether the strict parser of {@code format} rejects {@code input}. */
  public static boolean malformed(String format, byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    return switch (format) {
      case "JSON" -> JsonFuzzer.strict(text) == null;
      case "XML" -> !wellFormedXml(text);
      case "HTML" -> htmlParseErrors(text);
      case "YAML" -> !yaml12(text);
      case "regex" -> !jdkPattern(text);
      default -> throw new IllegalArgumentException("unknown format " + format);
    };
  }

  private static boolean wellFormedXml(String text) {
    try {
      SAXParserFactory factory = SAXParserFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
      factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.newSAXParser().parse(new InputSource(new StringReader(text)), new DefaultHandler());
      return true;
    } catch (SAXException e) {
      return false;
    } catch (ParserConfigurationException | IOException e) {
      throw new IllegalStateException("the JDK's SAX parser failed to run", e);
    }
  }

  private static boolean htmlParseErrors(String text) {
    Parser parser = Parser.htmlParser().setTrackErrors(1);
    parser.parseInput(text, "");
    return !parser.getErrors().isEmpty();
  }

  private static boolean yaml12(String text) {
    try {
      new Parse(LoadSettings.builder().build()).parseString(text).forEach(event -> {});
      return true;
    } catch (YamlEngineException e) {
      return false;
    }
  }

  private static boolean jdkPattern(String text) {
    try {
      java.util.regex.Pattern.compile(text);
      return true;
    } catch (java.util.regex.PatternSyntaxException e) {
      return false;
    }
  }
}

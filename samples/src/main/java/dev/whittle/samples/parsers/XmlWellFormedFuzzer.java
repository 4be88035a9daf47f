package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import com.ctc.wstx.stax.WstxInputFactory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.jsoup.nodes.CDataNode;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Jazzer target over Woodstox ({@code com.fasterxml.woodstox:woodstox-core}) and jsoup's XML parser
 * ({@code org.jsoup:jsoup}) on well-formed XML only: inputs the JDK's SAX parser (as {@link
 * StrictParsers} configures it: namespaces on, external entities off) rejects are skipped. A
 * differential against the JDK: both must read the same elements (qualified names), attributes
 * (namespace declarations aside) and text inside the root element (adjacent text, CDATA and
 * entities coalesced), Woodstox without its documented {@link XMLStreamException}. Each parser and
 * kind of disagreement (start tag, text, end tag) throws from a line of its own, so that Jazzer
 * tells them apart; anything else either parser throws is a finding.
 */
public final class XmlWellFormedFuzzer {
  private static final XMLInputFactory WOODSTOX = woodstox();

  private XmlWellFormedFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    List<String> expected = jdk(text);
    if (expected == null) {
      return;
    }
    List<String> woodstox;
    try {
      woodstox = woodstox(text);
    } catch (XMLStreamException e) {
      throw new PropertyViolation("Woodstox rejects it (" + e.getMessage() + "): " + excerpt(text));
    }
    switch (firstDifference(expected, woodstox)) {
      case 'S' -> throw new PropertyViolation("Woodstox: a start tag differs: " + excerpt(text));
      case 'T' -> throw new PropertyViolation("Woodstox: a text differs: " + excerpt(text));
      case 'E' -> throw new PropertyViolation("Woodstox: an end tag differs: " + excerpt(text));
      default -> {}
    }
    switch (firstDifference(expected, jsoup(text))) {
      case 'S' -> throw new PropertyViolation("jsoup: a start tag differs: " + excerpt(text));
      case 'T' -> throw new PropertyViolation("jsoup: a text differs: " + excerpt(text));
      case 'E' -> throw new PropertyViolation("jsoup: an end tag differs: " + excerpt(text));
      default -> {}
    }
  }

  /** The kind of the JDK's first event the other reading lacks ('S', 'T', 'E'), or 0. */
  private static char firstDifference(List<String> expected, List<String> actual) {
    for (int i = 0; i < expected.size(); i++) {
      if (i >= actual.size() || !expected.get(i).equals(actual.get(i))) {
        return expected.get(i).charAt(0);
      }
    }
    return actual.size() > expected.size() ? actual.get(expected.size()).charAt(0) : 0;
  }

  /**
   * The JDK's events, or null if the JDK's SAX parser rejects the text or cannot read an external
   * DTD it names (it loads them, as {@link StrictParsers} has it).
   */
  private static List<String> jdk(String text) {
    Events events = new Events();
    try {
      SAXParserFactory factory = SAXParserFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
      factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory
          .newSAXParser()
          .parse(
              new InputSource(new StringReader(text)),
              new DefaultHandler() {
                private int depth;

                @Override
                public void startElement(
                    String uri, String local, String qualified, Attributes attributes) {
                  TreeSet<String> sorted = new TreeSet<>();
                  for (int i = 0; i < attributes.getLength(); i++) {
                    sorted.add(attributes.getQName(i) + "=" + attributes.getValue(i));
                  }
                  events.start(qualified, sorted);
                  depth++;
                }

                @Override
                public void endElement(String uri, String local, String qualified) {
                  events.end(qualified);
                  depth--;
                }

                @Override
                public void characters(char[] chars, int start, int length) {
                  if (depth > 0) {
                    events.text.append(chars, start, length);
                  }
                }

                @Override
                public void ignorableWhitespace(char[] chars, int start, int length) {
                  characters(chars, start, length);
                }
              });
      return events.list;
    } catch (SAXException e) {
      return null;
    } catch (IOException e) {
      // An external DTD it could not fetch (a bad URL, a missing file): undecided, so skipped.
      return null;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's SAX parser failed to run", e);
    }
  }

  private static List<String> woodstox(String text) throws XMLStreamException {
    Events events = new Events();
    XMLStreamReader reader = WOODSTOX.createXMLStreamReader(new StringReader(text));
    int depth = 0;
    try {
      while (reader.hasNext()) {
        switch (reader.next()) {
          case XMLStreamConstants.START_ELEMENT -> {
            TreeSet<String> sorted = new TreeSet<>();
            for (int i = 0; i < reader.getAttributeCount(); i++) {
              sorted.add(
                  qualified(reader.getAttributePrefix(i), reader.getAttributeLocalName(i))
                      + "="
                      + reader.getAttributeValue(i));
            }
            events.start(qualified(reader.getPrefix(), reader.getLocalName()), sorted);
            depth++;
          }
          case XMLStreamConstants.END_ELEMENT -> {
            events.end(qualified(reader.getPrefix(), reader.getLocalName()));
            depth--;
          }
          case XMLStreamConstants.CHARACTERS,
              XMLStreamConstants.CDATA,
              XMLStreamConstants.SPACE -> {
            if (depth > 0) {
              events.text.append(reader.getText());
            }
          }
          default -> {}
        }
      }
    } finally {
      reader.close();
    }
    return events.list;
  }

  private static List<String> jsoup(String text) {
    Events events = new Events();
    for (Node node : Parser.xmlParser().parseInput(text, "").childNodes()) {
      if (node instanceof Element element) {
        walk(element, events);
      }
    }
    return events.list;
  }

  private static void walk(Element element, Events events) {
    TreeSet<String> sorted = new TreeSet<>();
    element
        .attributes()
        .forEach(
            attribute -> {
              String key = attribute.getKey();
              if (!key.equals("xmlns") && !key.startsWith("xmlns:")) {
                sorted.add(key + "=" + attribute.getValue());
              }
            });
    events.start(element.tagName(), sorted);
    for (Node child : element.childNodes()) {
      if (child instanceof Element inner) {
        walk(inner, events);
      } else if (child instanceof CDataNode cdata) {
        events.text.append(cdata.getWholeText());
      } else if (child instanceof TextNode textNode) {
        events.text.append(textNode.getWholeText());
      }
    }
    events.end(element.tagName());
  }

  private static String qualified(String prefix, String local) {
    return prefix == null || prefix.isEmpty() ? local : prefix + ":" + local;
  }

  private static XMLInputFactory woodstox() {
    XMLInputFactory factory = new WstxInputFactory();
    factory.setProperty(XMLInputFactory.IS_COALESCING, true);
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, true);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    return factory;
  }

  /** Events as text: "S name attributes", "T text" (adjacent text coalesced), "E name". */
  private static final class Events {
    final List<String> list = new ArrayList<>();
    final StringBuilder text = new StringBuilder();

    void start(String name, TreeSet<String> attributes) {
      flush();
      list.add("S " + name + " " + attributes);
    }

    void end(String name) {
      flush();
      list.add("E " + name);
    }

    private void flush() {
      if (text.length() > 0) {
        list.add("T " + text);
        text.setLength(0);
      }
    }
  }
}

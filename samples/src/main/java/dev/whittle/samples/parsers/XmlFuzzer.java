package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import com.ctc.wstx.stax.WstxInputFactory;
import com.ctc.wstx.stax.WstxOutputFactory;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.stream.XMLEventReader;
import javax.xml.stream.XMLEventWriter;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Jazzer target over Woodstox ({@code com.fasterxml.woodstox:woodstox-core}), a strict,
 * well-formedness-checking StAX parser, with DTDs and internal entities on and external entities
 * off. Its documented parse error is {@link XMLStreamException}. The property: the document's
 * events copied to Woodstox's own event writer give a document that parses to the same events
 * (names, attributes, namespaces, text, comments, processing instructions).
 */
public final class XmlFuzzer {
  private static final XMLInputFactory INPUT = inputFactory();
  private static final XMLOutputFactory OUTPUT = new WstxOutputFactory();

  private XmlFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    List<String> events;
    try {
      events = events(text);
    } catch (XMLStreamException e) {
      return;
    }
    String written;
    try {
      written = rewrite(text);
    } catch (XMLStreamException e) {
      throw new PropertyViolation("the writer refuses what the reader read: " + e.getMessage());
    }
    List<String> again;
    try {
      again = events(written);
    } catch (XMLStreamException e) {
      throw new PropertyViolation("the written document does not parse: " + excerpt(written));
    }
    if (!again.equals(events)) {
      throw new PropertyViolation("the written document parses otherwise: " + excerpt(written));
    }
  }

  private static XMLInputFactory inputFactory() {
    XMLInputFactory factory = new WstxInputFactory();
    factory.setProperty(XMLInputFactory.IS_COALESCING, true);
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, true);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    return factory;
  }

  /** The document's events as text; whitespace outside the root element is left out. */
  static List<String> events(String xml) throws XMLStreamException {
    List<String> events = new ArrayList<>();
    XMLStreamReader reader = INPUT.createXMLStreamReader(new StringReader(xml));
    int depth = 0;
    try {
      while (reader.hasNext()) {
        switch (reader.next()) {
          case XMLStreamConstants.START_ELEMENT -> {
            depth++;
            TreeSet<String> attributes = new TreeSet<>();
            for (int i = 0; i < reader.getAttributeCount(); i++) {
              attributes.add(reader.getAttributeName(i) + "=" + reader.getAttributeValue(i));
            }
            for (int i = 0; i < reader.getNamespaceCount(); i++) {
              attributes.add(
                  "xmlns:" + reader.getNamespacePrefix(i) + "=" + reader.getNamespaceURI(i));
            }
            events.add("<" + reader.getName() + " " + attributes);
          }
          case XMLStreamConstants.END_ELEMENT -> {
            depth--;
            events.add("</" + reader.getName());
          }
          case XMLStreamConstants.CHARACTERS,
              XMLStreamConstants.CDATA,
              XMLStreamConstants.SPACE -> {
            if (depth > 0 || !reader.isWhiteSpace()) {
              events.add("text " + reader.getText());
            }
          }
          case XMLStreamConstants.COMMENT -> events.add("comment " + reader.getText());
          case XMLStreamConstants.PROCESSING_INSTRUCTION ->
              events.add("pi " + reader.getPITarget() + " " + reader.getPIData());
          case XMLStreamConstants.ENTITY_REFERENCE -> events.add("&" + reader.getLocalName());
          default -> {
            // Document start and end, the DTD: the writer may spell them otherwise.
          }
        }
      }
    } finally {
      reader.close();
    }
    return events;
  }

  /** The document's events written by Woodstox's event writer. */
  private static String rewrite(String xml) throws XMLStreamException {
    StringWriter out = new StringWriter();
    XMLEventReader reader = INPUT.createXMLEventReader(new StringReader(xml));
    XMLEventWriter writer = OUTPUT.createXMLEventWriter(out);
    while (reader.hasNext()) {
      writer.add(reader.nextEvent());
    }
    writer.close();
    reader.close();
    return out.toString();
  }
}

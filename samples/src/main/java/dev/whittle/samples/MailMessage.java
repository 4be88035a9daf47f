package dev.whittle.samples;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A small MIME message parser, the subject of {@link AttachmentViewerFuzzer}: header fields (with
 * folded lines), {@code Content-Type} and {@code Content-Disposition} values with parameters, and
 * one level of {@code multipart/*} bodies split at their boundary. Bytes are read as Latin-1.
 * Malformed messages raise {@link FormatException}.
 */
final class MailMessage {
  static final int MAX_PARTS = 64;

  private final Map<String, String> headers;
  private final List<MailMessage> parts;

  private MailMessage(Map<String, String> headers, List<MailMessage> parts) {
    this.headers = headers;
    this.parts = parts;
  }

  /** Thrown for input that is not a well-formed message. */
  static final class FormatException extends Exception {
    FormatException(String message) {
      super(message);
    }
  }

  /** A header value split into its main value (lower case) and parameters (names lower case). */
  record HeaderValue(String value, Map<String, String> parameters) {}

  static MailMessage parse(byte[] message) throws FormatException {
    String text = new String(message, StandardCharsets.ISO_8859_1);
    return parse(List.of(text.split("\r?\n", -1)), true);
  }

  /** The message itself if it is not multipart, else its parts. */
  List<MailMessage> leaves() {
    return parts.isEmpty() ? List.of(this) : parts;
  }

  /** The named header field (name case-insensitive), or null. */
  String header(String name) {
    return headers.get(name.toLowerCase(Locale.ROOT));
  }

  HeaderValue contentType() throws FormatException {
    String value = header("Content-Type");
    return parseValue(value == null ? "text/plain" : value);
  }

  HeaderValue contentDisposition() throws FormatException {
    String value = header("Content-Disposition");
    return parseValue(value == null ? "inline" : value);
  }

  private static MailMessage parse(List<String> lines, boolean topLevel) throws FormatException {
    Map<String, String> headers = new LinkedHashMap<>();
    String last = null;
    int i = 0;
    for (; i < lines.size() && !lines.get(i).isEmpty(); i++) {
      String line = lines.get(i);
      if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
        if (last == null) {
          throw new FormatException("continuation line before any header field");
        }
        headers.put(last, headers.get(last) + " " + line.strip());
        continue;
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new FormatException("header line without a name: " + line);
      }
      last = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      headers.put(last, line.substring(colon + 1).strip());
    }
    List<String> body = lines.subList(Math.min(i + 1, lines.size()), lines.size());
    MailMessage message = new MailMessage(headers, new ArrayList<>());
    HeaderValue type = message.contentType();
    if (topLevel && type.value().startsWith("multipart/")) {
      String boundary = type.parameters().get("boundary");
      if (boundary == null || boundary.isEmpty()) {
        throw new FormatException("multipart message without boundary");
      }
      splitParts(body, boundary, message.parts);
    }
    return message;
  }

  private static void splitParts(List<String> body, String boundary, List<MailMessage> parts)
      throws FormatException {
    String delimiter = "--" + boundary;
    int start = -1;
    for (int i = 0; i < body.size(); i++) {
      String line = body.get(i);
      if (line.equals(delimiter) || line.equals(delimiter + "--")) {
        if (start >= 0) {
          if (parts.size() == MAX_PARTS) {
            throw new FormatException("more than " + MAX_PARTS + " parts");
          }
          parts.add(parse(body.subList(start, i), false));
        }
        if (line.endsWith("--") && !line.equals(delimiter)) {
          return;
        }
        start = i + 1;
      }
    }
    throw new FormatException("multipart body without closing delimiter");
  }

  /** Parses {@code value *(";" name "=" (token / quoted-string))}. */
  static HeaderValue parseValue(String header) throws FormatException {
    int semicolon = header.indexOf(';');
    String value =
        (semicolon < 0 ? header : header.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    if (value.isEmpty()) {
      throw new FormatException("empty header value");
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    int p = semicolon;
    while (p >= 0 && p < header.length()) {
      p++; // past ';'
      int equals = header.indexOf('=', p);
      if (equals < 0) {
        if (header.substring(p).isBlank()) {
          break; // a trailing ';'
        }
        throw new FormatException("parameter without '=': " + header.substring(p));
      }
      String name = header.substring(p, equals).strip().toLowerCase(Locale.ROOT);
      if (name.isEmpty() || name.indexOf(';') >= 0) {
        throw new FormatException("bad parameter name in " + header);
      }
      p = equals + 1;
      while (p < header.length() && header.charAt(p) == ' ') {
        p++;
      }
      StringBuilder v = new StringBuilder();
      if (p < header.length() && header.charAt(p) == '"') {
        p++;
        while (true) {
          if (p >= header.length()) {
            throw new FormatException("unterminated quoted string in " + header);
          }
          char c = header.charAt(p++);
          if (c == '"') {
            break;
          }
          if (c == '\\' && p < header.length()) {
            c = header.charAt(p++);
          }
          v.append(c);
        }
        while (p < header.length() && header.charAt(p) == ' ') {
          p++;
        }
        if (p < header.length() && header.charAt(p) != ';') {
          throw new FormatException("text after quoted string in " + header);
        }
      } else {
        int end = header.indexOf(';', p);
        end = end < 0 ? header.length() : end;
        v.append(header, p, end);
        p = end;
      }
      parameters.put(name, v.toString().strip());
    }
    return new HeaderValue(value, parameters);
  }
}

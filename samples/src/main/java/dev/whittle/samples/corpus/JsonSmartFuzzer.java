package dev.whittle.samples.corpus;

import java.nio.charset.StandardCharsets;
import net.minidev.json.JSONStyle;
import net.minidev.json.JSONValue;
import net.minidev.json.parser.JSONParser;
import net.minidev.json.parser.ParseException;

/**
 * Jazzer target over json-smart: parses a document in one of the parser's modes (from strictest to
 * permissive) and writes the value back in one of the output styles.
 *
 * <p>The first byte picks the parser mode and the output style; the rest is the document (UTF-8).
 * Malformed documents are rejected with {@link ParseException}, which is not a finding.
 */
public final class JsonSmartFuzzer {
  private static final int[] MODES = {
    JSONParser.MODE_PERMISSIVE,
    JSONParser.MODE_RFC4627,
    JSONParser.MODE_JSON_SIMPLE,
    JSONParser.MODE_STRICTEST,
    JSONParser.MODE_PERMISSIVE_WITH_INCOMPLETE,
    JSONParser.MODE_PERMISSIVE
        | JSONParser.USE_HI_PRECISION_FLOAT
        | JSONParser.BIG_DIGIT_UNRESTRICTED,
  };
  private static final JSONStyle[] STYLES = {
    JSONStyle.NO_COMPRESS, JSONStyle.LT_COMPRESS, JSONStyle.MAX_COMPRESS
  };

  private JsonSmartFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length < 1) {
      return;
    }
    int mode = MODES[Math.floorMod(data[0], MODES.length)];
    JSONStyle style = STYLES[Math.floorMod(data[0] >> 3, STYLES.length)];
    String text = new String(data, 1, data.length - 1, StandardCharsets.UTF_8);
    Object value;
    try {
      value = new JSONParser(mode).parse(text);
    } catch (ParseException e) {
      return;
    }
    JSONValue.toJSONString(value, style);
  }
}

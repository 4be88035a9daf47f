package dev.whittle.samples.heldout;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import java.nio.charset.StandardCharsets;

/**
 * Jazzer target over Gson 2.8.6 binding JSON text to plain Java objects ({@code fromJson(text,
 * Object.class)}: maps, lists, strings, numbers). Malformed JSON must fail with {@link
 * JsonParseException} ({@code JsonSyntaxException}); in 2.8.6 the object adapter recurses once per
 * nesting level, so deep nesting overflows the stack (Gson made it iterative in 2.10).
 */
public final class GsonFuzzer {
  private static final Gson GSON = new Gson();

  private GsonFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    try {
      GSON.fromJson(new String(data, StandardCharsets.UTF_8), Object.class);
    } catch (JsonParseException e) {
      // The documented failure on malformed JSON.
    }
  }
}

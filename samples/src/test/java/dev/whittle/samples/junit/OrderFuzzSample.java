package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A fuzz test with a {@code String} parameter holding a JSON document, parsed strictly by Jackson:
 * malformed documents are rejected quietly, as a service would. The bug: a discount over 100 % on
 * any object of the order, at any depth, makes a negative price. Its Inputs file is a whole order
 * (hand-made in the mutation framework's encoding: a present flag, the length, the UTF-8 bytes);
 * the shrunk sample is the shortest document that still fails, {@code {"discount":150}}, which only
 * reducing the string as a tree reaches (docs/dev/benchmarks.md, section 21).
 */
class OrderFuzzSample {
  private static final ObjectMapper STRICT =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  @FuzzTest
  void checkout(String order) {
    if (order == null) {
      return;
    }
    JsonNode root;
    try {
      root = STRICT.readTree(order);
    } catch (JsonProcessingException e) {
      return;
    }
    // Jackson searches the tree, so the stack at the throw is the same at any depth: the finding
    // (Jazzer's DEDUP_TOKEN hashes the frames) does not change when a reduction lifts the object.
    for (JsonNode discount : root.findValues("discount")) {
      if (discount.isNumber() && discount.asDouble() > 100) {
        throw new IllegalStateException("a discount of " + discount + " % makes a negative price");
      }
    }
  }
}

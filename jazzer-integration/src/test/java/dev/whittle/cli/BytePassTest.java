package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BytePassTest {
  @Test
  void everyPassIsNamedOnTheCommandLineAsItsReducerNamesItself() {
    for (BytePass pass : BytePass.values()) {
      assertEquals(pass.newReducer().name(), pass.toString());
    }
  }

  @Test
  void allIsWhatMinimizeRunsOnByteArrayTargetsInItsOrderWithoutTheIntegerRewrites() {
    List<String> all = BytePass.parseList("all").stream().map(BytePass::toString).toList();

    assertEquals(
        List.of(
            "line-runs",
            "length-fields",
            "blocks",
            "offset-fields",
            "duplicate-chunks",
            "zero-runs",
            "byte-runs"),
        all);
  }

  @Test
  void theIntegerRewritesRunWhenNamed() {
    assertEquals(
        List.of(BytePass.ZERO_RUNS, BytePass.INT_FIELDS, BytePass.TEXT_NUMBERS),
        BytePass.parseList("zero-runs, int-fields,text-numbers"));
  }

  @Test
  void anUnknownNameListsTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BytePass.parseList("blocks,zip"));

    assertTrue(e.getMessage().contains("unknown pass 'zip'"), e.getMessage());
    assertTrue(e.getMessage().contains("offset-fields"), e.getMessage());
    assertTrue(e.getMessage().contains("text-numbers"), e.getMessage());
  }
}

package dev.whittle.jazzer.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Pass;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BytePassTest {
  @Test
  void everyPassIsNamedOnTheCommandLineAsItNamesItself() {
    for (BytePass pass : BytePass.values()) {
      assertEquals(pass.newPass().name(), pass.toString());
    }
  }

  @Test
  void allIsThePipelineOfByteArrayCrashes() {
    assertEquals(Pipelines.bytes(), BytePass.parseList("all"));
  }

  @Test
  void aByteArrayCrashRunsTheTreePassesOnTextThenExactlyTheBytePipeline() {
    List<Pass<byte[]>> crash = Pipelines.crashBytes();
    List<String> trees = new ArrayList<>();
    for (Pass<byte[]> pass : crash.subList(0, crash.size() - Pipelines.bytes().size())) {
      assertTrue(pass instanceof TextOnlyPass, () -> pass + " should apply only to text");
      trees.add(pass.name());
    }

    assertEquals(TreePipeline.treePassNames(), trees);
    assertEquals(
        names(Pipelines.bytes()),
        names(crash).subList(trees.size(), crash.size()),
        "minimize's byte passes are --passes all's, in the same order");
  }

  @Test
  void aCorpusFileRunsTheBytePipelineWithoutTreePassesAndFillerRuns() {
    // A filled run rarely keeps a corpus file's coverage: its questions would be wasted.
    assertEquals(
        names(Pipelines.bytes()).stream().filter(name -> !name.equals("fill-runs")).toList(),
        names(Pipelines.corpusFile()));
  }

  @Test
  void everyPassRunsInThePipelineOrWhenNamedNeverBoth() {
    List<BytePass> both = new ArrayList<>(Pipelines.bytes());
    both.addAll(Pipelines.onlyWhenNamed());

    assertEquals(BytePass.values().length, both.size());
    assertEquals(
        List.of(BytePass.FILL_ALL, BytePass.TOKEN_RUNS, BytePass.INT_FIELDS, BytePass.TEXT_NUMBERS),
        Pipelines.onlyWhenNamed());
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

  @Test
  void aRepeatedNameIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BytePass.parseList("blocks,blocks"));

    assertTrue(e.getMessage().contains("blocks twice"), e.getMessage());
  }

  /** The names of passes, or of catalogue entries, which name their passes. */
  private static List<String> names(List<?> passes) {
    return passes.stream()
        .map(pass -> pass instanceof Pass<?> reducer ? reducer.name() : pass.toString())
        .toList();
  }
}

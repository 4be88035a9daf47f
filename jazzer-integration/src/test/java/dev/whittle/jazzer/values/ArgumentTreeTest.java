package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.values.ArgumentTree.Node;
import dev.whittle.jazzer.values.MutatorTargets.Interval;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArgumentTreeTest {
  private static final Method INTERVAL = MutatorTargets.method("interval");
  private static final AnnotatedType[] TYPES = INTERVAL.getAnnotatedParameterTypes();

  @Test
  void recordComponentsAreNodesBelowTheirRecord() {
    Object[] arguments = {new Interval(3, 8), true};
    List<Node> nodes = ArgumentTree.nodes(arguments, TYPES);
    assertEquals(
        List.of(List.of(0), List.of(0, 0), List.of(0, 1), List.of(1)),
        nodes.stream().map(Node::path).toList());
    assertEquals(8, nodes.get(2).value());
    assertTrue(nodes.get(0).isNullable());
    assertFalse(nodes.get(1).isNullable()); // int
  }

  @Test
  void replacingAComponentRebuildsTheRecordThroughItsCanonicalConstructor() {
    Object[] arguments = {new Interval(3, 8), true};
    assertArrayEquals(
        new Object[] {new Interval(0, 8), true},
        ArgumentTree.with(arguments, TYPES, List.of(0, 0), 0).orElseThrow());
    assertArrayEquals(new Object[] {new Interval(3, 8), true}, arguments); // Left as it was.
  }

  @Test
  void aValueTheRecordsConstructorRejectsIsNoCandidate() {
    Object[] arguments = {new Interval(3, 8), true};
    assertTrue(ArgumentTree.with(arguments, TYPES, List.of(0, 1), 2).isEmpty());
  }

  @Test
  void nullReplacesAWholeParameterAndAPathBelowItNoLongerExists() {
    Object[] arguments = {new Interval(3, 8), true};
    Object[] withoutRecord = ArgumentTree.with(arguments, TYPES, List.of(0), null).orElseThrow();
    assertArrayEquals(new Object[] {null, true}, withoutRecord);
    assertTrue(ArgumentTree.find(withoutRecord, TYPES, List.of(0, 1)).isEmpty());
  }

  @Test
  void listElementsAreNodesWithTheElementType() {
    Method list = MutatorTargets.method("list");
    Object[] arguments = {List.of(5, 6)};
    List<Node> nodes = ArgumentTree.nodes(arguments, list.getAnnotatedParameterTypes());
    assertEquals(3, nodes.size());
    assertFalse(nodes.get(1).isNullable()); // @NotNull Integer
    assertArrayEquals(
        new Object[] {List.of(5, 0)},
        ArgumentTree.with(arguments, list.getAnnotatedParameterTypes(), List.of(0, 1), 0)
            .orElseThrow());
  }
}

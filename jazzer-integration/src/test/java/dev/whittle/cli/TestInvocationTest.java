package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestInvocationTest {
  @Test
  void takesTheLastWordAfterTestAsInputWhenNoneFollows() {
    assertEquals(
        new TestInvocation(List.of("grep", "-q", "x"), "in.txt", true),
        TestInvocation.resolve(List.of("grep", "-q", "x", "in.txt"), List.of()));
  }

  @Test
  void takesASeparateInputWhenOneFollows() {
    assertEquals(
        new TestInvocation(List.of("grep", "-q", "x"), "in.txt", false),
        TestInvocation.resolve(List.of("grep", "-q", "x"), List.of("in.txt")));
  }

  @Test
  void takesTheCommandAfterTheInputWithoutTest() {
    assertEquals(
        new TestInvocation(List.of("grep", "--json"), "in.txt", false),
        TestInvocation.resolve(List.of(), List.of("in.txt", "grep", "--json")));
  }

  @Test
  void rejectsWordsThatFitNoForm() {
    assertMessage("missing test command", List.of(), List.of("in.txt"));
    assertMessage("missing INPUT", List.of("grep"), List.of());
    assertMessage("give one INPUT", List.of("grep"), List.of("a.txt", "b.txt"));
  }

  private static void assertMessage(String expected, List<String> test, List<String> positionals) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> TestInvocation.resolve(test, positionals));
    assertTrue(e.getMessage().contains(expected), e::getMessage);
  }
}

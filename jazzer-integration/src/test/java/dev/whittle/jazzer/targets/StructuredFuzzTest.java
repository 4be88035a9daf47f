package dev.whittle.jazzer.targets;

/**
 * A JUnit-style fuzz test method with structured parameters ({@code @FuzzTest void fuzz(String,
 * int)}, without the annotation, which the test class path lacks), whose inputs are Jazzer's
 * mutation framework's encoding: run as {@code StructuredFuzzTest#fuzz} or as a test method.
 */
public class StructuredFuzzTest {
  public static int instances;

  public StructuredFuzzTest() {
    instances++;
  }

  void fuzz(String text, int count) {
    if (text == null) {
      return;
    }
    if (text.startsWith("a")) {
      if (count > 10) {
        large();
      }
    } else if (text.indexOf('b') >= 0) {
      bee();
    }
    if (count < 0) {
      negative();
    }
  }

  private void large() {}

  private void bee() {}

  private void negative() {}
}

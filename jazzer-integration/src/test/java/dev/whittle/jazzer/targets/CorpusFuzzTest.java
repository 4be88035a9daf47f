package dev.whittle.jazzer.targets;

/**
 * {@link CorpusTarget}'s branches as a JUnit-style fuzz test method ({@code @FuzzTest void
 * fuzz(byte[])}, without the annotation, which the test class path lacks): an instance method on a
 * class with a no-argument constructor, run as {@code CorpusFuzzTest#fuzz}.
 */
public class CorpusFuzzTest {
  private final int threshold;

  public CorpusFuzzTest() {
    threshold = 4;
  }

  void fuzz(byte[] data) {
    if (data.length == 0) {
      return;
    }
    if (data[0] == 'a') {
      if (data.length > threshold) {
        longA();
      }
    } else if (data[0] == 'b') {
      bee();
    } else if (data[0] == 'X') {
      throw new IllegalStateException("X");
    }
  }

  private void longA() {}

  private void bee() {}
}

package dev.whittle.samples.coverage;

/**
 * A fuzz target that is hostile on purpose, for {@link JacocoCoverageIT}: by its first byte it
 * calls {@code System.exit} ({@code x}), hangs ignoring interrupts ({@code h}), throws ({@code t}),
 * or reaches a line no other input reaches ({@code z}).
 */
public final class HostileTarget {
  static volatile String last = "";

  private HostileTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length == 0) {
      return;
    }
    switch (data[0]) {
      case 'x' -> System.exit(3);
      case 'h' -> {
        while (true) {
          Thread.onSpinWait();
        }
      }
      case 't' -> throw new IllegalStateException("a finding");
      case 'z' -> last = "z";
      default -> last = "other";
    }
  }
}

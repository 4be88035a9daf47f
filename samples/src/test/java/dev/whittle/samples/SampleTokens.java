package dev.whittle.samples;

import java.util.Map;

/**
 * The DEDUP_TOKEN the real Jazzer 0.30.0 prints for each committed sample crash
 * (docs/dev/jazzer-baseline.md, samples/crashes/README.md). A token hashes the finding's stack
 * frames with their line numbers, the JDK's own frames included: where a finding passes through the
 * JDK (the OS command injection, inside {@code ProcessBuilder.start}) the token depends on the
 * JDK's feature release, and is recorded per release.
 */
final class SampleTokens {
  /** Findings thrown in the samples' own code: the same on every JDK. */
  private static final Map<String, String> ON_EVERY_JDK =
      Map.of(
          "ChunkedImageFuzzer", "df72498130374711",
          "RingBufferFuzzer", "53e01b43d934c9f5");

  /** Findings whose stack passes through JDK frames, by {@code Runtime.version().feature()}. */
  private static final Map<String, Map<Integer, String>> BY_JDK =
      Map.of(
          "AttachmentViewerFuzzer",
          Map.of(
              17, "8e92fb1bdc52df45",
              25, "c530a11eb5c40047"));

  private SampleTokens() {}

  /**
   * The token of {@code target}'s crash on the running JDK.
   *
   * @throws AssertionError naming the JDK to measure on, when no token is recorded for it
   */
  static String of(String target) {
    return of(target, Runtime.version().feature());
  }

  /** The token of {@code target}'s crash on the JDK of feature release {@code feature}. */
  static String of(String target, int feature) {
    String token = ON_EVERY_JDK.get(target);
    if (token != null) {
      return token;
    }
    Map<Integer, String> byJdk = BY_JDK.get(target);
    if (byJdk == null) {
      throw new AssertionError("no DEDUP_TOKEN recorded for sample " + target);
    }
    token = byJdk.get(feature);
    if (token == null) {
      throw new AssertionError(
          target
              + "'s DEDUP_TOKEN depends on the JDK and has not been measured on JDK "
              + feature
              + " (known: "
              + byJdk.keySet()
              + "): run `samples/scripts/jazzer.sh replay "
              + target
              + " samples/crashes/"
              + target
              + "/crash-*` with that JDK's java on the PATH and add the token it prints to"
              + " SampleTokens");
    }
    return token;
  }
}

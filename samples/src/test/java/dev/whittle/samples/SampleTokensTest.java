package dev.whittle.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SampleTokensTest {
  @Test
  void aTokenThroughJdkFramesIsTakenForTheRunningJdk() {
    assertEquals("8e92fb1bdc52df45", SampleTokens.of("AttachmentViewerFuzzer", 17));
    assertEquals("c530a11eb5c40047", SampleTokens.of("AttachmentViewerFuzzer", 25));
    assertEquals("df72498130374711", SampleTokens.of("ChunkedImageFuzzer", 21));
  }

  @Test
  void aJdkWithoutAMeasuredTokenFailsAndSaysWhatToMeasure() {
    AssertionError e =
        assertThrows(AssertionError.class, () -> SampleTokens.of("AttachmentViewerFuzzer", 21));

    assertTrue(e.getMessage().contains("not been measured on JDK 21"), e::getMessage);
    assertTrue(e.getMessage().contains("jazzer.sh replay AttachmentViewerFuzzer"), e::getMessage);
  }
}

package dev.whittle.examples.corpus;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.junit.ShrinkFailingInputs;
import org.junit.jupiter.api.BeforeEach;

/** A fuzz test with structured parameters, Jazzer's mutation framework's, that needs its set-up. */
@ShrinkFailingInputs
class StructuredCorpusFixture {
  private boolean setUp;

  @BeforeEach
  void setUp() {
    setUp = true;
  }

  @FuzzTest
  void named(String name, int count) {
    if (!setUp) {
      throw new IllegalStateException("not set up");
    }
    if (name != null) {
      TinyParser.named(name, count);
    }
  }
}

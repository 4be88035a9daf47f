package dev.whittle.examples.corpus;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.junit.ShrinkFailingInputs;
import org.junit.jupiter.api.BeforeEach;

/** A {@code FuzzedDataProvider} fuzz test that needs its {@code @BeforeEach}. */
@ShrinkFailingInputs
class DataCorpusFixture {
  private boolean setUp;

  @BeforeEach
  void setUp() {
    setUp = true;
  }

  @FuzzTest
  void consume(FuzzedDataProvider data) {
    if (!setUp) {
      throw new IllegalStateException("not set up");
    }
    int command = data.consumeInt(0, 2);
    TinyParser.command(command, data.consumeRemainingAsString());
  }
}

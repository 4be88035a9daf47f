package dev.whittle.examples.corpus;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.junit.ShrinkFailingInputs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A {@code byte[]} fuzz test that fails on every input run without its {@code @BeforeEach} on a
 * fresh instance: a corpus minimized without the lifecycle keeps nothing.
 */
@ShrinkFailingInputs
class BytesCorpusFixture {
  private int setUps;

  @BeforeEach
  void setUp() {
    setUps++;
  }

  @AfterEach
  void tearDown() {
    setUps += 100;
  }

  @FuzzTest
  void parse(byte[] input) {
    if (setUps != 1) {
      throw new IllegalStateException("not set up once on a fresh instance: " + setUps);
    }
    TinyParser.parse(input);
  }
}

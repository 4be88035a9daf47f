package dev.whittle.samples.junit.corpus;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.junit.ShrinkFailingInputs;
import dev.whittle.samples.corpus.CsvFuzzer;

/**
 * The JUnit sample of the corpus benchmark ({@code samples/scripts/junit-corpus-bench.sh}): a
 * {@code @FuzzTest} that is exactly the standalone target {@link CsvFuzzer}, so that Jazzer's
 * {@code -merge=1} with {@code --target_class=dev.whittle.samples.corpus.CsvFuzzer} and the JUnit
 * extension's {@code whittle.corpus=minimize} of this method judge the same code on the same files.
 *
 * <p>Its corpus is the frozen {@code samples/corpora/CsvFuzzer/}, which the script stages where
 * Jazzer's fuzzing mode would have grown it ({@code .cifuzz-corpus/<this class>/parse/} under
 * {@code jazzer.internal.basedir}); nothing is committed beside it. It has no Inputs directory:
 * regression mode runs only the empty input. Surefire's default includes do not match {@code
 * *Sample}, so {@code mvn verify} never runs it; {@code JUnitCorpusBenchIT} runs the script.
 */
@ShrinkFailingInputs
class CsvCorpusFuzzSample {
  @FuzzTest
  void parse(byte[] data) {
    CsvFuzzer.fuzzerTestOneInput(data);
  }
}

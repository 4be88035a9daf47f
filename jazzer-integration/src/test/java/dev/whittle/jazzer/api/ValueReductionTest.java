package dev.whittle.jazzer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataEncoder;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import dev.whittle.jazzer.targets.BalancedPatternTarget;
import dev.whittle.jazzer.targets.FuzzedDataCrashes;
import dev.whittle.jazzer.targets.IntsMarkerTextTarget;
import dev.whittle.jazzer.targets.JsonBoomTarget;
import dev.whittle.jazzer.targets.MarkedRecordTarget;
import dev.whittle.jazzer.targets.OffsetRecordTarget;
import dev.whittle.jazzer.targets.RecordListTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.ThresholdStringTarget;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValueReductionTest {
  private static final CrashMinimizer RECORDS =
      CrashMinimizer.forTarget(RecordListTarget.class.getName(), TargetPaths.classPath());
  private static final CrashMinimizer THRESHOLD =
      CrashMinimizer.forTarget(ThresholdStringTarget.class.getName(), TargetPaths.classPath());

  @Test
  void valueReductionGivesNoLargerInputThanBytesAlone() {
    for (int seed = 0; seed < 3; seed++) {
      byte[] crash = FuzzedDataCrashes.recordList(new Random(seed));

      MinimizationResult bytes = RECORDS.withValueReduction(false).minimize(crash);
      MinimizationResult values = RECORDS.minimize(crash);

      assertTrue(bytes.verified() && values.verified());
      assertEquals(bytes.dedupToken(), values.dedupToken());
      assertTrue(
          values.minimized().length <= bytes.minimized().length,
          "seed " + seed + ": " + values + " vs " + bytes);
    }
  }

  @Test
  void aJsonStringValueIsReducedAsATreeToTheShortestDocumentThatCrashes() {
    CrashMinimizer json =
        CrashMinimizer.forTarget(JsonBoomTarget.class.getName(), TargetPaths.classPath());
    byte[] crash =
        FuzzedDataEncoder.encode(
            List.of(
                FuzzedDataCall.of(
                    FuzzedDataMethod.CONSUME_REMAINING_AS_STRING,
                    List.of(),
                    JsonBoomTarget.CRASH)));

    MinimizationResult result = json.minimize(crash);

    assertTrue(result.verified(), result::toString);
    assertEquals(
        "{\"boom\":1}", ByteFuzzedDataProvider.of(result.minimized()).consumeRemainingAsString());
  }

  @Test
  void aCrashThatTurnsTextOnceItsNulsAreGoneGetsTheTreePasses() {
    CrashMinimizer patterns =
        CrashMinimizer.forTarget(BalancedPatternTarget.class.getName(), TargetPaths.classPath());

    MinimizationResult result = patterns.minimize(BalancedPatternTarget.CRASH);

    // Bytes alone end 1-minimal at "({)"; debracket drops the pair once the NULs are gone.
    assertTrue(result.verified(), result::toString);
    assertEquals("{", new String(result.minimized(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void valueReductionFindsTheLeastValuesThatCrash() {
    MinimizationResult result = THRESHOLD.minimize(FuzzedDataCrashes.threshold(new Random(4)));

    ByteFuzzedDataProvider data = ByteFuzzedDataProvider.of(result.minimized());
    assertEquals(500, data.consumeInt(0, 1000));
    assertEquals("ab", data.consumeString(100));
    assertTrue(result.verified());
  }

  /**
   * Issue 20's shape (two ints, a marker of at most 8 characters, the rest as text): byte deletion
   * removes nothing, and the pass must reach the marker within its allowance.
   */
  @Test
  void aMarkerBetweenEndIntsAndATextThatCannotShrinkIsShortened() {
    CrashMinimizer target =
        CrashMinimizer.forTarget(IntsMarkerTextTarget.class.getName(), TargetPaths.classPath());

    MinimizationResult result = target.minimize(FuzzedDataCrashes.intsMarkerText());

    assertTrue(result.verified(), result::toString);
    ByteFuzzedDataProvider data = ByteFuzzedDataProvider.of(result.minimized());
    assertTrue(data.consumeInt() > 1000);
    assertTrue(data.consumeInt() < 0);
    assertEquals("X", data.consumeString(8));
    assertEquals(IntsMarkerTextTarget.NUMBER, data.consumeRemainingAsString());
    // The ints' 8 bytes, "X" with its 2-byte terminator, the 21 digits.
    assertEquals(8 + 3 + 21, result.minimized().length, result::toString);
  }

  /**
   * Issue 20's real shape (NumberFieldFuzzer): the marker must be found in the text, so neither
   * shrinks alone and no byte deletion helps; deleting the marker together with its copy in the
   * text reaches the empty marker, whose record is the whole text.
   */
  @Test
  void aMarkerAndItsCopyInTheTextShrinkTogether() {
    CrashMinimizer target =
        CrashMinimizer.forTarget(MarkedRecordTarget.class.getName(), TargetPaths.classPath());

    MinimizationResult result = target.minimize(FuzzedDataCrashes.markedRecord());

    assertTrue(result.verified(), result::toString);
    ByteFuzzedDataProvider data = ByteFuzzedDataProvider.of(result.minimized());
    assertTrue(data.consumeInt() > 1000);
    assertTrue(data.consumeInt() < 0);
    assertEquals("", data.consumeString(8));
    assertEquals(MarkedRecordTarget.RECORD, data.consumeRemainingAsString());
    // The ints' 8 bytes, the empty marker's 2-byte terminator, the 11 digits.
    assertEquals(8 + 2 + 11, result.minimized().length, result::toString);
  }

  /**
   * The same shape with the record at an offset an int gives: the text before it goes together with
   * lowering the offset by as many characters, while the other int keeps its value.
   */
  @Test
  void textBeforeAnOffsetGoesWithTheOffset() {
    CrashMinimizer target =
        CrashMinimizer.forTarget(OffsetRecordTarget.class.getName(), TargetPaths.classPath());

    MinimizationResult result = target.minimize(FuzzedDataCrashes.offsetRecord());

    assertTrue(result.verified(), result::toString);
    ByteFuzzedDataProvider data = ByteFuzzedDataProvider.of(result.minimized());
    assertEquals(0, data.consumeInt());
    assertTrue(data.consumeInt() < 0);
    assertEquals("", data.consumeString(8));
    assertEquals(OffsetRecordTarget.RECORD, data.consumeRemainingAsString());
    // The ints' 8 bytes, the empty marker's 2-byte terminator, the 11 digits.
    assertEquals(8 + 2 + 11, result.minimized().length, result::toString);
  }

  @Test
  void recordingRunsCountAsRunsButNotAsOracleCalls() {
    byte[] crash = FuzzedDataCrashes.threshold(new Random(5));
    int repro = CrashMinimizer.DEFAULT_REPRODUCTION_RUNS;

    MinimizationResult bytes = THRESHOLD.withValueReduction(false).minimize(crash);
    MinimizationResult values = THRESHOLD.withValueReduction(true).minimize(crash);

    assertEquals(repro + bytes.reduction().runs() + 1, bytes.runs());
    assertTrue(values.runs() > repro + values.reduction().runs() + 1, values::toString);
  }
}

package dev.whittle.jazzer.fdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecordingFuzzedDataProviderTest {
  @Test
  void recordsEachConsumingCallWithArgumentsAndResult() {
    byte[] input = {'h', 'i', '\\', 0, 6, 3, 1};
    RecordingFuzzedDataProvider recording =
        RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(input));

    assertEquals(true, recording.consumeBoolean());
    assertEquals("hi", recording.consumeString(5));
    assertEquals(3, recording.consumeInt(0, 9));
    assertEquals(1, recording.remainingBytes());
    assertEquals(7, recording.pickValue(new Integer[] {5, 6, 7, 8}));

    assertEquals(
        List.of(
            FuzzedDataCall.of(FuzzedDataMethod.CONSUME_BOOLEAN, List.of(), true),
            FuzzedDataCall.of(FuzzedDataMethod.CONSUME_STRING, List.of(5), "hi"),
            FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT_IN_RANGE, List.of(0, 9), 3),
            // pickValue consumes through consumeInt(0, size - 1), which is what is recorded.
            FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT_IN_RANGE, List.of(0, 3), 2)),
        recording.calls());
  }

  @Test
  void arraysAreRecordedAsCopies() {
    RecordingFuzzedDataProvider recording =
        RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(new byte[] {1, 2}));
    byte[] bytes = recording.consumeBytes(2);
    bytes[0] = 9;
    assertArrayEquals(new byte[] {1, 2}, (byte[]) recording.calls().get(0).value());
  }

  @Test
  void rejectedCallsAreNotRecorded() {
    RecordingFuzzedDataProvider recording =
        RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(new byte[] {1}));
    assertThrows(IllegalArgumentException.class, () -> recording.consumeInt(3, 2));
    assertEquals(List.of(), recording.calls());
  }

  @Test
  void replayingTheRecordedCallsOnTheSameInputGivesTheSameValues() {
    byte[] input = FuzzedDataInputs.randomBytes(new java.util.Random(7), 64);
    RecordingFuzzedDataProvider recording =
        RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(input));
    recording.consumeLong();
    recording.consumeAsciiString(9);
    recording.consumeRegularDouble(-1, 1);
    recording.consumeShorts(3);
    recording.consumeRemainingAsString();

    ByteFuzzedDataProvider replay = ByteFuzzedDataProvider.of(input);
    for (FuzzedDataCall call : recording.calls()) {
      assertEquals(call, call.withValue(call.replayOn(replay)));
    }
  }
}

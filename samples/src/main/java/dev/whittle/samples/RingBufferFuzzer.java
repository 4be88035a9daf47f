package dev.whittle.samples;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.ArrayDeque;
import java.util.ArrayList;

/**
 * Differential Jazzer target: runs the same operations on a {@link RingBuffer} and on {@link
 * ArrayDeque} and throws {@link IllegalStateException} when they disagree.
 *
 * <p>Consumes, in this order: the initial capacity ({@code consumeInt(1, 16)}), then per operation
 * an opcode ({@code consumeInt(0, 4)}) and, for additions, the element ({@code consumeString(8)}).
 * The bug needs the contents to wrap around the array and then grow: a removal at the front (or an
 * addition at the front) followed by enough additions to fill the buffer.
 */
public final class RingBufferFuzzer {
  static final int MAX_OPERATIONS = 500;

  private RingBufferFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    RingBuffer<String> buffer = new RingBuffer<>(data.consumeInt(1, 16));
    ArrayDeque<String> model = new ArrayDeque<>();
    for (int n = 0; n < MAX_OPERATIONS && data.remainingBytes() > 0; n++) {
      int op = data.consumeInt(0, 4);
      switch (op) {
        case 0, 1 -> {
          String e = data.consumeString(8);
          if (op == 0) {
            buffer.addLast(e);
            model.addLast(e);
          } else {
            buffer.addFirst(e);
            model.addFirst(e);
          }
        }
        case 2 -> {
          if (!model.isEmpty()) {
            check(buffer.removeFirst(), model.removeFirst(), "removeFirst");
          }
        }
        case 3 -> {
          if (!model.isEmpty()) {
            check(buffer.removeLast(), model.removeLast(), "removeLast");
          }
        }
        default -> check(buffer.toList(), new ArrayList<>(model), "contents");
      }
      if (buffer.size() != model.size()) {
        throw new IllegalStateException("size " + buffer.size() + ", expected " + model.size());
      }
    }
  }

  private static void check(Object actual, Object expected, String what) {
    if (!expected.equals(actual)) {
      throw new IllegalStateException(what + ": " + actual + ", expected " + expected);
    }
  }
}

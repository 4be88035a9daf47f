package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataEncoder;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import dev.whittle.jazzer.fdp.NotEncodableException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One sweep of value moves over the recorded calls of an input, in the order of their expected gain
 * in bytes:
 *
 * <ol>
 *   <li>the calls as recorded, encoded afresh: drops bytes that no call reads;
 *   <li>fewer calls, dropping from the end (1, 2, 4, ... calls, then a binary search): the calls
 *       left out return their exhausted-input values and take no bytes;
 *   <li>blocks of calls dropped anywhere, halves, quarters, ... pairs, from the end backwards, then
 *       single periods (a call up to the next one like it: one record, one operation): the calls
 *       after a block take over its bytes;
 *   <li>strings that look like structured text (JSON, XML, brackets, ...), longest first, reduced
 *       as trees by {@link StringTreeMove}, the rest of the calls as they are: whole members and
 *       nesting levels go in one question each, and the value stays well-formed where the target
 *       needs it to be;
 *   <li>content that one string or array shares with another (a marker and the text it must be
 *       found in) deleted from both at once by {@link SharedContentMove}, where neither can shrink
 *       alone;
 *   <li>shorter strings and arrays, coarse to fine across all of them: each one empty, then each
 *       one's halves, quarters, ... single elements deleted from the end backwards, longest first
 *       at every level;
 *   <li>elements of a string or array before the position an integer gives deleted, the integer
 *       lowered by as many, by {@link IndexShiftMove}: an offset into a text keeps pointing at the
 *       same character;
 *   <li>scalars in call order: booleans to false, integers and chars to zero (or the bound of their
 *       range nearer to it) and else by binary search toward it, floats to zero or their range's
 *       bound nearer to it. These rarely save bytes themselves, but a count or a choice that gets
 *       smaller often makes the target read less afterwards.
 * </ol>
 *
 * <p>The tree step runs on a string again only after other moves shortened it by a quarter ({@link
 * StringTreeMove.Memory}).
 *
 * <p>Every candidate is encoded with {@link FuzzedDataEncoder}; one it cannot encode, or whose
 * encoding is larger than the best so far, is not asked. After an accepted candidate the calls are
 * recorded again (new values can change what the target reads next) and encoded afresh. The best
 * result only ever moves to candidates the tester called interesting and no larger than it.
 */
final class FuzzedDataTurn {
  private enum Answer {
    /** The candidate encodes to the best input itself: as good as accepted, and free. */
    SAME,
    ACCEPTED,
    REJECTED,
    /** The encoder cannot lay the candidate out, or its encoding is larger than the best. */
    NOT_ASKED
  }

  private final FuzzedDataRecorder recorder;
  private final Optional<StringTreeMove.Memory> stringTrees;
  private final ContentTester<byte[]> tester;
  private final byte[] original;
  private byte[] best;
  private List<FuzzedDataCall> calls;

  FuzzedDataTurn(
      FuzzedDataRecorder recorder,
      Optional<StringTreeMove.Memory> stringTrees,
      ContentTester<byte[]> tester,
      byte[] current,
      List<FuzzedDataCall> calls) {
    this.recorder = recorder;
    this.stringTrees = stringTrees;
    this.tester = tester;
    this.original = current;
    this.best = current;
    this.calls = calls;
  }

  /** Runs the sweep; returns the best input, or the original reference if nothing was better. */
  byte[] run() {
    reencode();
    dropTrailingCalls();
    dropCallBlocks();
    stringTrees.ifPresent(this::reduceStringTrees);
    new SharedContentMove(() -> calls, candidate -> isAtLeastAsGood(ask(candidate))).run();
    new IndexShiftMove(() -> calls, candidate -> isAtLeastAsGood(ask(candidate))).run();
    shortenSequences();
    simplifyScalars();
    return best == original ? original : best;
  }

  /** Asks about the recorded calls encoded afresh while that is smaller than the best. */
  private void reencode() {
    while (true) {
      byte[] bytes = encode(calls);
      if (bytes == null || bytes.length >= best.length || !tester.isInteresting(bytes)) {
        return;
      }
      best = bytes;
      calls = recorder.record(bytes).orElse(calls);
    }
  }

  private void dropTrailingCalls() {
    int n = calls.size();
    // Galloping from the end: most inputs need most of their calls, and then one question says so.
    // An accepted prefix leaves the calls before it as they were; the target may add calls after.
    int kept = n;
    int failed = -1;
    for (int dropped = 1; dropped <= n; dropped = dropped == n ? n + 1 : Math.min(2 * dropped, n)) {
      int prefix = n - dropped;
      if (prefix > calls.size()) {
        break; // Only a target that reads differently on the same bytes gets here.
      }
      if (isAtLeastAsGood(ask(calls.subList(0, prefix)))) {
        kept = prefix;
      } else {
        failed = prefix;
        break;
      }
    }
    // Binary search between the longest prefix that failed and the shortest that passed.
    int lo = failed;
    int hi = kept;
    while (lo >= 0 && hi - lo > 1 && hi <= calls.size()) {
      int mid = (lo + hi) >>> 1;
      if (isAtLeastAsGood(ask(calls.subList(0, mid)))) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
  }

  /**
   * Blocks of calls of halving size down to two, from the end backwards; then single periods: from
   * each call to the next one with the same method and arguments (one operation of a loop, one
   * record of a list), so that the calls after the block still meet the calls they were made for.
   */
  private void dropCallBlocks() {
    for (int chunk = calls.size() / 2; chunk >= 2; chunk /= 2) {
      int end = calls.size();
      while (end > 0) {
        int start = Math.max(0, end - chunk);
        dropCalls(start, end);
        // The calls before the block are as they were, whatever the target reads after them now.
        end = Math.min(start, calls.size());
      }
    }
    for (int start = calls.size() - 1; start >= 0; start--) {
      if (start < calls.size()) {
        dropCalls(start, nextAlike(start));
      }
    }
  }

  /** The index of the next call with the same method and arguments, or the number of calls. */
  private int nextAlike(int index) {
    FuzzedDataCall call = calls.get(index);
    for (int i = index + 1; i < calls.size(); i++) {
      if (calls.get(i).method() == call.method()
          && calls.get(i).arguments().equals(call.arguments())) {
        return i;
      }
    }
    return calls.size();
  }

  private void dropCalls(int start, int end) {
    List<FuzzedDataCall> without = new ArrayList<>(calls.subList(0, start));
    without.addAll(calls.subList(end, calls.size()));
    ask(without);
  }

  /**
   * The strings {@link StringTreeMove#applies} to, longest first, each reduced as a tree with the
   * other calls as they are; the result is then asked as any other value (an answer from the loop's
   * cache), which records the calls again.
   */
  private void reduceStringTrees(StringTreeMove.Memory memory) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      if (calls.get(i).value() instanceof String s && StringTreeMove.applies(s)) {
        order.add(i);
      }
    }
    List<FuzzedDataCall> ordered = calls;
    order.sort(
        Comparator.comparingInt((Integer i) -> -((String) ordered.get(i).value()).length())
            .thenComparingInt(i -> i));
    for (int index : order) {
      if (index >= calls.size()
          || calls.get(index).method() != ordered.get(index).method()
          || !(calls.get(index).value() instanceof String value)
          || !memory.isDue(index, value)) {
        continue; // An earlier string's reduction changed what the target reads, or done.
      }
      List<FuzzedDataCall> fixed = calls;
      int limit = best.length;
      String reduced =
          StringTreeMove.reduce(
              value,
              candidate -> {
                byte[] bytes = encode(withValue(fixed, index, candidate));
                return bytes == null || bytes.length > limit
                    ? Optional.empty()
                    : Optional.of(bytes);
              },
              tester);
      memory.ran(index, reduced);
      if (!reduced.equals(value)) {
        ask(withValue(fixed, index, reduced));
      }
    }
  }

  /**
   * Coarse to fine across all sequences at once: each one empty, then each one's halves, then each
   * one's quarters, and so on, longest first at every level. Finishing one sequence down to single
   * elements before the next one starts would spend the allowance the engine gives this reducer on
   * a long value that cannot shrink (a text needed whole) before a shorter one that can (a marker)
   * is even asked.
   */
  private void shortenSequences() {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      FuzzedDataCall call = calls.get(i);
      if (CallValues.isSequence(call.method()) && CallValues.length(call.value()) > 0) {
        order.add(i);
      }
    }
    List<FuzzedDataCall> ordered = calls;
    order.sort(
        Comparator.comparingInt((Integer i) -> -CallValues.length(ordered.get(i).value()))
            .thenComparingInt(i -> i));
    List<Shortening> pending = new ArrayList<>();
    for (int index : order) {
      Shortening shortening = new Shortening(index, ordered.get(index).method());
      if (tryEmpty(shortening)) {
        pending.add(shortening);
      }
    }
    while (!pending.isEmpty()) {
      pending.removeIf(shortening -> !deleteChunks(shortening));
    }
  }

  /** One sequence on its way from long chunks to single elements. */
  private static final class Shortening {
    final int index;
    final FuzzedDataMethod method;
    int chunk;

    Shortening(int index, FuzzedDataMethod method) {
      this.index = index;
      this.method = method;
    }
  }

  /** The sequence's current value, or null if the target no longer makes that call there. */
  private Object currentValue(Shortening shortening) {
    int index = shortening.index;
    return index < calls.size() && calls.get(index).method() == shortening.method
        ? calls.get(index).value()
        : null;
  }

  /** Asks about the sequence empty; whether shorter, non-empty values are still worth asking. */
  private boolean tryEmpty(Shortening shortening) {
    Object value = currentValue(shortening);
    if (value == null || CallValues.length(value) == 0) {
      return false;
    }
    Answer empty =
        ask(withValue(shortening.index, CallValues.delete(value, 0, CallValues.length(value))));
    if (isAtLeastAsGood(empty)) {
      return false;
    }
    if (empty == Answer.NOT_ASKED && CallValues.shortensOnlyAtTheEnd(shortening.method)) {
      return false; // Not the last call reading the front: no shorter value can be laid out.
    }
    shortening.chunk = CallValues.length(value) / 2;
    return true;
  }

  /**
   * Deletes chunks of the sequence's current size from the end backwards, then halves the size;
   * whether smaller chunks are still to come.
   */
  private boolean deleteChunks(Shortening shortening) {
    Object value = currentValue(shortening);
    if (shortening.chunk < 1 || value == null) {
      return false;
    }
    int end = CallValues.length(value);
    while (end > 0) {
      int start = Math.max(0, end - shortening.chunk);
      Object shorter = CallValues.delete(value, start, end);
      if (isAtLeastAsGood(ask(withValue(shortening.index, shorter)))) {
        if (!stillHas(shortening.index, shortening.method, shorter)) {
          return false; // The target reads differently now; the next sweep sees its new calls.
        }
        value = shorter;
      }
      end = start;
    }
    shortening.chunk /= 2;
    return shortening.chunk >= 1;
  }

  private void simplifyScalars() {
    for (int i = 0; i < calls.size(); i++) {
      FuzzedDataCall call = calls.get(i);
      FuzzedDataMethod method = call.method();
      if (method == FuzzedDataMethod.CONSUME_BOOLEAN) {
        if (call.hasValue(true)) {
          ask(withValue(i, false));
        }
      } else if (CallValues.isIntegral(method)) {
        simplifyIntegral(i, call);
      } else if (CallValues.isFloatingPoint(method)) {
        for (Object simpler : CallValues.simplerFloatingPoint(call)) {
          if (isAtLeastAsGood(ask(withValue(i, simpler)))) {
            break;
          }
        }
      }
    }
  }

  /**
   * The simplest value first; then a binary search between it (not interesting) and the current
   * value (interesting), assuming that values nearer the current one are more likely interesting.
   */
  private void simplifyIntegral(int index, FuzzedDataCall call) {
    FuzzedDataMethod method = call.method();
    long passing = CallValues.integral(call.value());
    long failing = CallValues.simplest(call);
    if (passing == failing) {
      return;
    }
    if (isAtLeastAsGood(ask(withValue(index, CallValues.boxIntegral(method, failing))))) {
      return;
    }
    while (true) {
      // The floor of the mean without overflow; it lies between the two, or on one of them.
      long mid = (passing & failing) + ((passing ^ failing) >> 1);
      if (mid == passing || mid == failing) {
        return;
      }
      Object boxed = CallValues.boxIntegral(method, mid);
      if (isAtLeastAsGood(ask(withValue(index, boxed)))) {
        if (!stillHas(index, method, boxed)) {
          return;
        }
        passing = mid;
      } else {
        failing = mid;
      }
    }
  }

  /** Whether the current calls still have {@code value} at {@code index} from {@code method}. */
  private boolean stillHas(int index, FuzzedDataMethod method, Object value) {
    return index < calls.size()
        && calls.get(index).method() == method
        && calls.get(index).hasValue(value);
  }

  private List<FuzzedDataCall> withValue(int index, Object value) {
    return withValue(calls, index, value);
  }

  private static List<FuzzedDataCall> withValue(
      List<FuzzedDataCall> calls, int index, Object value) {
    List<FuzzedDataCall> changed = new ArrayList<>(calls);
    changed.set(index, calls.get(index).withValue(value));
    return changed;
  }

  private static boolean isAtLeastAsGood(Answer answer) {
    return answer == Answer.SAME || answer == Answer.ACCEPTED;
  }

  private Answer ask(List<FuzzedDataCall> candidate) {
    byte[] bytes = encode(candidate);
    if (bytes == null || bytes.length > best.length) {
      return Answer.NOT_ASKED;
    }
    if (Arrays.equals(bytes, best)) {
      return Answer.SAME;
    }
    if (!tester.isInteresting(bytes)) {
      return Answer.REJECTED;
    }
    best = bytes;
    calls = recorder.record(bytes).orElse(List.copyOf(candidate));
    reencode();
    return Answer.ACCEPTED;
  }

  /**
   * The encoding of {@code candidate}, or null if no input makes the calls return its values. Only
   * the encoder's "not encodable" means that; any other exception is a bug and ends the reduction.
   */
  private static byte[] encode(List<FuzzedDataCall> candidate) {
    try {
      return FuzzedDataEncoder.encode(candidate);
    } catch (NotEncodableException e) {
      return null;
    }
  }
}

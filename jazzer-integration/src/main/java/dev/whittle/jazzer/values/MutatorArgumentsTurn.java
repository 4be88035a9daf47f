package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.jazzer.values.ArgumentTree.Node;
import java.lang.reflect.AnnotatedType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One sweep of value moves over the decoded arguments of a mutation-framework input, biggest cuts
 * first:
 *
 * <ol>
 *   <li>the arguments as decoded, encoded afresh, when that is shorter (a clamped length, bytes no
 *       parameter reads);
 *   <li>null for every nullable value, parents before children: a whole parameter, list or set
 *       element, map key or value or record component at once;
 *   <li>every record replaced by a descendant of its own type ({@link RecursiveMoves});
 *   <li>strings that look like structured text (JSON, XML, brackets, ...), longest first, reduced
 *       as trees by {@link StringTreeMove}, every other value as it is;
 *   <li>shorter strings, lists, sets, maps and arrays, longest first: empty, then chunks of halving
 *       size deleted from the end backwards down to single elements (characters, list or set
 *       elements, map entries, bytes), and where none of a size could go, only the first kept;
 *   <li>scalars, parents before children: booleans false, integers to their simplest value (zero,
 *       or the bound of their annotated range nearer to it), to the small values next to it, and
 *       else by binary search toward it (deferred until every other integer had its moves where one
 *       step toward it no longer fails, a threshold; then every value the order puts below a result
 *       near the simplest), floating-point numbers to zero or rounded toward it, enums to their
 *       first constant.
 * </ol>
 *
 * <p>The tree step runs on a string again only after other moves shortened it by a quarter ({@link
 * StringTreeMove.Memory}).
 *
 * <p>A value inside a record is replaced by rebuilding the record with its canonical constructor;
 * when the constructor throws, there is no candidate. Every candidate is encoded with the
 * framework's writer and asked only if that encoding is canonical (it decodes to exactly the
 * proposed values), no longer than the best bytes (a pass MUST NOT return more), and stands for a
 * smaller call in the {@link ValueOrder}, or the same call in fewer bytes: so the sweep cannot
 * cycle, and a call smaller in values at the same length is returned, adopted and written. Between
 * the scalar moves run the moves of several values at once ({@link ValueMoves}): lists merged into
 * their neighbours, equal integers lowered together, integer pairs moved by one delta, elements
 * moved earlier, small trees of records rebuilt in smaller shapes, two scalars simplified together,
 * an element of a list of positions in itself deleted with the others renumbered. After every
 * accepted candidate the sweep decodes its bytes again.
 */
final class MutatorArgumentsTurn {
  private enum Answer {
    /** The candidate encodes to the best bytes themselves. */
    SAME,
    ACCEPTED,
    REJECTED,
    /** Not representable (writer refused, not canonical, record rejected it) or longer. */
    NOT_ASKED
  }

  private final MutatorCodec codec;
  private final Optional<StringTreeMove.Memory> stringTrees;
  private final AnnotatedType[] types;
  private final ContentTester<byte[]> tester;
  private final byte[] original;
  private byte[] best;
  private Object[] arguments;

  /**
   * Whether an accepted candidate is smaller only in the {@link ValueOrder}, not in bytes: the
   * engine keeps of a pass's candidates on its own only those with fewer bytes, and one whose
   * allowance runs out throws out of {@link #run}, which would lose this one; so the sweep ends at
   * the end of that move and returns it, and the next round goes on from there.
   */
  private boolean unseen;

  private int stepUnderWay;

  private final IntegerSearch integers =
      new IntegerSearch((path, value) -> isAtLeastAsGood(ask(path, value)));

  MutatorArgumentsTurn(
      MutatorCodec codec,
      Optional<StringTreeMove.Memory> stringTrees,
      ContentTester<byte[]> tester,
      byte[] current,
      Object[] arguments) {
    this.codec = codec;
    this.stringTrees = stringTrees;
    this.types = codec.method().getAnnotatedParameterTypes();
    this.tester = tester;
    this.original = current;
    this.best = current;
    this.arguments = arguments;
  }

  /**
   * Runs the sweep's steps in their order, beginning at step {@code first} (modulo their number)
   * and going round to the one before it; returns the best bytes, or the original reference if
   * nothing was better.
   */
  byte[] run(int first) {
    TurnView view =
        new TurnView(types, () -> arguments, c -> isAtLeastAsGood(ask(c)), () -> unseen);
    ValueMoves moves = new ValueMoves(view);
    RecursiveMoves trees = new RecursiveMoves(view);
    List<Runnable> steps =
        List.of(
            this::reencode,
            this::nullOut,
            trees::hoist,
            () -> stringTrees.ifPresent(this::reduceStringTrees),
            this::shortenSequences,
            moves::deleteRenumbering,
            moves::mergeNeighbours,
            moves::lowerEqualTogether,
            // Two integers alone are moved together first: lowering one alone costs a search each
            // that the allowance may not cover when only the pair fails.
            () -> moves.shiftPairs(2, false),
            this::simplifyScalars,
            this::searchDeferred,
            // All integers at once ask two questions where they fail; pairs ask many more.
            moves::shiftAll,
            () -> moves.shiftPairs(ValueMoves.MAX_PAIRED_INTEGERS, true),
            moves::moveEarlier,
            trees::reshape,
            moves::swapParameters,
            moves::sumNeighbours,
            moves::simplifyTogether);
    for (int i = 0; i < steps.size() && !unseen; i++) {
      stepUnderWay = (first + i) % steps.size();
      steps.get(stepUnderWay).run();
    }
    return best == original ? original : best;
  }

  /** The step the sweep is running, or ran last. */
  int stepUnderWay() {
    return stepUnderWay;
  }

  /** Whether the sweep accepted a candidate so far. */
  boolean found() {
    return best != original;
  }

  /** The searches the integer moves deferred, on what their paths hold now. */
  private void searchDeferred() {
    for (List<Integer> path : integers.deferred()) {
      if (unseen) {
        return;
      }
      Optional<Node> found = ArgumentTree.find(arguments, types, path);
      if (found.isPresent() && ValueEdits.isIntegral(found.get().value())) {
        Object value = found.get().value();
        integers.search(path, value, ValueEdits.simplest(value, found.get().type()));
      }
    }
  }

  private void reencode() {
    Optional<byte[]> encoded = codec.tryEncode(arguments);
    if (encoded.isPresent()
        && encoded.get().length < best.length
        && tester.isInteresting(encoded.get())) {
      accept(encoded.get());
    }
  }

  private void nullOut() {
    for (List<Integer> path : paths()) {
      if (unseen) {
        return;
      }
      Optional<Node> node = ArgumentTree.find(arguments, types, path);
      if (node.isPresent() && node.get().value() != null && node.get().isNullable()) {
        ask(path, null);
      }
    }
  }

  /**
   * The strings {@link StringTreeMove#applies} to, longest first, each reduced as a tree with the
   * other values as they are. A candidate value is asked only as {@link #ask} would ask it: encoded
   * by the framework's writer, canonical and no longer than the best bytes; the result is then
   * asked through {@link #ask} (an answer from the loop's cache), which decodes it again.
   */
  private void reduceStringTrees(StringTreeMove.Memory memory) {
    List<Node> strings = new ArrayList<>();
    for (Node node : ArgumentTree.nodes(arguments, types)) {
      if (node.value() instanceof String s && StringTreeMove.applies(s)) {
        strings.add(node);
      }
    }
    strings.sort(Comparator.comparingInt((Node n) -> -((String) n.value()).length()));
    for (Node string : strings) {
      if (unseen) {
        return;
      }
      Optional<Node> node = ArgumentTree.find(arguments, types, string.path());
      if (node.isEmpty()
          || !(node.get().value() instanceof String value)
          || !memory.isDue(string.path(), value)) {
        continue; // An earlier move took it away or replaced it, or done.
      }
      Object[] fixed = arguments;
      int limit = best.length;
      String reduced =
          StringTreeMove.reduce(
              value,
              candidate ->
                  ArgumentTree.with(fixed, types, string.path(), candidate)
                      .flatMap(codec::tryEncode)
                      .filter(bytes -> bytes.length <= limit && codec.isCanonical(bytes)),
              tester);
      memory.ran(string.path(), reduced);
      if (!reduced.equals(value)) {
        ask(string.path(), reduced);
      }
    }
  }

  private void shortenSequences() {
    List<Node> sequences = new ArrayList<>();
    for (Node node : ArgumentTree.nodes(arguments, types)) {
      if (ValueEdits.isSequence(node.value()) && ValueEdits.length(node.value()) > 0) {
        sequences.add(node);
      }
    }
    sequences.sort(Comparator.comparingInt((Node n) -> -ValueEdits.length(n.value())));
    for (Node sequence : sequences) {
      if (unseen) {
        return;
      }
      shorten(sequence.path());
    }
  }

  /**
   * Empty, then chunks of halving size deleted from the end backwards; at a size where none could
   * go, only the first chunk kept.
   */
  private void shorten(List<Integer> path) {
    Optional<Node> node = ArgumentTree.find(arguments, types, path);
    if (node.isEmpty() || !ValueEdits.isSequence(node.get().value())) {
      return; // An earlier move took it away or replaced it.
    }
    Object value = node.get().value();
    int length = ValueEdits.length(value);
    if (length == 0 || isAtLeastAsGood(ask(path, ValueEdits.delete(value, 0, length)))) {
      return;
    }
    for (int chunk = length / 2; chunk >= 1; chunk /= 2) {
      int end = ValueEdits.length(value);
      Object before = value;
      while (end > 0) {
        int start = Math.max(0, end - chunk);
        Object shorter = ValueEdits.delete(value, start, end);
        if (isAtLeastAsGood(ask(path, shorter))) {
          value = shorter;
        }
        end = start;
      }
      // ddmin's test of one chunk kept, where no chunk could go: when the failure hangs on a sum
      // that wraps around, no chunk deleted alone keeps it, but a few elements kept can.
      int now = ValueEdits.length(value);
      if (value == before && chunk < now - chunk) {
        Object kept = ValueEdits.delete(value, chunk, now);
        if (isAtLeastAsGood(ask(path, kept))) {
          value = kept;
        }
      }
    }
  }

  private void simplifyScalars() {
    for (List<Integer> path : paths()) {
      if (unseen) {
        return;
      }
      Optional<Node> found = ArgumentTree.find(arguments, types, path);
      if (found.isEmpty()) {
        continue;
      }
      Node node = found.get();
      Object value = node.value();
      if (Boolean.TRUE.equals(value)) {
        ask(path, false);
      } else if (ValueEdits.isIntegral(value)) {
        integers.simplify(path, value, ValueEdits.simplest(value, node.type()));
      } else if (value instanceof Float || value instanceof Double) {
        for (Object simpler : ValueEdits.simplerFloatingPoint(value)) {
          if (isAtLeastAsGood(ask(path, simpler))) {
            break;
          }
        }
      } else if (value instanceof Enum<?> constant && constant.ordinal() > 0) {
        ask(path, constant.getDeclaringClass().getEnumConstants()[0]);
      }
    }
  }

  /** The paths of all nodes of the current arguments, parents first. */
  private List<List<Integer>> paths() {
    return ArgumentTree.nodes(arguments, types).stream().map(Node::path).toList();
  }

  private static boolean isAtLeastAsGood(Answer answer) {
    return answer == Answer.SAME || answer == Answer.ACCEPTED;
  }

  private Answer ask(List<Integer> path, Object value) {
    Optional<Object[]> candidate = ArgumentTree.with(arguments, types, path, value);
    return candidate.isEmpty() ? Answer.NOT_ASKED : ask(candidate.get());
  }

  /**
   * Asks about {@code candidate}, whole arguments, when its encoding is no longer than the best
   * bytes, canonical, and stands for smaller arguments in the {@link ValueOrder} (or the same ones
   * in fewer bytes): every accepted candidate is smaller in that order or in bytes, so the sweep
   * cannot cycle, and what it returns is what the report shows and the extension writes.
   */
  private Answer ask(Object[] candidate) {
    Optional<byte[]> encoded = codec.tryEncode(candidate);
    if (encoded.isEmpty() || encoded.get().length > best.length) {
      return Answer.NOT_ASKED;
    }
    byte[] bytes = encoded.get();
    if (Arrays.equals(bytes, best)) {
      return Answer.SAME;
    }
    // Out of its range, over a size limit, an unpaired surrogate: the reader would make it
    // something else, so the move would not be the simplification it claims to be.
    Optional<Object[]> decoded = codec.tryDecodeCanonical(bytes);
    if (decoded.isEmpty()) {
      return Answer.NOT_ASKED;
    }
    int order = ValueOrder.compare(decoded.get(), arguments);
    if (order > 0 || (order == 0 && bytes.length == best.length)) {
      return Answer.NOT_ASKED;
    }
    if (!tester.isInteresting(bytes)) {
      return Answer.REJECTED;
    }
    accept(bytes);
    return Answer.ACCEPTED;
  }

  private void accept(byte[] bytes) {
    unseen |= bytes.length >= best.length;
    best = bytes;
    // Decoding what was asked, not trusting the proposal: the target saw these values.
    arguments = codec.tryDecode(bytes).orElse(arguments);
  }
}

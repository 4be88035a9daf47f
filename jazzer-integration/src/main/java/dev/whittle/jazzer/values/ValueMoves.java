package dev.whittle.jazzer.values;

import dev.whittle.jazzer.values.ArgumentTree.Node;
import java.lang.reflect.AnnotatedType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The moves of a {@link MutatorArgumentsTurn} that change several values at once, where changing
 * one alone never keeps the failure: equal integers lowered together (a duplicate the test looks
 * for), two integers moved by the same delta (a difference the test looks at), a list merged into
 * its neighbour (the elements stay, the structure gets flatter), an element moved to an earlier
 * position (the order stays the test's business: each move is asked). Every candidate goes through
 * the sweep's question, which asks only about calls smaller in the {@link ValueOrder}.
 */
final class ValueMoves {
  /** Pairs of integers are moved only among this many: their number grows with its square. */
  static final int MAX_PAIRED_INTEGERS = 6;

  /** Scalars are simplified two at a time only among this many: the pairs grow with its square. */
  static final int MAX_PAIRED_SCALARS = 8;

  /** All integers are shifted together only where there are this many at most. */
  static final int MAX_SHIFTED_INTEGERS = 16;

  /** Elements are moved earlier only in lists this long: the moves grow with its square. */
  private static final int MAX_REORDERED_LENGTH = 32;

  private final AnnotatedType[] types;
  private final Supplier<Object[]> current;
  private final Predicate<Object[]> accepted;
  private final BooleanSupplier stop;

  ValueMoves(TurnView sweep) {
    this.types = sweep.types();
    this.current = sweep.current();
    this.accepted = sweep.accepted();
    this.stop = sweep.stop();
  }

  /**
   * Every group of two or more integers of one type with the same value, lowered together: the
   * simplest value, then a binary search toward it, each step applied to all of them.
   */
  void lowerEqualTogether() {
    Map<List<Object>, List<Node>> groups = new LinkedHashMap<>();
    for (Node node : ArgumentTree.nodes(current.get(), types)) {
      if (ValueEdits.isIntegral(node.value())) {
        long simplest = ValueEdits.simplest(node.value(), node.type());
        if (ValueEdits.integral(node.value()) != simplest) {
          groups
              .computeIfAbsent(
                  List.of(node.value().getClass(), node.value(), simplest), k -> new ArrayList<>())
              .add(node);
        }
      }
    }
    for (Map.Entry<List<Object>, List<Node>> group : groups.entrySet()) {
      List<Node> nodes = group.getValue();
      if (stop.getAsBoolean()) {
        return;
      }
      if (nodes.size() < 2) {
        continue;
      }
      Object like = nodes.get(0).value();
      long simplest = (Long) group.getKey().get(2);
      search(ValueEdits.integral(like), simplest, v -> withEach(nodes, x -> v));
    }
  }

  /**
   * For every ordered pair of integers of one type (among the first few) that lie closer to each
   * other than to their simplest value, both moved by the same delta, the first toward its simplest
   * value: a binary search on the delta; then the first again toward it and the second away by as
   * much, keeping their sum (values that add up to the failure) if {@code keepingSum}; only when
   * the arguments hold no more than {@code atMost} integers.
   */
  void shiftPairs(int atMost, boolean keepingSum) {
    List<Node> integers =
        ArgumentTree.nodes(current.get(), types).stream()
            .filter(n -> ValueEdits.isIntegral(n.value()))
            .limit(atMost + 1L)
            .toList();
    if (integers.size() < 2 || integers.size() > atMost) {
      return;
    }
    for (int i = 0; i < integers.size(); i++) {
      for (int j = 0; j < integers.size(); j++) {
        if (stop.getAsBoolean()) {
          return;
        }
        if (i != j) {
          shiftPair(integers.get(i).path(), integers.get(j).path(), keepingSum);
        }
      }
    }
  }

  private void shiftPair(List<Integer> first, List<Integer> second, boolean keepingSum) {
    Optional<Node> a = ArgumentTree.find(current.get(), types, first);
    Optional<Node> b = ArgumentTree.find(current.get(), types, second);
    if (a.isEmpty()
        || b.isEmpty()
        || !ValueEdits.isIntegral(a.get().value())
        || !ValueEdits.isIntegral(b.get().value())
        || a.get().value().getClass() != b.get().value().getClass()) {
      return;
    }
    long x = ValueEdits.integral(a.get().value());
    long y = ValueEdits.integral(b.get().value());
    long simplest = ValueEdits.simplest(a.get().value(), a.get().type());
    if (x == simplest || (x > simplest) != (y > simplest) || y == simplest) {
      return; // Only toward the simplest value on both sides: no overflow, no crossing.
    }
    long sign = x > simplest ? 1 : -1;
    long most = Math.min(Math.abs(x - simplest), Math.abs(y - simplest));
    if (Math.abs(x - y) >= most) {
      return; // Far apart for their size: not a pair the test compares, and lowered one by one.
    }
    Object like = b.get().value();
    search(0, most, shift -> shifted(a.get(), x - sign * shift, second, like, y - sign * shift));
    // The other way: what the first gives up the second takes, so that their sum stays.
    long yNow = integralAt(second, y);
    long xNow = integralAt(first, x);
    if (!keepingSum
        || stop.getAsBoolean()
        || xNow == simplest
        || (xNow > simplest) != (x > simplest)) {
      return;
    }
    long room = sign > 0 ? ValueEdits.maximum(like) - yNow : yNow - ValueEdits.minimum(like);
    long transfer = Math.min(Math.abs(xNow - simplest), room);
    if (transfer > 0) {
      search(0, transfer, t -> shifted(a.get(), xNow - sign * t, second, like, yNow + sign * t));
    }
  }

  /** The integer at {@code path} in the current arguments, or {@code fallback} if none is. */
  private long integralAt(List<Integer> path, long fallback) {
    return ArgumentTree.find(current.get(), types, path)
        .map(Node::value)
        .filter(ValueEdits::isIntegral)
        .map(ValueEdits::integral)
        .orElse(fallback);
  }

  private Optional<Object[]> shifted(
      Node first, long x, List<Integer> second, Object like, long y) {
    return withEach(List.of(first), old -> x)
        .flatMap(m -> ArgumentTree.with(m, types, second, ValueEdits.boxLike(like, y)));
  }

  /**
   * A binary search from {@code from} (what the arguments hold) toward {@code to}: {@code to}
   * first, then the value nearest to it that the candidate made of it is still accepted with.
   */
  private void search(long from, long to, LongFunction<Optional<Object[]>> at) {
    if (from == to || isAccepted(at.apply(to))) {
      return;
    }
    long passing = from;
    long failing = to;
    // One step first: where even that does not fail, the search would only spend the allowance.
    long step = passing + (failing > passing ? 1 : -1);
    if (step == failing || !isAccepted(at.apply(step))) {
      return;
    }
    ValueEdits.bisect(step, failing, mid -> isAccepted(at.apply(mid)));
  }

  private boolean isAccepted(Optional<Object[]> candidate) {
    return candidate.isPresent() && accepted.test(candidate.get());
  }

  /** The current arguments with every node of {@code nodes} set to {@code value} of its own. */
  private Optional<Object[]> withEach(List<Node> nodes, LongUnaryOperator value) {
    Optional<Object[]> candidate = Optional.of(current.get());
    for (Node node : nodes) {
      long changed = value.applyAsLong(ValueEdits.integral(node.value()));
      Object boxed = ValueEdits.boxLike(node.value(), changed);
      candidate = candidate.flatMap(c -> ArgumentTree.with(c, types, node.path(), boxed));
    }
    return candidate;
  }

  /**
   * All integers of one type shifted by the same delta, toward zero for the one farthest on the
   * side of the nearest: the smallest lifted to zero where any is negative, else lowered to it.
   * Where the test looks only at their order or differences (a heap, a sorted run), no value can
   * move alone, and {@link #shiftPairs} moves only two. Only where every one's simplest value is
   * zero and there are three to {@value #MAX_SHIFTED_INTEGERS}: a binary search on the delta.
   */
  void shiftAll() {
    List<Node> integers =
        ArgumentTree.nodes(current.get(), types).stream()
            .filter(n -> ValueEdits.isIntegral(n.value()))
            .limit(MAX_SHIFTED_INTEGERS + 1L)
            .toList();
    if (integers.size() < 3 // Two are a pair, which shiftPairs moves by the same delta.
        || integers.size() > MAX_SHIFTED_INTEGERS
        || integers.stream().anyMatch(n -> ValueEdits.simplest(n.value(), n.type()) != 0)
        || integers.stream().map(n -> n.value().getClass()).distinct().count() != 1) {
      return;
    }
    long low = integers.stream().mapToLong(n -> ValueEdits.integral(n.value())).min().getAsLong();
    long high = integers.stream().mapToLong(n -> ValueEdits.integral(n.value())).max().getAsLong();
    Object like = integers.get(0).value();
    long most = low < 0 ? Math.min(-low, ValueEdits.maximum(like) - high) : low;
    long sign = low < 0 ? 1 : -1;
    search(0, most, delta -> withEach(integers, x -> x + sign * delta));
  }

  /**
   * Every pair of scalars not at their simplest value (a true boolean, an integer; among the first
   * few) set to it at once, where either alone leaves the failure behind: a flag and a value it
   * guards, as a division made an addition whose second operand must then be zero too. After one
   * accepted pair the paths may hold other values: the next sweep goes on.
   */
  void simplifyTogether() {
    List<Node> scalars =
        ArgumentTree.nodes(current.get(), types).stream()
            .filter(n -> ValueEdits.simplestScalar(n.value(), n.type()).isPresent())
            .limit(MAX_PAIRED_SCALARS + 1L)
            .toList();
    if (scalars.size() < 2 || scalars.size() > MAX_PAIRED_SCALARS) {
      return;
    }
    for (int i = 0; i < scalars.size(); i++) {
      for (int j = i + 1; j < scalars.size(); j++) {
        if (stop.getAsBoolean()) {
          return;
        }
        Node b = scalars.get(j);
        Optional<Object[]> both =
            ArgumentTree.with(
                    current.get(),
                    types,
                    scalars.get(i).path(),
                    ValueEdits.simplestScalar(scalars.get(i).value(), scalars.get(i).type()).get())
                .flatMap(
                    c ->
                        ArgumentTree.with(
                            c,
                            types,
                            b.path(),
                            ValueEdits.simplestScalar(b.value(), b.type()).get()));
        if (isAccepted(both)) {
          return;
        }
      }
    }
  }

  /**
   * In every list of integers that all index into it (each from 0 to its size less one), each
   * element deleted with every element pointing past it lowered by one, so that the others keep
   * pointing at the same elements: where the values are positions in their own list, deleting an
   * element alone breaks them. A list that took one deletion is tried again at the same place.
   */
  void deleteRenumbering() {
    for (List<Integer> path : listPaths()) {
      int k = 0;
      while (!stop.getAsBoolean()) {
        Optional<Node> node = ArgumentTree.find(current.get(), types, path);
        if (node.isEmpty()
            || !(node.get().value() instanceof List<?> list)
            || k >= list.size()
            || !indexesItself(list)) {
          break;
        }
        List<Object> shorter = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
          Object element = list.get(i);
          long index = ValueEdits.integral(element);
          if (i != k) {
            shorter.add(index > k ? ValueEdits.boxLike(element, index - 1) : element);
          }
        }
        if (!isAccepted(ArgumentTree.with(current.get(), types, path, shorter))) {
          k++;
        }
      }
    }
  }

  private static boolean indexesItself(List<?> list) {
    for (Object element : list) {
      if (!ValueEdits.isIntegral(element)
          || ValueEdits.integral(element) < 0
          || ValueEdits.integral(element) >= list.size()) {
        return false;
      }
    }
    return true;
  }

  /** In every list of lists, each inner list merged into the one before it, left to right. */
  void mergeNeighbours() {
    combineNeighbours(
        (left, right) -> {
          if (!(left instanceof List<?> l) || !(right instanceof List<?> r)) {
            return Optional.empty();
          }
          List<Object> merged = new ArrayList<>(l);
          merged.addAll(r);
          return Optional.of(merged);
        });
  }

  /**
   * In every list of integers, two neighbours replaced by their sum in the elements' type, which
   * wraps as the test's own arithmetic does: one value fewer where only the sum counts.
   */
  void sumNeighbours() {
    combineNeighbours(
        (left, right) ->
            ValueEdits.isIntegral(left)
                    && ValueEdits.isIntegral(right)
                    && left.getClass() == right.getClass()
                ? Optional.of(
                    ValueEdits.boxLike(
                        left, ValueEdits.integral(left) + ValueEdits.integral(right)))
                : Optional.empty());
  }

  /**
   * In every list, two neighbours replaced by what {@code combine} makes of them, left to right; a
   * list that took one combination is tried again at the same place, for the next neighbour.
   */
  private void combineNeighbours(BiFunction<Object, Object, Optional<Object>> combine) {
    for (List<Integer> path : listPaths()) {
      int i = 0;
      while (!stop.getAsBoolean()) {
        Optional<Node> node = ArgumentTree.find(current.get(), types, path);
        if (node.isEmpty()
            || !(node.get().value() instanceof List<?> list)
            || i + 1 >= list.size()) {
          break;
        }
        Optional<Object> combined = combine.apply(list.get(i), list.get(i + 1));
        if (combined.isPresent()) {
          List<Object> shorter = new ArrayList<>(list);
          shorter.set(i, combined.get());
          shorter.remove(i + 1);
          if (isAccepted(ArgumentTree.with(current.get(), types, path, shorter))) {
            continue;
          }
        }
        i++;
      }
    }
  }

  /** In every list, each element moved to the earliest position where the call gets smaller. */
  void moveEarlier() {
    for (List<Integer> path : listPaths()) {
      for (int j = 1; !stop.getAsBoolean(); j++) {
        Optional<Node> node = ArgumentTree.find(current.get(), types, path);
        if (node.isEmpty()
            || !(node.get().value() instanceof List<?> list)
            || list.size() > MAX_REORDERED_LENGTH
            || j >= list.size()) {
          break;
        }
        for (int i = 0; i < j; i++) {
          List<Object> moved = new ArrayList<>(list);
          moved.add(i, moved.remove(j));
          if (isAccepted(ArgumentTree.with(current.get(), types, path, moved))) {
            break;
          }
        }
      }
    }
  }

  /**
   * Parameters of the same declared type swapped where that makes the call smaller: a value moves
   * to a later parameter, as in {@code ([], [1])} before {@code ([1], [])}.
   */
  void swapParameters() {
    for (int i = 0; i < types.length; i++) {
      for (int j = i + 1; j < types.length && !stop.getAsBoolean(); j++) {
        if (types[i].toString().equals(types[j].toString())) {
          Object[] swapped = current.get().clone();
          Object first = swapped[i];
          swapped[i] = swapped[j];
          swapped[j] = first;
          accepted.test(swapped);
        }
      }
    }
  }

  private List<List<Integer>> listPaths() {
    return ArgumentTree.nodes(current.get(), types).stream()
        .filter(n -> n.value() instanceof List<?> l && l.size() > 1)
        .map(Node::path)
        .toList();
  }
}

package dev.whittle.jazzer.values;

import dev.whittle.jazzer.values.ArgumentTree.Node;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The moves of a {@link MutatorArgumentsTurn} on recursive records (a tree of records of one type):
 * a record replaced by a descendant of its type, a smaller tree that may keep the failure where
 * deleting one subtree does not; and a small tree rebuilt in each smaller shape, its nodes' other
 * components sorted in the {@link ValueOrder} and laid out in preorder, so that values move between
 * subtrees, which no move of one value does (a heap {@code (0, (0, (1), null), (0))} becomes {@code
 * (0, null, (0, (0), (1)))}). Every candidate goes through the sweep's question.
 */
final class RecursiveMoves {
  /** Trees are rebuilt in other shapes only up to this many nodes: shapes grow exponentially. */
  static final int MAX_RESHAPED_NODES = 5;

  /** The smallest shapes asked for one tree; the rest are rarely reached. */
  private static final int MAX_SHAPES_ASKED = 8;

  /** Descendants asked in place of one record, nearest first. */
  private static final int MAX_HOISTS_ASKED = 8;

  private final AnnotatedType[] types;
  private final Supplier<Object[]> current;
  private final Predicate<Object[]> accepted;
  private final BooleanSupplier stop;

  RecursiveMoves(TurnView sweep) {
    this.types = sweep.types();
    this.current = sweep.current();
    this.accepted = sweep.accepted();
    this.stop = sweep.stop();
  }

  /** Every record, parents first, replaced by a descendant record of its class. */
  void hoist() {
    for (Node listed : ArgumentTree.nodes(current.get(), types)) {
      if (stop.getAsBoolean()) {
        return;
      }
      Optional<Node> node = ArgumentTree.find(current.get(), types, listed.path());
      if (node.isEmpty() || !isRecord(node.get().value())) {
        continue; // An earlier move took it away.
      }
      Object record = node.get().value();
      int asked = 0;
      for (Node inside :
          ArgumentTree.nodes(new Object[] {record}, new AnnotatedType[] {node.get().type()})) {
        if (asked == MAX_HOISTS_ASKED) {
          break;
        }
        if (inside.path().size() > 1
            && inside.value() != null
            && inside.value().getClass() == record.getClass()) {
          Optional<Object[]> candidate =
              ArgumentTree.with(current.get(), types, listed.path(), inside.value());
          asked++;
          if (candidate.isPresent() && accepted.test(candidate.get())) {
            break;
          }
        }
      }
    }
  }

  /**
   * Every tree of one record type with two to {@link #MAX_RESHAPED_NODES} nodes (a record whose
   * components of its own type hold the subtrees, not itself inside such a tree) rebuilt in the
   * shapes of as many nodes that make the call smaller, smallest first; ends at the first accepted.
   */
  void reshape() {
    for (Node node : ArgumentTree.nodes(current.get(), types)) {
      if (stop.getAsBoolean()) {
        return;
      }
      if (!isRecord(node.value()) || isInsideTreeOfItsType(node)) {
        continue;
      }
      Class<?> type = node.value().getClass();
      boolean[] self = selfComponents(type);
      List<Object[]> payloads = new ArrayList<>();
      if (!collect(node.value(), self, payloads)
          || payloads.size() < 2
          || payloads.size() > MAX_RESHAPED_NODES) {
        continue;
      }
      payloads.sort(ValueOrder::compare);
      if (reshape(node.path(), type, self, payloads)) {
        return;
      }
    }
  }

  private boolean reshape(
      List<Integer> path, Class<?> type, boolean[] self, List<Object[]> payloads) {
    int slots = 0;
    for (boolean s : self) {
      slots += s ? 1 : 0;
    }
    Object[] now = current.get();
    List<Object[]> candidates = new ArrayList<>();
    for (Shape shape : Shape.all(payloads.size(), slots)) {
      build(shape, type, self, payloads.iterator())
          .flatMap(tree -> ArgumentTree.with(now, types, path, tree))
          .filter(candidate -> ValueOrder.compare(candidate, now) < 0)
          .ifPresent(candidates::add);
    }
    candidates.sort(ValueOrder::compare);
    for (Object[] candidate :
        candidates.subList(0, Math.min(MAX_SHAPES_ASKED, candidates.size()))) {
      if (stop.getAsBoolean()) {
        return false;
      }
      if (accepted.test(candidate)) {
        return true;
      }
    }
    return false;
  }

  /** The record {@code shape} stands for, with the next payloads in preorder. */
  private static Optional<Object> build(
      Shape shape, Class<?> type, boolean[] self, Iterator<Object[]> payloads) {
    Object[] payload = payloads.next();
    Object[] components = new Object[self.length];
    int other = 0;
    int child = 0;
    for (int i = 0; i < self.length; i++) {
      if (!self[i]) {
        components[i] = payload[other++];
        continue;
      }
      Shape subtree = shape.children().get(child++);
      if (subtree != null) {
        Optional<Object> built = build(subtree, type, self, payloads);
        if (built.isEmpty()) {
          return built;
        }
        components[i] = built.get();
      }
    }
    return ArgumentTree.rebuild(type, components);
  }

  /**
   * Adds the components of {@code record} and of every record below it that are not subtrees, in
   * preorder; false when a record is not readable or there are too many.
   */
  private static boolean collect(Object record, boolean[] self, List<Object[]> payloads) {
    Optional<Object[]> components = ArgumentTree.components(record);
    if (components.isEmpty() || payloads.size() == MAX_RESHAPED_NODES) {
      return false;
    }
    List<Object> payload = new ArrayList<>();
    List<Object> children = new ArrayList<>();
    for (int i = 0; i < self.length; i++) {
      (self[i] ? children : payload).add(components.get()[i]);
    }
    payloads.add(payload.toArray());
    for (Object child : children) {
      if (child != null && !collect(child, self, payloads)) {
        return false;
      }
    }
    return true;
  }

  /** Which components of {@code type} are of that type itself; all false for no tree. */
  private static boolean[] selfComponents(Class<?> type) {
    RecordComponent[] declared = type.getRecordComponents();
    boolean[] self = new boolean[declared.length];
    for (int i = 0; i < declared.length; i++) {
      self[i] = declared[i].getType() == type;
    }
    return self;
  }

  private boolean isInsideTreeOfItsType(Node node) {
    List<Integer> path = node.path();
    if (path.size() < 2) {
      return false;
    }
    return ArgumentTree.find(current.get(), types, path.subList(0, path.size() - 1))
        .map(
            parent ->
                parent.value() != null && parent.value().getClass() == node.value().getClass())
        .orElse(false);
  }

  private static boolean isRecord(Object value) {
    return value != null && value.getClass().isRecord();
  }

  /** A tree's shape: for each slot of a node its subtree, null where it is empty. */
  private record Shape(List<Shape> children) {
    /** Every shape of {@code nodes} nodes with {@code slots} slots each. */
    static List<Shape> all(int nodes, int slots) {
      List<Shape> shapes = new ArrayList<>();
      if (slots == 0) {
        return shapes; // No subtrees: only one node, and no tree to reshape.
      }
      for (List<Shape> children : fill(nodes - 1, slots, slots)) {
        shapes.add(new Shape(children));
      }
      return shapes;
    }

    /** Every way to fill {@code left} of a node's slots with subtrees of {@code nodes} in all. */
    private static List<List<Shape>> fill(int nodes, int left, int slots) {
      List<List<Shape>> ways = new ArrayList<>();
      if (left == 0) {
        if (nodes == 0) {
          ways.add(new ArrayList<>());
        }
        return ways;
      }
      for (int first = 0; first <= nodes; first++) {
        List<Shape> firsts = new ArrayList<>();
        if (first == 0) {
          firsts.add(null);
        } else {
          firsts.addAll(all(first, slots));
        }
        for (List<Shape> rest : fill(nodes - first, left - 1, slots)) {
          for (Shape head : firsts) {
            List<Shape> way = new ArrayList<>();
            way.add(head);
            way.addAll(rest);
            ways.add(way);
          }
        }
      }
      return ways;
    }
  }
}

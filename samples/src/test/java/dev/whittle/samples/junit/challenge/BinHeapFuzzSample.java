package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * The shrinking challenge's "binheap": a binary min-heap (each child's head at least its parent's;
 * others are outside the precondition) turned into a sorted list by a wrong function, which takes
 * the head, merges the two children and then lists the merged heap as it is stored (head, right
 * subtree, left subtree) instead of taking its heads one by one. Merging two children that are
 * leaves gives a chain, which lists in order, so a counterexample needs four values. Smallest
 * counterexample in Whittle's order (fewer values, then shallower, then the leaves in order, null
 * first): {@code (0, null, (0, (0, null, null), (1, null, null)))}, the challenge's own.
 *
 * <p>A heap is a record, null the empty heap.
 */
class BinHeapFuzzSample {
  record Heap(int head, Heap left, Heap right) {}

  @FuzzTest(maxDuration = "60s")
  void listsInOrder(Heap heap) {
    if (!isHeap(heap)) {
      return; // Outside the property's precondition.
    }
    List<Integer> sorted = stored(heap);
    sorted.sort(null);
    List<Integer> listed = wrongSortedList(heap);
    if (!listed.equals(sorted)) {
      throw new IllegalStateException(listed + " is not " + sorted);
    }
  }

  private static boolean isHeap(Heap heap) {
    if (heap == null) {
      return true;
    }
    for (Heap child : new Heap[] {heap.left(), heap.right()}) {
      if (child != null && child.head() < heap.head()) {
        return false;
      }
    }
    return isHeap(heap.left()) && isHeap(heap.right());
  }

  /** A skew heap's merge, which keeps the heap order. */
  private static Heap merge(Heap x, Heap y) {
    if (x == null) {
      return y;
    }
    if (y == null) {
      return x;
    }
    if (y.head() < x.head()) {
      return merge(y, x);
    }
    return new Heap(x.head(), merge(x.right(), y), x.left());
  }

  /** The bug: one head taken, the rest listed as stored. */
  private static List<Integer> wrongSortedList(Heap heap) {
    List<Integer> list = new ArrayList<>();
    if (heap != null) {
      list.add(heap.head());
      list.addAll(stored(merge(heap.left(), heap.right())));
    }
    return list;
  }

  /** The values as stored: head, then the right subtree, then the left. */
  private static List<Integer> stored(Heap heap) {
    List<Integer> list = new ArrayList<>();
    if (heap != null) {
      list.add(heap.head());
      list.addAll(stored(heap.right()));
      list.addAll(stored(heap.left()));
    }
    return list;
  }
}

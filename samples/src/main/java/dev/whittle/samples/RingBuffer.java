package dev.whittle.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A growable double-ended queue over a circular array, the subject of {@link RingBufferFuzzer}.
 *
 * <p>The planted bug is in {@link #grow}: it copies the array as is instead of unrolling it from
 * {@code head}, so once the contents wrap around the end of the array, growing loses the wrapped
 * part (the queue then holds {@code null}s where those elements were).
 */
final class RingBuffer<E> {
  private Object[] items;
  private int head;
  private int size;

  RingBuffer(int initialCapacity) {
    if (initialCapacity < 1) {
      throw new IllegalArgumentException("capacity " + initialCapacity);
    }
    items = new Object[initialCapacity];
  }

  int size() {
    return size;
  }

  void addLast(E e) {
    if (size == items.length) {
      grow();
    }
    items[(head + size) % items.length] = e;
    size++;
  }

  void addFirst(E e) {
    if (size == items.length) {
      grow();
    }
    head = (head - 1 + items.length) % items.length;
    items[head] = e;
    size++;
  }

  E removeFirst() {
    if (size == 0) {
      throw new NoSuchElementException();
    }
    E e = elementAt(head);
    items[head] = null;
    head = (head + 1) % items.length;
    size--;
    return e;
  }

  E removeLast() {
    if (size == 0) {
      throw new NoSuchElementException();
    }
    int last = (head + size - 1) % items.length;
    E e = elementAt(last);
    items[last] = null;
    size--;
    return e;
  }

  E get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return elementAt((head + i) % items.length);
  }

  List<E> toList() {
    List<E> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(get(i));
    }
    return list;
  }

  private void grow() {
    Object[] bigger = new Object[items.length * 2];
    // BUG: correct is to copy items[head..] then items[..head) to bigger[0..] and set head = 0.
    System.arraycopy(items, 0, bigger, 0, items.length);
    items = bigger;
  }

  @SuppressWarnings("unchecked")
  private E elementAt(int index) {
    return (E) items[index];
  }
}

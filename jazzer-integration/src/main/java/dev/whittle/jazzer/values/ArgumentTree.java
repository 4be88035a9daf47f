package dev.whittle.jazzer.values;

import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The decoded arguments of a method as a tree of values the reducer can replace: parameters, then
 * the elements of lists, sets and object arrays, the keys and values of maps and the components of
 * records, each at a path of indices. A map's children are its entries' keys and values in turn, in
 * the order the framework reads and writes them: the key of entry {@code i} at index {@code 2i},
 * its value at {@code 2i + 1}. Other values (strings, primitive arrays, numbers, beans) are leaves,
 * and so are collections of a raw type: a bean has no constructor Whittle can call with its
 * components, so its components are never shrunk one by one.
 *
 * <p>Replacing a value rebuilds every container above it: lists and arrays as copies, sets and maps
 * as insertion-ordered copies (the framework's reader builds a {@code LinkedHashSet} and a {@code
 * LinkedHashMap}), records with their canonical constructor, which MAY reject the new components;
 * then there is no candidate. A set element or map key replaced by one the set or map already holds
 * gives no candidate either: that would drop an entry, which is the deletion step's move.
 */
final class ArgumentTree {
  private ArgumentTree() {}

  /** One value in the tree: where it is, its declared type with annotations, and the value. */
  record Node(List<Integer> path, AnnotatedType type, Object value) {
    /** Whether Jazzer writes a present/absent flag for this value, so that null is a value. */
    boolean isNullable() {
      return !(type.getType() instanceof Class<?> c && c.isPrimitive())
          && !type.isAnnotationPresent(NotNull.class);
    }
  }

  /** Every node of {@code arguments}, parents before their children, parameters in order. */
  static List<Node> nodes(Object[] arguments, AnnotatedType[] types) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < arguments.length; i++) {
      collect(new Node(List.of(i), types[i], arguments[i]), nodes);
    }
    return nodes;
  }

  private static void collect(Node node, List<Node> into) {
    into.add(node);
    for (Node child : children(node)) {
      collect(child, into);
    }
  }

  /** The node at {@code path}, or empty when the arguments no longer have one there. */
  static Optional<Node> find(Object[] arguments, AnnotatedType[] types, List<Integer> path) {
    int parameter = path.get(0);
    if (parameter >= arguments.length) {
      return Optional.empty();
    }
    Node node = new Node(List.of(parameter), types[parameter], arguments[parameter]);
    for (int depth = 1; depth < path.size(); depth++) {
      List<Node> children = children(node);
      int index = path.get(depth);
      if (index >= children.size()) {
        return Optional.empty();
      }
      node = children.get(index);
    }
    return Optional.of(node);
  }

  /**
   * {@code arguments} with {@code value} at {@code path}, a new array (the given one is left as it
   * was); empty when a record on the way cannot be rebuilt with it.
   */
  static Optional<Object[]> with(
      Object[] arguments, AnnotatedType[] types, List<Integer> path, Object value) {
    Object[] copy = arguments.clone();
    int parameter = path.get(0);
    Optional<Object> replaced = replace(arguments[parameter], path, 1, value);
    if (replaced.isEmpty()) {
      return Optional.empty();
    }
    copy[parameter] = replaced.get() == NULL ? null : replaced.get();
    return Optional.of(copy);
  }

  /** Stands for null inside an Optional. */
  private static final Object NULL = new Object();

  private static Optional<Object> replace(
      Object container, List<Integer> path, int depth, Object value) {
    if (depth == path.size()) {
      return Optional.of(value == null ? NULL : value);
    }
    int index = path.get(depth);
    if (container instanceof List<?> list) {
      Optional<Object> element = replace(list.get(index), path, depth + 1, value);
      return element.map(
          e -> {
            List<Object> copy = new ArrayList<>(list);
            copy.set(index, e == NULL ? null : e);
            return copy;
          });
    }
    if (container instanceof Object[] array) {
      Optional<Object> element = replace(array[index], path, depth + 1, value);
      return element.map(
          e -> {
            Object[] copy = array.clone();
            copy[index] = e == NULL ? null : e;
            return copy;
          });
    }
    if (container instanceof Set<?> set) {
      List<Object> elements = new ArrayList<>(set);
      Optional<Object> element = replace(elements.get(index), path, depth + 1, value);
      return element.flatMap(
          e -> {
            elements.set(index, e == NULL ? null : e);
            Set<Object> copy = new LinkedHashSet<>(elements);
            return copy.size() == set.size() ? Optional.of(copy) : Optional.empty();
          });
    }
    if (container instanceof Map<?, ?> map) {
      List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
      Map.Entry<?, ?> entry = entries.get(index / 2);
      boolean isKey = index % 2 == 0;
      Optional<Object> part =
          replace(isKey ? entry.getKey() : entry.getValue(), path, depth + 1, value);
      return part.flatMap(
          p -> {
            Object replaced = p == NULL ? null : p;
            Map<Object, Object> copy = new LinkedHashMap<>();
            for (int i = 0; i < entries.size(); i++) {
              Map.Entry<?, ?> e = entries.get(i);
              boolean here = i == index / 2;
              copy.put(
                  here && isKey ? replaced : e.getKey(), here && !isKey ? replaced : e.getValue());
            }
            return copy.size() == map.size() ? Optional.of(copy) : Optional.empty();
          });
    }
    if (container != null && container.getClass().isRecord()) {
      Optional<Object[]> read = components(container);
      if (read.isEmpty()) {
        return Optional.empty();
      }
      Object[] components = read.get();
      Optional<Object> component = replace(components[index], path, depth + 1, value);
      if (component.isEmpty()) {
        return Optional.empty();
      }
      components[index] = component.get() == NULL ? null : component.get();
      return rebuild(container.getClass(), components);
    }
    throw new IllegalArgumentException("no value at " + path + " below " + container);
  }

  private static List<Node> children(Node node) {
    Object value = node.value();
    List<Integer> path = node.path();
    List<Node> children = new ArrayList<>();
    if (value instanceof List<?> list) {
      // Without the element type (a raw List) the elements stay inside their list: a leaf.
      Optional<AnnotatedType> element = typeArgument(node.type());
      for (int i = 0; element.isPresent() && i < list.size(); i++) {
        children.add(new Node(append(path, i), element.get(), list.get(i)));
      }
    } else if (value instanceof Set<?> set) {
      Optional<AnnotatedType> element = typeArgument(node.type());
      if (element.isPresent()) {
        int i = 0;
        for (Object e : set) {
          children.add(new Node(append(path, i++), element.get(), e));
        }
      }
    } else if (value instanceof Map<?, ?> map) {
      Optional<AnnotatedType[]> keyAndValue = typeArguments(node.type(), 2);
      if (keyAndValue.isPresent()) {
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
          children.add(new Node(append(path, i++), keyAndValue.get()[0], e.getKey()));
          children.add(new Node(append(path, i++), keyAndValue.get()[1], e.getValue()));
        }
      }
    } else if (value instanceof Object[] array && node.type() instanceof AnnotatedArrayType a) {
      AnnotatedType element = a.getAnnotatedGenericComponentType();
      for (int i = 0; i < array.length; i++) {
        children.add(new Node(append(path, i), element, array[i]));
      }
    } else if (value != null && value.getClass().isRecord()) {
      Optional<Object[]> components = components(value);
      if (components.isPresent()) {
        RecordComponent[] declared = value.getClass().getRecordComponents();
        for (int i = 0; i < declared.length; i++) {
          children.add(
              new Node(append(path, i), declared[i].getAnnotatedType(), components.get()[i]));
        }
      }
    }
    return children;
  }

  /** The type argument of a list's or set's type: its elements'; empty for a raw type. */
  private static Optional<AnnotatedType> typeArgument(AnnotatedType type) {
    return typeArguments(type, 1).map(arguments -> arguments[0]);
  }

  /** The {@code count} type arguments of a parameterized type; empty for a raw type. */
  private static Optional<AnnotatedType[]> typeArguments(AnnotatedType type, int count) {
    if (type instanceof AnnotatedParameterizedType p
        && p.getAnnotatedActualTypeArguments().length == count) {
      return Optional.of(p.getAnnotatedActualTypeArguments());
    }
    return Optional.empty();
  }

  private static List<Integer> append(List<Integer> path, int index) {
    List<Integer> longer = new ArrayList<>(path.size() + 1);
    longer.addAll(path);
    longer.add(index);
    return List.copyOf(longer);
  }

  /** A record's components through its accessors; empty when they are not accessible. */
  static Optional<Object[]> components(Object record) {
    RecordComponent[] declared = record.getClass().getRecordComponents();
    Object[] values = new Object[declared.length];
    try {
      for (int i = 0; i < declared.length; i++) {
        var accessor = declared[i].getAccessor();
        accessor.setAccessible(true);
        values[i] = accessor.invoke(record);
      }
      return Optional.of(values);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Inaccessible (a module that does not open the package) or an accessor that throws: a leaf.
      return Optional.empty();
    }
  }

  /** A new record from its canonical constructor; empty when the constructor rejects the values. */
  static Optional<Object> rebuild(Class<?> recordClass, Object[] components) {
    Class<?>[] types =
        Arrays.stream(recordClass.getRecordComponents())
            .map(RecordComponent::getType)
            .toArray(Class<?>[]::new);
    try {
      Constructor<?> canonical = recordClass.getDeclaredConstructor(types);
      canonical.setAccessible(true);
      return Optional.of(canonical.newInstance(components));
    } catch (InvocationTargetException e) {
      return Optional.empty(); // The record's own validation: not a value the target can get.
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Optional.empty();
    }
  }
}

package dev.whittle.jazzer.fdp;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One consuming call on a {@link FuzzedDataProvider}: the method, its arguments and the value it
 * returned (or, for the encoder, the value it should return). Values are boxed; array values are
 * copied in and out, so an instance never changes.
 *
 * <p>Values compare like {@link Arrays#deepEquals}: floats and doubles by {@link Float#equals}
 * semantics, so NaN equals NaN and 0.0 differs from -0.0.
 */
@API(status = INTERNAL, since = "0.1")
public final class FuzzedDataCall {
  private final FuzzedDataMethod method;
  private final List<Object> arguments;
  private final Object value;

  private FuzzedDataCall(FuzzedDataMethod method, List<Object> arguments, Object value) {
    this.method = method;
    this.arguments = arguments;
    this.value = value;
  }

  /**
   * Creates a call. {@code arguments} MUST match the method's parameters, boxed, and {@code value}
   * MUST have its boxed return type; both are checked only when the call is replayed.
   */
  public static FuzzedDataCall of(FuzzedDataMethod method, List<?> arguments, Object value) {
    checkNotNull(method, "method");
    checkNotNull(arguments, "arguments");
    checkNotNull(value, "value of %s", method);
    return new FuzzedDataCall(
        method, Collections.unmodifiableList(new ArrayList<>(arguments)), copyOf(value));
  }

  /** Returns the same call with another value, e.g. a smaller one a reducer tries. */
  public FuzzedDataCall withValue(Object newValue) {
    return of(method, arguments, newValue);
  }

  public FuzzedDataMethod method() {
    return method;
  }

  public List<Object> arguments() {
    return arguments;
  }

  /** The value, boxed; an array value is a fresh copy. */
  public Object value() {
    return copyOf(value);
  }

  /** Calls the same method with the same arguments on {@code provider} and returns its result. */
  public Object replayOn(FuzzedDataProvider provider) {
    return method.invoke(provider, arguments);
  }

  /** Whether {@code other} equals this call's value, by the rules of the class comment. */
  public boolean hasValue(Object other) {
    return Objects.deepEquals(value, other);
  }

  private static Object copyOf(Object value) {
    return value.getClass().isArray() ? cloneArray(value) : value;
  }

  private static Object cloneArray(Object array) {
    if (array instanceof boolean[] a) {
      return a.clone();
    } else if (array instanceof byte[] a) {
      return a.clone();
    } else if (array instanceof short[] a) {
      return a.clone();
    } else if (array instanceof int[] a) {
      return a.clone();
    } else if (array instanceof long[] a) {
      return a.clone();
    }
    throw new IllegalArgumentException("not a value of a FuzzedDataProvider method: " + array);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FuzzedDataCall other
        && method == other.method
        && arguments.equals(other.arguments)
        && other.hasValue(value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(method, arguments, Arrays.deepHashCode(new Object[] {value}));
  }

  @Override
  public String toString() {
    String shown = Arrays.deepToString(new Object[] {value});
    return method + arguments.toString() + " -> " + shown.substring(1, shown.length() - 1);
  }
}

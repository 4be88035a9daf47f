package dev.whittle.jazzer.values;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The serialization of Jazzer's mutation framework for the parameters of one method, reached
 * reflectively: {@code com.code_intelligence.jazzer.mutation.ArgumentsMutator} of Jazzer 0.30.0
 * ({@code forMethodOrThrow}, {@code read}, {@code getArguments}, {@code writeAny}) is internal API
 * in the optional {@code com.code-intelligence:jazzer} artifact, so Whittle neither compiles
 * against it nor needs it on the class path unless this class is used.
 *
 * <p>Decoding is total for every byte string (the reader pads a short input with zeros and forces
 * values into their ranges) except where a record's or bean's own constructor throws; {@link
 * #tryDecode} says so with an empty result. Encoding is the framework's own canonical writer: the
 * encoding of decoded values can be longer than the bytes they came from (the padding becomes
 * explicit, a clamped length field is written with the full value it stands for).
 *
 * <p>The mutator holds the last arguments it read and is not thread-safe; every method here is
 * synchronized.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutatorCodec {
  static final String ARGUMENTS_MUTATOR = "com.code_intelligence.jazzer.mutation.ArgumentsMutator";

  private final Method method;
  private final Object mutator;
  private final Method read;
  private final Method getArguments;
  private final Method writeAny;

  private MutatorCodec(
      Method method, Object mutator, Method read, Method getArguments, Method writeAny) {
    this.method = method;
    this.mutator = mutator;
    this.read = read;
    this.getArguments = getArguments;
    this.writeAny = writeAny;
  }

  /**
   * The codec for {@code method}'s parameters, with the mutation framework that {@code method}'s
   * class sees (else the one Whittle's class loader sees).
   *
   * @throws IllegalStateException if the mutation framework is unavailable there
   * @throws IllegalArgumentException if the framework cannot handle the parameters
   */
  public static MutatorCodec forMethod(Method method) {
    checkNotNull(method, "method");
    ClassLoader own = method.getDeclaringClass().getClassLoader();
    Optional<Class<?>> found = find(own);
    if (found.isEmpty()) {
      found = find(MutatorCodec.class.getClassLoader());
    }
    return forMethod(method, found);
  }

  /** As {@link #forMethod(Method)}, with the framework only from {@code loader}; for tests. */
  static MutatorCodec forMethod(Method method, ClassLoader loader) {
    checkNotNull(method, "method");
    return forMethod(method, find(loader));
  }

  private static MutatorCodec forMethod(Method method, Optional<Class<?>> mutatorClass) {
    checkArgument(
        method.getParameterCount() > 0, "%s has no parameters to decode", method.toGenericString());
    if (mutatorClass.isEmpty()) {
      throw new IllegalStateException(
          "Jazzer's mutation framework is unavailable: "
              + ARGUMENTS_MUTATOR
              + " (artifact com.code-intelligence:jazzer 0.30.0) is not on the class path of "
              + method.getDeclaringClass().getName()
              + "; add it to decode the arguments of "
              + method.getName());
    }
    Class<?> type = mutatorClass.get();
    Method forMethodOrThrow;
    Method read;
    Method getArguments;
    Method writeAny;
    try {
      forMethodOrThrow = type.getMethod("forMethodOrThrow", Method.class, boolean.class);
      read = type.getMethod("read", ByteArrayInputStream.class);
      getArguments = type.getMethod("getArguments");
      writeAny = type.getMethod("writeAny", OutputStream.class, Object[].class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "Jazzer's mutation framework is unavailable: "
              + ARGUMENTS_MUTATOR
              + " lacks the methods of Jazzer 0.30.0 ("
              + e.getMessage()
              + ")",
          e);
    }
    // false: regression mode, the way jazzer-junit reads an input file (no value pools).
    Object mutator = invoke(forMethodOrThrow, null, method, false);
    return new MutatorCodec(method, mutator, read, getArguments, writeAny);
  }

  private static Optional<Class<?>> find(ClassLoader loader) {
    try {
      return Optional.of(Class.forName(ARGUMENTS_MUTATOR, false, loader));
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }

  Method method() {
    return method;
  }

  /**
   * The arguments {@code bytes} decode to, a fresh array; empty when the framework's reader throws
   * (a record's or bean's constructor rejected the values read).
   */
  synchronized Optional<Object[]> tryDecode(byte[] bytes) {
    checkNotNull(bytes, "bytes");
    try {
      return Optional.of(decode(bytes));
    } catch (UndecodableException e) {
      return Optional.empty();
    }
  }

  /**
   * The arguments {@code bytes} decode to, a fresh array.
   *
   * @throws UndecodableException if the framework's reader throws
   */
  public synchronized Object[] decode(byte[] bytes) {
    checkNotNull(bytes, "bytes");
    try {
      read.invoke(mutator, new ByteArrayInputStream(bytes));
      return ((Object[]) getArguments.invoke(mutator)).clone();
    } catch (InvocationTargetException e) {
      throw new UndecodableException(e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot call " + ARGUMENTS_MUTATOR, e);
    }
  }

  /**
   * The framework's encoding of {@code arguments}; empty when its writer throws (a null where the
   * parameter is {@code @NotNull}, a value of the wrong type).
   */
  synchronized Optional<byte[]> tryEncode(Object[] arguments) {
    checkNotNull(arguments, "arguments");
    checkArgument(
        arguments.length == method.getParameterCount(),
        "%s arguments for %s parameters",
        arguments.length,
        method.getParameterCount());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      writeAny.invoke(mutator, out, (Object) arguments);
      return Optional.of(out.toByteArray());
    } catch (InvocationTargetException e) {
      return Optional.empty();
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot call " + ARGUMENTS_MUTATOR, e);
    }
  }

  /**
   * Whether {@code bytes} are the framework's own encoding of what they decode to: no padding, no
   * clamped length, no fixed-up character, no value out of its range. Every encoding {@link
   * #tryEncode} makes of decoded values is canonical.
   */
  synchronized boolean isCanonical(byte[] bytes) {
    return tryDecodeCanonical(bytes).isPresent();
  }

  /**
   * The arguments {@code bytes} decode to when they are {@linkplain #isCanonical canonical}, else
   * empty: one decoding for a caller that needs both.
   */
  synchronized Optional<Object[]> tryDecodeCanonical(byte[] bytes) {
    Optional<Object[]> decoded = tryDecode(bytes);
    if (decoded.isEmpty()) {
      return decoded;
    }
    Optional<byte[]> again = tryEncode(decoded.get());
    return again.isPresent() && Arrays.equals(again.get(), bytes) ? decoded : Optional.empty();
  }

  private static Object invoke(Method target, Object receiver, Object... arguments) {
    try {
      return target.invoke(receiver, arguments);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot call " + ARGUMENTS_MUTATOR, e);
    }
  }

  /** The framework's reader threw on some bytes; the cause is what it threw. */
  public static final class UndecodableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UndecodableException(Throwable cause) {
      super("the bytes do not decode: " + cause, cause);
    }
  }
}

package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import java.io.ByteArrayInputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.function.UnaryOperator;

/**
 * Turns a candidate's bytes into a fuzz test method's arguments the way Jazzer 0.30.0's regression
 * mode does ({@code SeedSerializer}): one {@code byte[]} gets the bytes, one {@code
 * FuzzedDataProvider} a provider over them, anything else what Jazzer's mutation framework ({@code
 * ArgumentsMutator}, reached reflectively through the method's class loader) reads from them.
 */
final class FuzzTestArguments {
  static final String ARGUMENTS_MUTATOR = "com.code_intelligence.jazzer.mutation.ArgumentsMutator";

  /** Decoding failed: the mutation framework refused the bytes (a record's constructor threw). */
  static final class UndecodableException extends Exception {
    UndecodableException(Throwable cause) {
      super(cause);
    }
  }

  private final Method method;
  private final AttemptSession.InputKind kind;
  private final FuzzedDataProviderFactory providers;
  private final MutatorReader reader;

  private FuzzTestArguments(
      Method method,
      AttemptSession.InputKind kind,
      FuzzedDataProviderFactory providers,
      MutatorReader reader) {
    this.method = method;
    this.kind = kind;
    this.providers = providers;
    this.reader = reader;
  }

  /**
   * @param providers the provider factory for a {@code FuzzedDataProvider} parameter, or null for
   *     Whittle's pure-Java one
   * @throws FuzzTargetLoadException if the parameters need the mutation framework and it is missing
   *     or refuses the method
   */
  static FuzzTestArguments forMethod(Method method, FuzzedDataProviderFactory providers) {
    Class<?>[] types = method.getParameterTypes();
    if (types.length == 1 && types[0] == byte[].class) {
      return new FuzzTestArguments(method, AttemptSession.InputKind.BYTES, null, null);
    }
    if (types.length == 1 && types[0] == FuzzedDataProvider.class) {
      return new FuzzTestArguments(
          method,
          AttemptSession.InputKind.FUZZED_DATA_PROVIDER,
          providers != null ? providers : ByteFuzzedDataProvider::of,
          null);
    }
    return new FuzzTestArguments(
        method, AttemptSession.InputKind.MUTATOR_ARGUMENTS, null, MutatorReader.forMethod(method));
  }

  AttemptSession.InputKind kind() {
    return kind;
  }

  /** The provider factory for a {@code FuzzedDataProvider} parameter, else null. */
  FuzzedDataProviderFactory providers() {
    return providers;
  }

  /**
   * The arguments for one call. A {@code FuzzedDataProvider} comes from the factory, passed through
   * {@code wrap}; the caller closes it with {@link #close}.
   */
  Object[] decode(byte[] input, UnaryOperator<FuzzedDataProvider> wrap)
      throws UndecodableException {
    switch (kind) {
      case BYTES:
        return new Object[] {input.clone()};
      case FUZZED_DATA_PROVIDER:
        return new Object[] {wrap.apply(providers.create(input))};
      default:
        return reader.read(input);
    }
  }

  /** The decoded argument values of a structured input, for a report; null for the others. */
  String describe(byte[] input) {
    if (kind != AttemptSession.InputKind.MUTATOR_ARGUMENTS) {
      return null;
    }
    try {
      // A reader of its own: the session's belongs to the attempt thread.
      Object[] values = MutatorReader.forMethod(method).read(input);
      StringBuilder out = new StringBuilder(method.getName()).append('(');
      for (int i = 0; i < values.length; i++) {
        out.append(i == 0 ? "" : ", ").append(render(values[i]));
      }
      // One line: a record's toString() shows its strings' line breaks as they are.
      return out.append(')').toString().replace("\n", "\\n").replace("\r", "\\r");
    } catch (UndecodableException | RuntimeException e) {
      return "<cannot decode: " + e + ">";
    }
  }

  private static String render(Object value) {
    if (value instanceof String s) {
      return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
    return value instanceof Object[] array ? Arrays.deepToString(array) : String.valueOf(value);
  }

  /** Closes a provider the factory made (native memory, for Jazzer's own). */
  static void close(Object[] arguments) {
    if (arguments == null) {
      return;
    }
    for (Object argument : arguments) {
      if (argument instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          // Only native memory is at stake; the run's result stands.
        }
      }
    }
  }

  /** One {@code ArgumentsMutator} for the method; stateful, so one per thread. */
  private static final class MutatorReader {
    private final Object mutator;
    private final Method read;
    private final Method getArguments;

    private MutatorReader(Object mutator, Method read, Method getArguments) {
      this.mutator = mutator;
      this.read = read;
      this.getArguments = getArguments;
    }

    static MutatorReader forMethod(Method method) {
      String className = method.getDeclaringClass().getName();
      try {
        Class<?> type =
            Class.forName(ARGUMENTS_MUTATOR, true, method.getDeclaringClass().getClassLoader());
        Object mutator =
            type.getMethod("forMethodOrThrow", Method.class, boolean.class)
                .invoke(null, method, false);
        return new MutatorReader(
            mutator,
            type.getMethod("read", ByteArrayInputStream.class),
            type.getMethod("getArguments"));
      } catch (InvocationTargetException e) {
        throw new FuzzTargetLoadException(
            className,
            "Jazzer's mutation framework cannot handle the parameters of "
                + method
                + ": "
                + e.getCause(),
            e.getCause());
      } catch (ReflectiveOperationException | LinkageError e) {
        throw new FuzzTargetLoadException(
            className,
            "the parameters of "
                + method
                + " need Jazzer's mutation framework ("
                + ARGUMENTS_MUTATOR
                + ", in com.code-intelligence:jazzer), which is not on its class path: "
                + e,
            e);
      }
    }

    Object[] read(byte[] input) throws UndecodableException {
      try {
        read.invoke(mutator, new ByteArrayInputStream(input));
        return ((Object[]) getArguments.invoke(mutator)).clone();
      } catch (InvocationTargetException e) {
        throw new UndecodableException(e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("ArgumentsMutator's public methods are not accessible", e);
      }
    }
  }
}

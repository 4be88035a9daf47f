package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.jazzer.values.MutatorCodec;
import java.lang.reflect.Method;
import java.util.function.UnaryOperator;

/**
 * Turns a candidate's bytes into a fuzz test method's arguments the way Jazzer 0.30.0's regression
 * mode does ({@code SeedSerializer}): one {@code byte[]} gets the bytes, one {@code
 * FuzzedDataProvider} a provider over them, anything else what Jazzer's mutation framework ({@code
 * ArgumentsMutator}, reached reflectively through the method's class loader) reads from them.
 */
final class FuzzTestArguments {
  /** Decoding failed: the mutation framework refused the bytes (a record's constructor threw). */
  static final class UndecodableException extends Exception {
    UndecodableException(Throwable cause) {
      super(cause);
    }
  }

  private final Method method;
  private final TargetRunner.InputKind kind;
  private final FuzzedDataProviderFactory providers;
  private final MutatorCodec codec;

  private FuzzTestArguments(
      Method method,
      TargetRunner.InputKind kind,
      FuzzedDataProviderFactory providers,
      MutatorCodec codec) {
    this.method = method;
    this.kind = kind;
    this.providers = providers;
    this.codec = codec;
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
      return new FuzzTestArguments(method, TargetRunner.InputKind.BYTES, null, null);
    }
    if (types.length == 1 && types[0] == FuzzedDataProvider.class) {
      return new FuzzTestArguments(
          method,
          TargetRunner.InputKind.FUZZED_DATA_PROVIDER,
          providers != null ? providers : ByteFuzzedDataProvider::of,
          null);
    }
    return new FuzzTestArguments(
        method, TargetRunner.InputKind.MUTATOR_ARGUMENTS, null, codecFor(method));
  }

  /** The mutation framework's codec for the method, or why the method cannot be minimized. */
  private static MutatorCodec codecFor(Method method) {
    try {
      return MutatorCodec.forMethod(method);
    } catch (IllegalStateException | IllegalArgumentException e) {
      throw new FuzzTargetLoadException(
          method.getDeclaringClass().getName(), e.getMessage() + " (" + method + ")", e);
    }
  }

  TargetRunner.InputKind kind() {
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
        try {
          return codec.decode(input);
        } catch (MutatorCodec.UndecodableException e) {
          throw new UndecodableException(e.getCause());
        }
    }
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
}

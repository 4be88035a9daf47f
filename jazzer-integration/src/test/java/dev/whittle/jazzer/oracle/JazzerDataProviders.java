package dev.whittle.jazzer.oracle;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Jazzer's own {@code FuzzedDataProviderImpl.withJavaData(byte[])}, found reflectively: it is
 * internal to Jazzer, native (JNI) underneath, and needs Jazzer's runtime jar on the class path or
 * Jazzer's agent installed. The default until a pure-Java provider is plugged in through {@link
 * FuzzedDataProviderFactory}.
 */
final class JazzerDataProviders {
  static final String IMPLEMENTATION = "com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl";

  private JazzerDataProviders() {}

  /**
   * @throws FuzzTargetLoadException naming {@code targetClass} if Jazzer's provider is unusable
   */
  static FuzzedDataProviderFactory factory(String targetClass, ClassLoader loader) {
    MethodHandle withJavaData;
    try {
      Class<?> implementation = Class.forName(IMPLEMENTATION, true, loader);
      withJavaData =
          MethodHandles.publicLookup()
              .findStatic(
                  implementation,
                  "withJavaData",
                  MethodType.methodType(implementation, byte[].class))
              .asType(MethodType.methodType(FuzzedDataProvider.class, byte[].class));
      // Fail here rather than on the first run if the native library cannot load.
      FuzzedDataProvider probe = (FuzzedDataProvider) withJavaData.invokeExact(new byte[0]);
      ((AutoCloseable) probe).close();
    } catch (Throwable e) {
      throw new FuzzTargetLoadException(
          targetClass,
          targetClass
              + " takes a FuzzedDataProvider, but Jazzer's "
              + IMPLEMENTATION
              + " is not usable here ("
              + e
              + "); put com.code-intelligence:jazzer and its runtime on the class path, or"
              + " configure a FuzzedDataProviderFactory",
          e);
    }
    return data -> {
      try {
        return (FuzzedDataProvider) withJavaData.invokeExact(data);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("FuzzedDataProviderImpl.withJavaData failed", e);
      }
    };
  }
}

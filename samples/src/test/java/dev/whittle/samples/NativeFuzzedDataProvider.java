package dev.whittle.samples;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Jazzer 0.30.0's own {@code FuzzedDataProviderImpl} (native, from the {@code
 * com.code-intelligence:jazzer} test dependency), so that crash files of {@link RingBufferFuzzer}
 * replay byte for byte as they did under Jazzer.
 *
 * <p>The implementation needs {@code UnsafeProvider} from {@code jazzer_bootstrap.jar}, which the
 * Jazzer jar nests rather than lists. The nested jar is extracted to a temporary file and both jars
 * go into a class loader of their own that shares only the {@code api} package with the tests. This
 * follows {@code JazzerFuzzedDataProvider} in jazzer-integration's tests (test classes are not
 * shared between modules).
 */
final class NativeFuzzedDataProvider {
  private static final String IMPLEMENTATION =
      "com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl";
  private static final String BOOTSTRAP_JAR =
      "com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar";
  private static final String API_PACKAGE = "com.code_intelligence.jazzer.api.";

  private static MethodHandle withJavaData;

  private NativeFuzzedDataProvider() {}

  /** A provider over a native copy of {@code data}; close it with {@link #close}. */
  static FuzzedDataProvider withJavaData(byte[] data) {
    try {
      return (FuzzedDataProvider) factory().invoke(data);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  static void close(FuzzedDataProvider provider) {
    try {
      ((AutoCloseable) provider).close();
    } catch (Exception e) {
      throw new IllegalStateException("closing Jazzer's FuzzedDataProviderImpl failed", e);
    }
  }

  private static synchronized MethodHandle factory() {
    if (withJavaData == null) {
      try {
        Class<?> implementation = Class.forName(IMPLEMENTATION, true, isolatedLoader());
        withJavaData =
            MethodHandles.publicLookup()
                .findStatic(
                    implementation,
                    "withJavaData",
                    MethodType.methodType(implementation, byte[].class))
                .asType(MethodType.methodType(FuzzedDataProvider.class, byte[].class));
      } catch (ReflectiveOperationException | IOException | LinkageError e) {
        throw new IllegalStateException(
            "Jazzer's native FuzzedDataProviderImpl could not be loaded from the test dependency"
                + " com.code-intelligence:jazzer:0.30.0: "
                + e,
            e);
      }
    }
    return withJavaData;
  }

  private static ClassLoader isolatedLoader() throws IOException {
    ClassLoader testLoader = NativeFuzzedDataProvider.class.getClassLoader();
    URL implementationClass = testLoader.getResource(IMPLEMENTATION.replace('.', '/') + ".class");
    if (implementationClass == null) {
      throw new IOException(IMPLEMENTATION + " is not on the test class path");
    }
    URL jazzerJar = ((JarURLConnection) implementationClass.openConnection()).getJarFileURL();
    Path bootstrapJar = Files.createTempFile("whittle-samples-jazzer-bootstrap", ".jar");
    bootstrapJar.toFile().deleteOnExit();
    try (InputStream nested = testLoader.getResourceAsStream(BOOTSTRAP_JAR)) {
      if (nested == null) {
        throw new IOException(BOOTSTRAP_JAR + " is missing from " + jazzerJar);
      }
      Files.copy(nested, bootstrapJar, StandardCopyOption.REPLACE_EXISTING);
    }
    ClassLoader onlyTheApi =
        new ClassLoader("jazzer-api-only", ClassLoader.getPlatformClassLoader()) {
          @Override
          protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith(API_PACKAGE)) {
              return testLoader.loadClass(name);
            }
            throw new ClassNotFoundException(name);
          }
        };
    return new URLClassLoader(
        "jazzer-native-fdp", new URL[] {jazzerJar, bootstrapJar.toUri().toURL()}, onlyTheApi);
  }
}

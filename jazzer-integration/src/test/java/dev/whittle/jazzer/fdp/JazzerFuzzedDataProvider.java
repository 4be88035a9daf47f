package dev.whittle.jazzer.fdp;

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
 * Jazzer 0.30.0's own, native {@code FuzzedDataProviderImpl}, the reference the pure-Java provider
 * is tested against. It comes from the {@code com.code-intelligence:jazzer} test dependency, so
 * Maven provides everything on a fresh machine.
 *
 * <p>{@code FuzzedDataProviderImpl} needs {@code UnsafeProvider} from {@code jazzer_bootstrap.jar},
 * which the Jazzer jar nests rather than lists. The nested jar is extracted to a temporary file and
 * both jars go into a class loader of their own, which shares only the {@code api} package with the
 * tests (so that the result is a {@link FuzzedDataProvider} of the tests). Putting the bootstrap
 * jar on the module's test class path instead would leave a second copy of Jazzer's runtime (with
 * {@code JazzerInternal} and its hook switches) next to the one Jazzer's agent appends to the boot
 * class path for fuzz tests elsewhere in this module.
 *
 * <p>If anything is missing, creating a provider throws {@link IllegalStateException} saying so:
 * the differential tests must fail rather than skip.
 */
final class JazzerFuzzedDataProvider {
  private static final String IMPLEMENTATION =
      "com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl";
  private static final String BOOTSTRAP_JAR =
      "com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar";
  private static final String API_PACKAGE = "com.code_intelligence.jazzer.api.";

  private static MethodHandle withJavaData;

  private JazzerFuzzedDataProvider() {}

  /**
   * Returns Jazzer's provider over a native copy of {@code data}; the caller MUST close it to free
   * that copy.
   */
  static FuzzedDataProvider withJavaData(byte[] data) {
    try {
      return (FuzzedDataProvider) factory().invoke(data);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** Closes a provider from {@link #withJavaData}, freeing its native memory. */
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
            "Jazzer's native FuzzedDataProviderImpl could not be loaded, so the differential test"
                + " cannot run (it must not be skipped). It comes from the test dependency"
                + " com.code-intelligence:jazzer:0.30.0, whose jar holds the native library for"
                + " Linux x86-64/AArch64, macOS and Windows x86-64. Cause: "
                + e,
            e);
      }
    }
    return withJavaData;
  }

  private static ClassLoader isolatedLoader() throws IOException {
    ClassLoader testLoader = JazzerFuzzedDataProvider.class.getClassLoader();
    URL implementationClass = testLoader.getResource(IMPLEMENTATION.replace('.', '/') + ".class");
    if (implementationClass == null) {
      throw new IOException(IMPLEMENTATION + " is not on the test class path");
    }
    URL jazzerJar = ((JarURLConnection) implementationClass.openConnection()).getJarFileURL();
    Path bootstrapJar = Files.createTempFile("whittle-jazzer-bootstrap", ".jar");
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

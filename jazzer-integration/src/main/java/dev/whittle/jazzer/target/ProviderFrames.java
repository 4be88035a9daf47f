package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import java.util.List;

/**
 * Which frames of a FuzzedDataProvider implementation count as Jazzer-internal for the dedup token.
 */
final class ProviderFrames {
  private ProviderFrames() {}

  /**
   * Frames of a FuzzedDataProvider implementation count as Jazzer-internal, as those of Jazzer's
   * own (in its internal {@code driver} package) do, so that a crash inside {@code consume*} gets
   * the token Jazzer prints. Jazzer's own provider needs no prefix, nor does a provider in the
   * target's package (which would hide the target's own frames).
   *
   * @param factory the provider factory, or null for an entry point without a provider
   */
  static List<String> internalPrefixes(String className, FuzzedDataProviderFactory factory) {
    if (factory == null) {
      return List.of();
    }
    FuzzedDataProvider probe = factory.create(new byte[0]);
    String packageName = probe.getClass().getPackageName();
    if (probe instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        // Only native memory is at stake.
      }
    }
    boolean ownPackage = className.startsWith(packageName + ".");
    return packageName.isEmpty()
            || packageName.startsWith("com.code_intelligence.jazzer.")
            || ownPackage
        ? List.of()
        : List.of(packageName + ".");
  }
}

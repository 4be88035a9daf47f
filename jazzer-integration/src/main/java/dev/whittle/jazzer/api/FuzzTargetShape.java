package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A fuzz target's entry points as Jazzer's standalone driver found them: whether {@code
 * fuzzerTestOneInput} takes a {@code FuzzedDataProvider}, which {@code fuzzerInitialize} there is,
 * whether there is a {@code fuzzerTearDown}. What a reproducer needs to call the target.
 */
@API(status = STABLE, since = "0.1")
public record FuzzTargetShape(
    String className, boolean takesDataProvider, Initialize initialize, boolean hasTearDown) {
  /** The {@code fuzzerInitialize} a target has, if any. */
  public enum Initialize {
    NONE,
    NO_ARGS,
    WITH_ARGS
  }

  public FuzzTargetShape {
    checkNotNull(className, "className");
    checkNotNull(initialize, "initialize");
  }

  /** The name to write in Java source: nested classes with dots. */
  public String sourceName() {
    return className.replace('$', '.');
  }
}

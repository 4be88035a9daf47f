package dev.whittle.api.spi;

import dev.whittle.api.Oracle;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;

/**
 * What the API needs from the engine. Exactly one implementation MUST be registered as a {@link
 * java.util.ServiceLoader} service; users never call it directly.
 */
public interface ReductionEngine {
  <C> ReductionResult<C> run(Reduction<C> reduction, Oracle<? super C> oracle);
}

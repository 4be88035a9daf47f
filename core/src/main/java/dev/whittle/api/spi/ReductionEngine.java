package dev.whittle.api.spi;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Oracle;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import org.apiguardian.api.API;

/**
 * What the API needs from the engine. Exactly one implementation MUST be registered as a {@link
 * java.util.ServiceLoader} service; users never call it directly.
 */
@API(status = INTERNAL, since = "0.1")
public interface ReductionEngine {
  <C> ReductionResult<C> run(Reduction<C> reduction, Oracle<? super C> oracle);
}

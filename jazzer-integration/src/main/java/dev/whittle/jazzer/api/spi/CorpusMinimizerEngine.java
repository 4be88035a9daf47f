package dev.whittle.jazzer.api.spi;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.CorpusMergeResult;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What {@link CorpusMinimizer} hands the work to, found with {@link java.util.ServiceLoader}. Not
 * for callers.
 */
@API(status = INTERNAL, since = "0.1")
public interface CorpusMinimizerEngine {
  /** See {@link CorpusMinimizer#minimize}. MUST NOT modify any input. */
  CorpusMinimizationResult minimize(CorpusMinimizer minimizer, List<Path> inputs, Path output)
      throws IOException;

  /**
   * See {@link CorpusMinimizer#mergeInto}. MUST NOT modify any input or any file of {@code kept}.
   */
  CorpusMergeResult mergeInto(CorpusMinimizer minimizer, Path kept, List<Path> inputs)
      throws IOException;
}

package dev.whittle.jazzer.corpus;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.CorpusMergeResult;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.spi.CorpusMinimizerEngine;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.output.CorpusOutput;
import dev.whittle.jazzer.output.CrasherCopies;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * {@link CorpusMinimizer}'s implementation: reads the corpus, readies the output, loads the target
 * once per job and hands over to {@link CorpusMinimization}; a merge into a kept corpus to {@link
 * KeptCorpusMerge}.
 */
@API(status = INTERNAL, since = "0.1")
public final class InProcessCorpusMinimizerEngine implements CorpusMinimizerEngine {
  @Override
  public CorpusMinimizationResult minimize(
      CorpusMinimizer minimizer, List<Path> arguments, Path output) throws IOException {
    long start = System.nanoTime();
    List<CorpusInput> inputs = CorpusFiles.read(arguments);
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("no corpus files in " + arguments);
    }
    // The output first: when it lies in an input, so does the crashers directory beside it, which
    // the user may never have named.
    CorpusOutput.checkOutsideInputs("the output directory", output, arguments);
    CrasherCopies crashers =
        CrasherCopies.into(minimizer.crashersDirectory(output), arguments, output);
    CorpusOutput prepared = CorpusOutput.prepare(output, arguments);
    try (CorpusTargetPool targets =
        new CorpusTargetPool(CorpusTarget.loader(minimizer, new EdgeNames()), minimizer.jobs())) {
      return new CorpusMinimization(minimizer, inputs, prepared, crashers, targets, start)
          .minimize();
    } catch (IOException | RuntimeException | Error e) {
      // A target that cannot load or a broken class path ends it before anything is written.
      prepared.removeIfEmpty();
      throw e;
    }
  }

  @Override
  public CorpusMergeResult mergeInto(CorpusMinimizer minimizer, Path kept, List<Path> arguments)
      throws IOException {
    return KeptCorpusMerge.merge(minimizer, kept, arguments);
  }
}

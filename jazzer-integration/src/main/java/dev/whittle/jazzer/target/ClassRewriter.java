package dev.whittle.jazzer.target;

import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.instrumentation.CoverageInstrumenter;
import java.util.ArrayList;
import java.util.List;

/**
 * One rewriting of the class files {@link TargetClassLoader} defines; the loader applies its
 * rewriters in order. A rewriter MUST return the class file unchanged (the same array may do) when
 * it has nothing to rewrite, and MUST keep the class's stack-map frames valid without computing
 * them (that would load classes).
 */
@FunctionalInterface
interface ClassRewriter {
  /**
   * @param className the binary name of the class being defined
   * @throws IllegalArgumentException if the class file cannot be read
   */
  byte[] rewrite(String className, byte[] classFile);

  /**
   * The rewriters for a target: the exit trap first, so that probes count the rewritten code's
   * edges (its instructions keep their lengths, so this changes nothing), then coverage probes.
   */
  static List<ClassRewriter> forTarget(boolean trapExits, CoverageFilter coverage) {
    return forTarget(trapExits, false, coverage);
  }

  /**
   * As {@link #forTarget(boolean, CoverageFilter)}, with {@code checkAllocations} the array
   * allocations checked against the heap ({@link AllocationRewriter}) before the probes.
   */
  static List<ClassRewriter> forTarget(
      boolean trapExits, boolean checkAllocations, CoverageFilter coverage) {
    List<ClassRewriter> rewriters = new ArrayList<>();
    if (trapExits) {
      rewriters.add((name, classFile) -> ExitCallRewriter.rewrite(classFile));
    }
    if (checkAllocations) {
      rewriters.add((name, classFile) -> AllocationRewriter.rewrite(classFile));
    }
    if (coverage != null) {
      rewriters.add(
          (name, classFile) ->
              coverage.instruments(name)
                  ? CoverageInstrumenter.instrument(classFile).classFile()
                  : classFile);
    }
    return List.copyOf(rewriters);
  }
}

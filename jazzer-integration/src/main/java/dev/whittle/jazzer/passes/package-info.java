/**
 * The one pass catalogue: every named pass with its description ({@link
 * dev.whittle.jazzer.passes.BytePass}), and the named pipelines (ordered passes) per input kind:
 * the bytes of a {@code byte[]} crash and of a corpus file, FuzzedDataProvider values and mutator
 * arguments ({@link dev.whittle.jazzer.passes.Pipelines}, picked by input kind in {@link
 * dev.whittle.jazzer.passes.ValuePassChoice}), and the text trees of {@code whittle reduce} ({@link
 * dev.whittle.jazzer.passes.TreePipeline}). Front doors (the command line, the JUnit extension)
 * pick pipelines and parse pass names here; they never compose a pipeline themselves.
 */
package dev.whittle.jazzer.passes;

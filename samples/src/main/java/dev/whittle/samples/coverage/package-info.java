/**
 * {@link dev.whittle.samples.coverage.CoverageRunner}: replays a corpus through a fuzz target under
 * the JaCoCo agent for {@code samples/scripts/jacoco-coverage.sh}, the independent judge of a
 * reduced corpus's coverage. A package of its own, so that a pattern naming the fuzz targets'
 * package does not count the runner's own lines.
 */
package dev.whittle.samples.coverage;

/**
 * Runnable samples: inputs for the command line, and three Jazzer fuzz targets with planted bugs
 * whose real crash files live in {@code samples/crashes/}: {@link
 * dev.whittle.samples.ChunkedImageFuzzer} ({@code byte[]}, an image format parser), {@link
 * dev.whittle.samples.RingBufferFuzzer} ({@code FuzzedDataProvider}, a differential test) and
 * {@link dev.whittle.samples.AttachmentViewerFuzzer} (an OS command injection that Jazzer's bug
 * detector reports). {@link dev.whittle.samples.SeedCorpus} builds the seeds they were fuzzed from.
 */
package dev.whittle.samples;

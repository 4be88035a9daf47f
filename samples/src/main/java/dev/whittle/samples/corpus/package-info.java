/**
 * The corpus benchmark's fuzz targets over three open-source parsers from Maven Central: {@link
 * dev.whittle.samples.corpus.CsvFuzzer} (Apache Commons CSV), {@link
 * dev.whittle.samples.corpus.JsonSmartFuzzer} (json-smart) and {@link
 * dev.whittle.samples.corpus.ImageMetadataFuzzer} (metadata-extractor), whose corpora grown by the
 * real Jazzer live in {@code samples/corpora/}.
 */
package dev.whittle.samples.corpus;

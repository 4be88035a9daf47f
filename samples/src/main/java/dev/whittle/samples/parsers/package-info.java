/**
 * Jazzer fuzz targets over current releases of real parsers from Maven Central (JSON: org.json;
 * XML: Woodstox and jsoup's XML mode; HTML: jsoup; YAML: SnakeYAML; regular expressions: RE2/J
 * against the JDK), whose real crash files in {@code samples/crashes/parsers/} are the inputs of
 * the comparison with C-Vise ({@code samples/scripts/parser-bench.sh}). Each target decodes its
 * input as UTF-8 text, catches only the parser's documented parse exception, and checks a
 * round-trip property, throwing {@link dev.whittle.samples.parsers.PropertyViolation} when it
 * breaks. {@link dev.whittle.samples.parsers.CrashCheck} is the small main a test script runs per
 * candidate.
 */
package dev.whittle.samples.parsers;

/**
 * The one pass catalogue: every named pass with its description, and the named recipes (ordered
 * passes) per input kind, such as the bytes of a format, a corpus file, FuzzedDataProvider values
 * and mutator arguments. Front doors (the command line, the JUnit extension) pick recipes and parse
 * pass names here; they never compose a pipeline themselves.
 */
package dev.whittle.jazzer.passes;

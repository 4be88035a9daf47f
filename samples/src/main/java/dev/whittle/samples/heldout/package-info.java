/**
 * Held-out Jazzer fuzz targets over old releases of libraries from Maven Central that no other
 * sample uses, each with publicly documented bugs (commons-compress 1.20, Gson 2.8.6, JavaParser
 * 3.6.0, ZXing 3.4.0, Commons Lang 3.4). Their real Jazzer crash files in {@code samples/held-out/}
 * are findings Whittle was never tuned on: stack overflows, out-of-memory findings and ordinary
 * exceptions, for {@code samples/scripts/crash-bench.sh}. Each target catches only what its library
 * documents as the normal failure on bad input and lets everything else escape. {@link
 * dev.whittle.samples.heldout.HeldOutSeeds} writes their small valid seeds.
 */
package dev.whittle.samples.heldout;

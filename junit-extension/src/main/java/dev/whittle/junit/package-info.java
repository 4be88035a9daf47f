/**
 * The JUnit 5 extension that shrinks the input of a failing Jazzer {@code @FuzzTest} in process,
 * reports the shrunk sample in the test's failure and writes it where Jazzer replays it.
 *
 * <p>Users annotate a test class with {@link dev.whittle.junit.ShrinkFailingInputs}, or a method
 * with {@link dev.whittle.junit.ShrinkingFuzzTest} in place of {@code @FuzzTest}, or turn on
 * JUnit's extension auto-detection. Configuration keys are in {@link
 * dev.whittle.junit.api.WhittleConfiguration}. Everything else here is package-private; {@link
 * dev.whittle.junit.WhittleExtension} is public only because auto-detection needs it.
 */
package dev.whittle.junit;

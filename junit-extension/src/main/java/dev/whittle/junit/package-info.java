/**
 * The JUnit 5 extension that minimizes failing {@code @FuzzTest} inputs in-process. Filled by its
 * own issue; the module exists now so that the build's layout is visible.
 */
package dev.whittle.junit;

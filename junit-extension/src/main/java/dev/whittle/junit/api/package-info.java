/** What users of the JUnit extension name besides its annotations: configuration keys. */
package dev.whittle.junit.api;

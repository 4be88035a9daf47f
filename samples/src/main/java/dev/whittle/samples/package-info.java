/** Runnable samples: inputs for the command line now, Jazzer fuzz targets with their own issue. */
package dev.whittle.samples;

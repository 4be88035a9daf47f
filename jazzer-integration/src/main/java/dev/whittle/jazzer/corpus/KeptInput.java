package dev.whittle.jazzer.corpus;

import java.nio.file.Path;

/**
 * An input as it is kept in the output.
 *
 * @param content its content now: the input's own array while it is kept as it was
 * @param features its stable features now, all within the census's universe
 * @param file its file in the output, which another kept input of the same content may share
 */
record KeptInput(byte[] content, long[] features, Path file) {}

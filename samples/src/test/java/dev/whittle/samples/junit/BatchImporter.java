package dev.whittle.samples.junit;

/**
 * A record-batch importer written as a command-line tool would be: a batch shorter than its header
 * is a usage error, reported the command-line way, with {@code System.exit(3)}. Code a fuzz test
 * calls, outside the test class, so that what guards the test must reach the code it calls too.
 *
 * <p>A batch is a {@value #HEADER}-byte header, then records; a record {@code F n} counts field
 * {@code n} of a table of {@value #FIELDS}, and its bug is that {@code n} is never checked.
 */
final class BatchImporter {
  static final int HEADER = 64;
  static final int FIELDS = 8;

  private BatchImporter() {}

  static int[] run(byte[] batch) {
    if (batch.length == 0) {
      return new int[FIELDS]; // Nothing to import.
    }
    if (batch.length < HEADER) {
      System.err.println("usage: a batch starts with a " + HEADER + "-byte header");
      System.exit(3);
    }
    int[] counts = new int[FIELDS];
    for (int i = HEADER; i + 1 < batch.length; i += 2) {
      if (batch[i] == 'F') {
        counts[batch[i + 1]]++;
      }
    }
    return counts;
  }
}

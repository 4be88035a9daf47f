package dev.whittle.samples.corpus;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;

/**
 * Jazzer target over Apache Commons CSV: parses a document in one of the predefined formats, reads
 * every record by index and by header name, and prints the records back.
 *
 * <p>The first byte picks the predefined format, the second the header and leniency options; the
 * rest is the document (UTF-8). Malformed documents and contradictory formats are rejected with the
 * exceptions Commons CSV documents ({@link IOException}, {@link UncheckedIOException} from the
 * record iterator, {@link IllegalArgumentException} and {@link IllegalStateException}), which are
 * not findings.
 */
public final class CsvFuzzer {
  private static final CSVFormat.Predefined[] FORMATS = CSVFormat.Predefined.values();

  private CsvFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length < 2) {
      return;
    }
    CSVFormat format = format(data[0], data[1]);
    String text = new String(data, 2, data.length - 2, StandardCharsets.UTF_8);
    try (CSVParser parser = format.parse(new StringReader(text))) {
      StringBuilder out = new StringBuilder();
      try (CSVPrinter printer = format.print(out)) {
        for (CSVRecord record : parser) {
          for (int i = 0; i < record.size(); i++) {
            record.get(i);
          }
          if (parser.getHeaderMap() != null && record.isConsistent()) {
            record.toMap();
          }
          record.getComment();
          printer.printRecord(record);
        }
        printer.printComment(parser.getHeaderComment());
      }
      parser.getRecordNumber();
    } catch (IOException
        | UncheckedIOException
        | IllegalArgumentException
        | IllegalStateException e) {
      // Documented rejections of malformed input or of a contradictory format.
    }
  }

  private static CSVFormat format(byte which, byte options) {
    CSVFormat.Builder builder = FORMATS[Math.floorMod(which, FORMATS.length)].getFormat().builder();
    if ((options & 1) != 0) {
      builder.setHeader().setSkipHeaderRecord(true);
    }
    if ((options & 2) != 0) {
      builder.setCommentMarker('#');
    }
    if ((options & 4) != 0) {
      builder.setIgnoreSurroundingSpaces(true).setTrim(true);
    }
    if ((options & 8) != 0) {
      builder
          .setAllowMissingColumnNames(true)
          .setDuplicateHeaderMode(DuplicateHeaderMode.ALLOW_ALL);
    }
    if ((options & 16) != 0) {
      builder.setIgnoreEmptyLines(false);
    }
    if ((options & 32) != 0) {
      builder.setEscape('\\');
    }
    if ((options & 64) != 0) {
      builder.setNullString("NULL");
    }
    return builder.get();
  }
}

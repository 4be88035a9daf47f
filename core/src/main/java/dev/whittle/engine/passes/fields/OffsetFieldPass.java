package dev.whittle.engine.passes.fields;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shrinks containers whose directory locates data by absolute offset and length (resource packs,
 * font tables, archive directories): deleting anything from such an input moves the data after the
 * cut away from where every offset says it is, so plain deletion, and {@link LengthFieldPass}
 * (which supposes the counted bytes follow their field), leave them whole.
 *
 * <p>At each position it supposes a length field {@code L} ({@link LengthField}'s 32- and 16-bit
 * shapes) next to an offset field {@code o} of the same shape, before or after it: a directory
 * record that points at {@code [o, o + L)}. It then supposes the records repeat at a stride of both
 * fields (a table), extended both ways as long as the neighbours are plausible records too. It
 * proposes, in order:
 *
 * <ol>
 *   <li>removing the record: deleting the record's two fields and the bytes it points at, or only
 *       the two fields (data that other records point into too);
 *   <li>emptying the record: deleting the bytes it points at, with 0 written into {@code L};
 *   <li>trimming the bytes it points at from the back, then the front (a galloping search), with
 *       {@code L} lowered;
 *   <li>once per table: deleting each range after the table that no record points at.
 * </ol>
 *
 * After each deletion, every other field of the same shape that points past a deleted range is
 * lowered by the bytes deleted below it: first only the table's offset column and the fields before
 * the table (a header's "data starts at"), then, when that is not interesting, every field of the
 * shape outside the table's length column (directories after the data). A field whose value is
 * below a deleted range keeps it. A wrong guess costs a question or a few and changes nothing; it
 * stops after {@link #questionLimit} questions.
 */
final class OffsetFieldPass implements Pass<byte[]> {
  private static final LengthField[] SHAPES = LengthField.wideShapes(false);

  @Override
  public String name() {
    return "offset-fields";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 1_000L + 8L * size;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    FieldSweep sweep = new FieldSweep(current, tester, questionLimit(current.length));
    return sweep.over(SHAPES, (shape, at) -> shrinkAt(sweep, shape, at));
  }

  /**
   * A supposed record: the offset field at {@code offsetAt}, the length field at {@code lengthAt}.
   */
  private record Record(int offsetAt, int lengthAt, long offset, long length, int width) {
    int start() {
      return Math.min(offsetAt, lengthAt);
    }

    int stride() {
      return 2 * width;
    }

    /** The record at {@code start}, with the same field order, or null when implausible. */
    static Record at(byte[] data, LengthField shape, int start, boolean offsetFirst) {
      int width = shape.width;
      if (start < 0 || start + 2 * width > data.length) {
        return null;
      }
      int offsetAt = offsetFirst ? start : start + width;
      int lengthAt = offsetFirst ? start + width : start;
      long offset = shape.read(data, offsetAt);
      long length = shape.read(data, lengthAt);
      if (length <= 0 || offset < 0 || offset + length > data.length) {
        return null;
      }
      // The data a record points at lies outside the record.
      if (offset < start + 2L * width && offset + length > start) {
        return null;
      }
      return new Record(offsetAt, lengthAt, offset, length, width);
    }
  }

  /** Tries the records a length field at {@code at} may belong to; true after an improvement. */
  private static boolean shrinkAt(FieldSweep sweep, LengthField shape, int at) {
    for (boolean offsetFirst : new boolean[] {true, false}) {
      int start = offsetFirst ? at - shape.width : at;
      Record record = Record.at(sweep.best(), shape, start, offsetFirst);
      if (record != null && shrink(sweep, shape, record, offsetFirst)) {
        return true;
      }
    }
    return false;
  }

  private static boolean shrink(
      FieldSweep sweep, LengthField shape, Record record, boolean offsetFirst) {
    byte[] best = sweep.best();
    int tableStart = record.start();
    while (Record.at(best, shape, tableStart - record.stride(), offsetFirst) != null) {
      tableStart -= record.stride();
    }
    int tableEnd = record.start() + record.stride();
    while (Record.at(best, shape, tableEnd, offsetFirst) != null) {
      tableEnd += record.stride();
    }
    Table table = new Table(tableStart, tableEnd, record.lengthAt() - record.start(), record);
    int from = (int) record.offset();
    int to = (int) (record.offset() + record.length());
    int[][] removal =
        sorted(new int[] {record.start(), record.start() + record.stride()}, new int[] {from, to});
    int[][] recordOnly = {{record.start(), record.start() + record.stride()}};
    if (sweep.ask(relocated(best, shape, table, removal, -1, 0, true))
        || sweep.ask(relocated(best, shape, table, removal, -1, 0, false))
        || sweep.ask(relocated(best, shape, table, recordOnly, -1, 0, true))
        || sweep.ask(
            relocated(best, shape, table, new int[][] {{from, to}}, record.lengthAt(), 0, true))) {
      return true;
    }
    return (record.length() > 1
            && (trim(sweep, shape, table, record, true)
                || trim(sweep, shape, table, record, false)))
        || (record.start() == tableStart && deleteGaps(sweep, shape, table, offsetFirst));
  }

  /**
   * Deletes, one at a time, the ranges after the table's start that neither the table nor any of
   * its records covers: the data of records deleted without their bytes, padding, slack. Asked once
   * per table, from its first record.
   */
  private static boolean deleteGaps(
      FieldSweep sweep, LengthField shape, Table table, boolean offsetFirst) {
    byte[] best = sweep.best();
    boolean[] covered = new boolean[best.length];
    Arrays.fill(covered, table.start(), table.end(), true);
    for (int at = table.start(); at < table.end(); at += table.sample().stride()) {
      Record record = Record.at(best, shape, at, offsetFirst);
      Arrays.fill(covered, (int) record.offset(), (int) (record.offset() + record.length()), true);
    }
    int at = table.end();
    while (at < best.length) {
      if (covered[at]) {
        at++;
        continue;
      }
      int end = at;
      while (end < best.length && !covered[end]) {
        end++;
      }
      if (sweep.ask(relocated(best, shape, table, new int[][] {{at, end}}, -1, 0, true))) {
        return true;
      }
      at = end;
    }
    return false;
  }

  /**
   * Deletes the most bytes from the back (or front) of the record's data that a galloping search
   * finds: 1, 2, 4, ... until a trim fails, then a binary search between the last two. Every
   * candidate is computed from the input the search started on. From the front, the record's offset
   * stays and the data behind moves down to it.
   */
  private static boolean trim(
      FieldSweep sweep, LengthField shape, Table table, Record record, boolean back) {
    // emptying was asked already
    return sweep.gallop(
        (int) record.length(), (original, k) -> trimmed(original, shape, table, record, k, back));
  }

  private static byte[] trimmed(
      byte[] original, LengthField shape, Table table, Record record, int k, boolean back) {
    int length = (int) record.length();
    int from = (int) record.offset() + (back ? length - k : 0);
    return relocated(
        original,
        shape,
        table,
        new int[][] {{from, from + k}},
        record.lengthAt(),
        length - k,
        true);
  }

  /**
   * {@code data} without the {@code deleted} ranges (sorted, disjoint), with {@code value} written
   * into the length field at {@code lengthAt} (unless -1) and the offset fields that point past a
   * deleted range lowered by the bytes deleted below what they point at: only the table's offset
   * column and the fields before the table when {@code narrow}, else every field of the shape
   * outside the table's length column.
   */
  private static byte[] relocated(
      byte[] data,
      LengthField shape,
      Table table,
      int[][] deleted,
      int lengthAt,
      long value,
      boolean narrow) {
    List<int[]> writes = new ArrayList<>();
    for (int q = 0; q + shape.width <= data.length; q++) {
      if (q == lengthAt || overlaps(deleted, q, q + shape.width) || table.inLengthColumn(q)) {
        continue;
      }
      if (narrow && !(q < table.start || table.inOffsetColumn(q))) {
        continue;
      }
      long v = shape.read(data, q);
      if (v <= 0 || v > data.length) {
        continue;
      }
      long below = deletedBelow(deleted, v);
      if (below > 0) {
        writes.add(new int[] {q, (int) (v - below)});
      }
    }
    byte[] out = data;
    for (int i = deleted.length - 1; i >= 0; i--) {
      out = ByteArrays.without(out, deleted[i][0], deleted[i][1]);
    }
    for (int[] write : writes) {
      shape.write(out, write[0] - (int) deletedBelow(deleted, write[0]), write[1]);
    }
    if (lengthAt >= 0) {
      shape.write(out, lengthAt - (int) deletedBelow(deleted, lengthAt), value);
    }
    return out;
  }

  /** A supposed table of records: where it lies and which of its columns hold lengths. */
  private record Table(int start, int end, int lengthColumn, Record sample) {
    boolean inLengthColumn(int q) {
      return q >= start && q < end && (q - start) % sample.stride() == lengthColumn;
    }

    boolean inOffsetColumn(int q) {
      int offsetColumn = sample.offsetAt() - sample.start();
      return q >= start && q < end && (q - start) % sample.stride() == offsetColumn;
    }
  }

  private static int[][] sorted(int[] a, int[] b) {
    return a[0] <= b[0] ? new int[][] {a, b} : new int[][] {b, a};
  }

  private static boolean overlaps(int[][] ranges, int from, int to) {
    for (int[] range : ranges) {
      if (from < range[1] && range[0] < to) {
        return true;
      }
    }
    return false;
  }

  /** How many deleted bytes lie below {@code position}. */
  private static long deletedBelow(int[][] ranges, long position) {
    long count = 0;
    for (int[] range : ranges) {
      count += Math.max(0, Math.min(range[1], position) - range[0]);
    }
    return count;
  }
}

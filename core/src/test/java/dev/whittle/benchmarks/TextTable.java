package dev.whittle.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A table of strings rendered three ways: aligned plain text for people, and a markdown table or
 * CSV for machines and for {@code docs/dev/benchmarks.md}. Numbers are formatted by the caller,
 * always with {@link Locale#ROOT} so that the decimal separator is a point under every default
 * locale.
 */
final class TextTable {
  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();

  TextTable(String... headers) {
    this.headers = List.of(headers);
  }

  TextTable(List<String> headers) {
    this.headers = List.copyOf(headers);
  }

  void addRow(String... cells) {
    addRow(Arrays.asList(cells));
  }

  void addRow(List<String> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.size() + " cells, the table " + headers.size() + " columns");
    }
    rows.add(List.copyOf(cells));
  }

  int rowCount() {
    return rows.size();
  }

  /** Columns padded to their widest cell; text left-aligned, numbers right-aligned. */
  String toText() {
    int[] widths = new int[headers.size()];
    boolean[] numeric = new boolean[headers.size()];
    for (int c = 0; c < headers.size(); c++) {
      widths[c] = headers.get(c).length();
      numeric[c] = !rows.isEmpty();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
        numeric[c] &= looksNumeric(row.get(c));
      }
    }
    StringBuilder out = new StringBuilder();
    appendLine(out, headers, widths, numeric);
    List<String> rule = new ArrayList<>();
    for (int width : widths) {
      rule.add("-".repeat(width));
    }
    appendLine(out, rule, widths, numeric);
    for (List<String> row : rows) {
      appendLine(out, row, widths, numeric);
    }
    return out.toString();
  }

  String toMarkdown() {
    StringBuilder out = new StringBuilder();
    out.append("| ").append(String.join(" | ", headers)).append(" |\n");
    out.append("|").append(" --- |".repeat(headers.size())).append('\n');
    for (List<String> row : rows) {
      out.append("| ").append(String.join(" | ", row)).append(" |\n");
    }
    return out.toString();
  }

  String toCsv() {
    StringBuilder out = new StringBuilder();
    out.append(csvLine(headers)).append('\n');
    for (List<String> row : rows) {
      out.append(csvLine(row)).append('\n');
    }
    return out.toString();
  }

  private static String csvLine(List<String> cells) {
    List<String> quoted = new ArrayList<>();
    for (String cell : cells) {
      if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
        quoted.add('"' + cell.replace("\"", "\"\"") + '"');
      } else {
        quoted.add(cell);
      }
    }
    return String.join(",", quoted);
  }

  private static void appendLine(
      StringBuilder out, List<String> cells, int[] widths, boolean[] numeric) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        line.append("  ");
      }
      String cell = cells.get(c);
      String pad = " ".repeat(widths[c] - cell.length());
      line.append(numeric[c] ? pad + cell : cell + pad);
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  private static boolean looksNumeric(String cell) {
    return cell.isEmpty()
        || cell.equals("n/a")
        || cell.equals("-")
        || cell.equals("err")
        || cell.matches("[-+]?[0-9.,]+[%x]?");
  }

  /** {@code String.format} with {@link Locale#ROOT}. */
  static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /**
   * Prints the table as text, then as the machine-readable blocks asked for; each block is fenced
   * so that it can be cut out of the output or pasted into markdown as is.
   */
  void print(String title, boolean csv, boolean markdown) {
    System.out.println(title);
    System.out.print(toText());
    if (csv) {
      System.out.println("```csv " + slug(title));
      System.out.print(toCsv());
      System.out.println("```");
    }
    if (markdown) {
      System.out.println("<!-- " + slug(title) + " -->");
      System.out.print(toMarkdown());
    }
    System.out.println();
  }

  static String slug(String title) {
    return title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }
}

package dev.whittle.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.whittle.jazzer.api.CorpusMergeResult;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.Finding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code whittle corpus} prints: a summary for people, or one JSON object with {@code --json}.
 */
final class CorpusReport {
  /** Gson's classes load only for {@code --json}, not whenever a command line is built. */
  private static final class Json {
    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().setPrettyPrinting().create();
  }

  private final String targetClass;
  private final boolean hitCounts;

  CorpusReport(String targetClass, boolean hitCounts) {
    this.targetClass = targetClass;
    this.hitCounts = hitCounts;
  }

  String mergeJson(CorpusMergeResult result, Path into) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("target", targetClass);
    json.put("into", into.toString());
    json.put("keptFiles", result.keptFiles());
    json.put("keptFeatures", result.keptFeatures());
    json.put("newInputs", result.newInputs());
    json.put("filesAdded", result.added().size());
    json.put("bytesAdded", result.bytesAdded());
    json.put("newFeatures", result.newFeatures());
    json.put("shrunkFiles", result.shrunkFiles());
    json.put("added", result.added().stream().map(Path::toString).toList());
    json.put("runs", result.runs());
    json.put("milliseconds", result.milliseconds());
    json.put("interrupted", result.interrupted());
    json.put("crashers", crasherJson(result.crashers()));
    return Json.GSON.toJson(json);
  }

  static String mergeSummary(CorpusMergeResult result) {
    StringBuilder out = new StringBuilder();
    String newline = System.lineSeparator();
    out.append(
        String.format(
            Locale.ROOT,
            "%,d kept files, %,d features; %,d new inputs -> %,d files added, %,d bytes, %,d new"
                + " features, in %,d runs, %.1f s%s",
            result.keptFiles(),
            result.keptFeatures(),
            result.newInputs(),
            result.added().size(),
            result.bytesAdded(),
            result.newFeatures(),
            result.runs(),
            result.milliseconds() / 1000.0,
            newline));
    for (Path file : result.added()) {
      out.append("  added ").append(DisplayedText.of(file)).append(newline);
    }
    if (result.interrupted()) {
      out.append("interrupted: every file added is complete").append(newline);
    }
    appendCrashers(out, result.crashers(), "added");
    return out.toString();
  }

  String toJson(CorpusMinimizationResult result, Path output) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("target", targetClass);
    json.put("output", output.toString());
    json.put("filesBefore", result.filesBefore());
    json.put("bytesBefore", result.bytesBefore());
    json.put("filesAfter", result.filesAfter());
    json.put("bytesAfter", result.bytesAfter());
    json.put("features", result.features());
    json.put("featuresAfter", result.featuresAfter());
    json.put("missingFeatures", result.missingFeatures());
    json.put("coveragePreserved", result.coveragePreserved());
    json.put("flakyFeatures", result.flakyFeatures());
    json.put("flakyFiles", result.flakyFiles());
    json.put("crashOnlyFeatures", result.crashOnlyFeatures());
    json.put("crasherFiles", result.crasherFiles().stream().map(Path::toString).toList());
    json.put("hitCounts", hitCounts);
    json.put("selectedBeforeShrinking", result.selectedBeforeShrinking());
    json.put("selection", result.strategy());
    json.put("shrunkFiles", result.shrunkFiles());
    json.put("runs", result.runs());
    json.put("runsPerStage", result.runsPerStage());
    json.put("milliseconds", result.milliseconds());
    json.put("interrupted", result.interrupted());
    json.put("crashers", crasherJson(result.crashers()));
    warning(result).ifPresent(warning -> json.put("warning", warning));
    return Json.GSON.toJson(json);
  }

  private static List<Map<String, String>> crasherJson(
      List<CorpusMinimizationResult.Crasher> list) {
    List<Map<String, String>> crashers = new ArrayList<>();
    for (CorpusMinimizationResult.Crasher crasher : list) {
      Finding finding = crasher.finding();
      Map<String, String> entry = new LinkedHashMap<>();
      entry.put("file", crasher.input().toString());
      entry.put("finding", finding.identity());
      entry.put("kind", finding.kind().name());
      if (finding.kind() == Finding.Kind.THROWN) {
        entry.put("exception", finding.exceptionClassName());
        finding.message().ifPresent(message -> entry.put("message", message));
        finding.topFrame().ifPresent(frame -> entry.put("topFrame", frame));
      }
      entry.put("description", finding.describe());
      crashers.add(entry);
    }
    return crashers;
  }

  static String toSummary(CorpusMinimizationResult result) {
    StringBuilder out = new StringBuilder();
    String newline = System.lineSeparator();
    out.append(
        String.format(
            Locale.ROOT,
            "%,d files, %,d bytes -> %,d files, %,d bytes in %,d runs, %.1f s%s",
            result.filesBefore(),
            result.bytesBefore(),
            result.filesAfter(),
            result.bytesAfter(),
            result.runs(),
            result.milliseconds() / 1000.0,
            newline));
    if (result.interrupted()) {
      out.append("interrupted: the output is complete but not fully minimized").append(newline);
    } else {
      out.append(
          String.format(
              Locale.ROOT,
              "features: %,d stable and %,d flaky (%s), %,d missing; the flaky ones kept in %,d"
                  + " files left as they are%s",
              result.features(),
              result.flakyFeatures(),
              result.coveragePreserved() ? "coverage preserved" : "COVERAGE LOST",
              result.missingFeatures(),
              result.flakyFiles(),
              newline));
      if (result.crashOnlyFeatures() > 0) {
        out.append(
            String.format(
                Locale.ROOT,
                "%,d more features only crashing inputs showed: the output keeps no crasher, so"
                    + " that it replays without a failure; %s%s",
                result.crashOnlyFeatures(),
                crasherCopies(result),
                newline));
      }
    }
    appendCrashers(out, result.crashers(), "written");
    warning(result).ifPresent(warning -> out.append("WARNING: ").append(warning).append(newline));
    return out.toString();
  }

  private static String crasherCopies(CorpusMinimizationResult result) {
    return result
        .crashersDirectory()
        .map(
            directory ->
                result.crasherFiles().size()
                    + " crasher(s) that show them copied to "
                    + DisplayedText.of(directory))
        .orElse("no crasher was copied");
  }

  private static void appendCrashers(
      StringBuilder out, List<CorpusMinimizationResult.Crasher> crashers, String notWhat) {
    String newline = System.lineSeparator();
    if (crashers.isEmpty()) {
      return;
    }
    out.append(crashers.size())
        .append(" inputs crashed, exited or timed out (not ")
        .append(notWhat)
        .append("; try 'whittle minimize'):")
        .append(newline);
    for (CorpusMinimizationResult.Crasher crasher : crashers) {
      out.append("  ")
          .append(DisplayedText.of(crasher.input()))
          .append(": ")
          .append(crasher.finding().describe())
          .append(newline);
    }
  }

  /** The warning when one finding took most of the corpus. */
  private static Optional<String> warning(CorpusMinimizationResult result) {
    return result
        .dominantFinding()
        .map(
            finding ->
                CorpusMinimizationResult.dominantFindingWarning(
                    finding, result.crashers(), result.filesBefore()));
  }
}

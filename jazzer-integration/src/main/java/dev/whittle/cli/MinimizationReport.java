package dev.whittle.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.whittle.api.Durations;
import dev.whittle.api.StopReason;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.output.EscapedBytes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code whittle minimize} says at the end: one JSON object for machines, or a summary for
 * people, both with the crash files grouped by finding (Jazzer's dedup token), since fuzzing runs
 * often leave several crash files of one bug.
 *
 * @param crashes one entry per crash file tried, in order; failed ones carry only {@code error}
 * @param groups the minimized crash files by finding, in order of first appearance
 * @param notTried crash files not tried at all, after an interrupt
 */
record MinimizationReport(
    String target, List<CrashEntry> crashes, List<Group> groups, List<String> notTried) {
  /** Gson's classes load only for {@code --json}, not for the summary. */
  private static final class Json {
    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();
  }

  /** One crash file; Gson leaves out the null fields, so failed files show only {@code error}. */
  record CrashEntry(
      String file,
      String target,
      String dedupToken,
      String exception,
      Integer originalSize,
      Integer minimizedSize,
      Long runs,
      Long milliseconds,
      Boolean verified,
      String verifiedBy,
      String verification,
      String stopReason,
      String minimizedFile,
      String reproducerFile,
      String minimizedBytes,
      String notWrittenWhereAsked,
      List<TrajectoryStep> trajectory,
      Error error) {}

  /** Why a crash file was not minimized, with the exit status it stands for. */
  record Error(int exitCode, String message) {}

  /**
   * The crash files that share one finding; {@code finding} describes it (class, message, innermost
   * frame).
   */
  record Group(String dedupToken, String exception, String finding, List<String> files) {}

  static MinimizationReport of(String target, List<CrashOutcome> outcomes, List<Path> notTried) {
    List<CrashEntry> entries = new ArrayList<>();
    Map<String, Group> groups = new LinkedHashMap<>();
    for (CrashOutcome outcome : outcomes) {
      String file = outcome.crash().toString();
      if (outcome instanceof CrashOutcome.Minimized minimized) {
        MinimizationResult result = minimized.result();
        entries.add(entryOf(target, minimized));
        groups
            .computeIfAbsent(
                result.dedupToken(),
                token ->
                    new Group(
                        token,
                        exceptionOf(result.finding()),
                        result.finding().describe(),
                        new ArrayList<>()))
            .files()
            .add(file);
      } else if (outcome instanceof CrashOutcome.Failed failed) {
        entries.add(
            new CrashEntry(
                file,
                target,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                new Error(failed.exitCode(), failed.message())));
      }
    }
    return new MinimizationReport(
        target, List.copyOf(entries), List.copyOf(groups.values()), names(notTried));
  }

  private static List<String> names(List<Path> paths) {
    List<String> names = new ArrayList<>(paths.size());
    for (Path path : paths) {
      names.add(path.toString());
    }
    return List.copyOf(names);
  }

  private static CrashEntry entryOf(String target, CrashOutcome.Minimized minimized) {
    MinimizationResult result = minimized.result();
    return new CrashEntry(
        minimized.crash().toString(),
        target,
        result.dedupToken(),
        exceptionOf(result.finding()),
        result.original().length,
        result.minimized().length,
        result.runs(),
        result.elapsedMillis(),
        result.verified(),
        result.verification().method(),
        result.verification().detail().isEmpty() ? null : result.verification().detail(),
        result.reduction().stopReason().name().toLowerCase(Locale.ROOT),
        minimized.minimizedFile().toString(),
        minimized.reproducerFile().toString(),
        EscapedBytes.of(result.minimized(), EscapedBytes.SHOWN_BYTES),
        minimized.fallback().orElse(null),
        TrajectoryStep.of(result.reduction()),
        null);
  }

  /** The exception class of a thrown finding; "timeout" or "System.exit(N)" otherwise. */
  private static String exceptionOf(Finding finding) {
    return finding.kind() == Finding.Kind.THROWN
        ? finding.exceptionClassName()
        : finding.toString();
  }

  /** One line of JSON. */
  String toJson() {
    return Json.GSON.toJson(this);
  }

  /**
   * Per finding, its crash files with their sizes and outputs; then the failures. Written without
   * {@code String.format}: its first {@code %d} loads the locale data, dozens of classes that a
   * short minimization need not load.
   */
  String toSummary() {
    String newline = System.lineSeparator();
    StringBuilder summary = new StringBuilder();
    // Loops, not streams: the summary of a short minimization would load the stream classes.
    List<CrashEntry> failed = new ArrayList<>();
    for (CrashEntry entry : crashes) {
      if (entry.error() != null) {
        failed.add(entry);
      }
    }
    long minimizedCount = crashes.size() - failed.size();
    summary
        .append("Minimized ")
        .append(minimizedCount)
        .append(" of ")
        .append(crashes.size() + notTried.size())
        .append(" crash files of ")
        .append(target)
        .append(": ")
        .append(groups.size())
        .append(groups.size() == 1 ? " finding." : " findings.")
        .append(newline);
    for (Group group : groups) {
      summary.append(group.dedupToken()).append("  ").append(group.finding()).append(newline);
      for (CrashEntry entry : crashes) {
        if (group.files().contains(entry.file()) && entry.error() == null) {
          summary.append(line(entry));
        }
      }
    }
    if (!failed.isEmpty()) {
      summary.append("Failed:").append(newline);
      for (CrashEntry entry : failed) {
        summary.append("  ").append(DisplayedText.of(entry.error().message())).append(newline);
      }
    }
    if (!notTried.isEmpty()) {
      summary
          .append("Interrupted; not tried: ")
          .append(DisplayedText.of(String.join(", ", notTried)))
          .append(newline);
    }
    return summary.toString();
  }

  private static String line(CrashEntry entry) {
    StringBuilder notes = new StringBuilder();
    if (!entry.verified()) {
      notes.append(", NOT verified");
      if (!entry.verifiedBy().equals(Verification.NONE)) {
        notes.append(" in a ").append(entry.verifiedBy());
      }
      if (entry.verification() != null) {
        notes.append(" (").append(entry.verification()).append(')');
      }
    } else if (entry.verification() != null) {
      notes.append(", verified: ").append(entry.verification());
    }
    if (!entry.stopReason().equals(StopReason.COMPLETED.name().toLowerCase(Locale.ROOT))) {
      notes.append(", stopped early (").append(entry.stopReason()).append(')');
    }
    String newline = System.lineSeparator();
    StringBuilder line =
        new StringBuilder("  ")
            .append(DisplayedText.of(entry.file()))
            .append(": ")
            .append(entry.originalSize())
            .append(" -> ")
            .append(entry.minimizedSize())
            .append(" bytes in ")
            .append(entry.runs())
            .append(" runs, ")
            .append(Durations.seconds(entry.milliseconds()))
            .append(" s")
            .append(notes)
            .append(newline)
            .append("    minimized: ")
            .append(entry.minimizedBytes())
            .append(newline)
            .append("    wrote ")
            .append(DisplayedText.of(entry.minimizedFile()))
            .append(" and ")
            .append(DisplayedText.of(entry.reproducerFile()))
            .append(newline);
    if (entry.notWrittenWhereAsked() != null) {
      line.append("    NOT where they belong: ")
          .append(DisplayedText.of(entry.notWrittenWhereAsked()))
          .append(newline);
    }
    return line.toString();
  }
}

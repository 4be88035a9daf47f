package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The crash input does not reproduce the same finding every time it is run, so minimizing it would
 * chase noise. The counts say how it behaved, {@link #findingsSeen()} what each run found; the
 * message names every distinct finding and, for a stack overflow or out-of-memory error, the JVM
 * option that decides whether it comes.
 */
@API(status = STABLE, since = "0.1")
public final class FlakyFindingException extends CrashMinimizationException {
  private final Finding firstFinding;
  private final int runs;
  private final int reproductions;
  private final int runsWithoutFinding;
  private final List<Finding> findingsSeen;

  public FlakyFindingException(
      String crashName, Finding firstFinding, int runs, int reproductions, int runsWithoutFinding) {
    this(
        crashName,
        firstFinding,
        runs,
        reproductions,
        runsWithoutFinding,
        List.of(checkNotNull(firstFinding, "firstFinding")));
  }

  /**
   * @param findingsPerRun what each run found, in order, null for a run without a finding; at least
   *     one is not null
   * @param reproductions runs whose finding matched the first finding (the first included)
   */
  public FlakyFindingException(String crashName, List<Finding> findingsPerRun, int reproductions) {
    this(
        crashName,
        findingsPerRun.stream()
            .filter(Objects::nonNull)
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no run found anything")),
        findingsPerRun.size(),
        reproductions,
        (int) findingsPerRun.stream().filter(Objects::isNull).count(),
        findingsPerRun);
  }

  private FlakyFindingException(
      String crashName,
      Finding firstFinding,
      int runs,
      int reproductions,
      int runsWithoutFinding,
      List<Finding> findingsPerRun) {
    super(
        message(crashName, firstFinding, runs, reproductions, runsWithoutFinding, findingsPerRun));
    checkArgument(reproductions <= runs, "%s reproductions in %s runs", reproductions, runs);
    this.firstFinding = firstFinding;
    this.runs = runs;
    this.reproductions = reproductions;
    this.runsWithoutFinding = runsWithoutFinding;
    this.findingsSeen = Collections.unmodifiableList(new ArrayList<>(findingsPerRun));
  }

  private static String message(
      String crashName,
      Finding first,
      int runs,
      int reproductions,
      int withoutFinding,
      List<Finding> findingsPerRun) {
    List<Seen> distinct = distinct(findingsPerRun);
    StringBuilder text =
        new StringBuilder(crashName)
            .append(" gives a flaky finding: ")
            .append(first)
            .append(" in ")
            .append(reproductions)
            .append(" of ")
            .append(runs)
            .append(" runs, no finding in ")
            .append(withoutFinding)
            .append(", another finding in ")
            .append(runs - reproductions - withoutFinding)
            .append("; findings seen: ");
    for (int i = 0; i < distinct.size(); i++) {
      Seen seen = distinct.get(i);
      text.append(i == 0 ? "" : "; ")
          .append(seen.finding().describe())
          .append(" (")
          .append(seen.runs())
          .append(seen.runs() == 1 ? " run)" : " runs)");
    }
    text.append("; not minimizing");
    hint(distinct).ifPresent(hint -> text.append(". ").append(hint));
    return text.toString();
  }

  private record Seen(Finding finding, int runs) {}

  /** The distinct findings (by identity) in order of first appearance, with how often each came. */
  private static List<Seen> distinct(List<Finding> findingsPerRun) {
    List<Seen> distinct = new ArrayList<>();
    for (Finding finding : findingsPerRun) {
      if (finding == null) {
        continue;
      }
      int at = -1;
      for (int i = 0; i < distinct.size() && at < 0; i++) {
        if (distinct.get(i).finding().hasSameIdentityAs(finding)) {
          at = i;
        }
      }
      if (at < 0) {
        distinct.add(new Seen(finding, 1));
      } else {
        distinct.set(at, new Seen(distinct.get(at).finding(), distinct.get(at).runs() + 1));
      }
    }
    return distinct;
  }

  /**
   * What decides whether a resource finding comes: the heap or the stack this JVM was given. An
   * allocation-heavy target on a large default heap collects garbage for long before it fails, so
   * some runs time out instead; a recursion overflows at a depth that the JIT's state moves.
   */
  private static java.util.Optional<String> hint(List<Seen> distinct) {
    List<String> hints = new ArrayList<>();
    if (any(distinct, OutOfMemoryError.class)) {
      hints.add(
          "An OutOfMemoryError comes and goes with the heap: run java with an -Xmx such as the"
              + " fuzzing run had (a small one, such as -Xmx512m, makes it come at once rather"
              + " than after garbage collection that can outlast the timeout)");
    }
    if (any(distinct, StackOverflowError.class)) {
      hints.add(
          "A StackOverflowError comes and goes with the stack's depth: run java with an -Xss such"
              + " as the fuzzing run had (a small one, such as -Xss512k, makes it come every time)");
    }
    return hints.isEmpty()
        ? java.util.Optional.empty()
        : java.util.Optional.of(String.join(". ", hints));
  }

  private static boolean any(List<Seen> distinct, Class<? extends Throwable> type) {
    return distinct.stream()
        .anyMatch(
            seen ->
                seen.finding().kind() == Finding.Kind.THROWN
                    && seen.finding().exceptionClassName().equals(type.getName()));
  }

  /** The finding of the first run that had one; the others are compared with it. */
  public Finding firstFinding() {
    return firstFinding;
  }

  /**
   * What the runs found, in order, null for a run without a finding; only the first finding when
   * the exception was made without them.
   */
  public List<Finding> findingsSeen() {
    return findingsSeen;
  }

  /** How many times the input was run. */
  public int runs() {
    return runs;
  }

  /** Runs whose finding matched the first finding (the first included). */
  public int reproductions() {
    return reproductions;
  }

  /** Runs without any finding. */
  public int runsWithoutFinding() {
    return runsWithoutFinding;
  }

  /** Runs with a finding that did not match the first. */
  public int runsWithOtherFinding() {
    return runs - reproductions - runsWithoutFinding;
  }
}

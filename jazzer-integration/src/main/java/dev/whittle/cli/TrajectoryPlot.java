package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.api.Improvement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Draws a reduction's trajectory as a self-contained SVG picture a browser opens: the size of the
 * best input so far against runs (left) and against time (right), both axes on log scales, since a
 * reduction's first questions remove most of the input and its last ones a byte at a time. The
 * curve is a step function: a size holds until the next improvement, and the last one until the
 * reduction ended.
 */
final class TrajectoryPlot {
  static final int WIDTH = 1000;
  static final int HEIGHT = 420;
  private static final int PANEL_WIDTH = WIDTH / 2;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 50;
  private static final int BOTTOM = 60;
  static final String CURVE_COLOUR = "#d62728";

  private final String title;
  private final List<Improvement> trajectory;
  private final long totalCalls;
  private final Duration totalTime;

  /**
   * @param title what was reduced, shown on top
   * @param trajectory the improvements, the original first; at least one
   * @param totalCalls runs of the whole reduction, where the last step ends
   * @param totalTime the whole reduction's time, where the last step ends on the right
   */
  TrajectoryPlot(String title, List<Improvement> trajectory, long totalCalls, Duration totalTime) {
    this.title = checkNotNull(title, "title");
    this.trajectory = List.copyOf(checkNotNull(trajectory, "trajectory"));
    checkArgument(!trajectory.isEmpty(), "a trajectory starts with the original input");
    this.totalCalls = totalCalls;
    this.totalTime = checkNotNull(totalTime, "totalTime");
  }

  String render() {
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d"
                + " %d\" font-family=\"sans-serif\" font-size=\"12\">%n",
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT));
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    svg.append(text(WIDTH / 2.0, 22, "middle", 15, escape(title)));
    Improvement last = trajectory.get(trajectory.size() - 1);
    double endCalls = Math.max(totalCalls, last.runs());
    double endMillis = Math.max(totalTime.toMillis(), last.elapsed().toMillis());
    panel(svg, 0, "runs", i -> i.runs(), endCalls);
    panel(svg, PANEL_WIDTH, "milliseconds", i -> i.elapsed().toMillis(), endMillis);
    svg.append("</svg>\n");
    return svg.toString();
  }

  private void panel(
      StringBuilder svg, int left, String xLabel, ToDoubleFunction<Improvement> x, double xEnd) {
    LogAxis xs =
        new LogAxis(
            Math.max(1, x.applyAsDouble(trajectory.get(0))),
            Math.max(2, xEnd),
            left + LEFT,
            left + PANEL_WIDTH - RIGHT);
    LogAxis ys =
        new LogAxis(
            Math.max(1, trajectory.get(trajectory.size() - 1).size()),
            Math.max(2, trajectory.get(0).size()),
            HEIGHT - BOTTOM,
            TOP);
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>%n",
            left + LEFT,
            TOP,
            PANEL_WIDTH - LEFT - RIGHT,
            HEIGHT - TOP - BOTTOM));
    for (double tick : xs.ticks()) {
      svg.append(text(xs.at(tick), HEIGHT - BOTTOM + 16, "middle", 11, label(tick)));
    }
    for (double tick : ys.ticks()) {
      svg.append(text(left + LEFT - 6, ys.at(tick) + 4, "end", 11, label(tick)));
    }
    svg.append(text(left + (LEFT + PANEL_WIDTH - RIGHT) / 2.0, HEIGHT - 20, "middle", 12, xLabel));
    svg.append(text(left + 16, TOP - 10, "start", 12, "size (items, log)"));
    List<String> points = new ArrayList<>();
    for (int i = 0; i < trajectory.size(); i++) {
      Improvement step = trajectory.get(i);
      double stepEnd = i + 1 < trajectory.size() ? x.applyAsDouble(trajectory.get(i + 1)) : xEnd;
      double y = ys.at(Math.max(1, step.size()));
      points.add(point(xs.at(Math.max(1, x.applyAsDouble(step))), y));
      points.add(point(xs.at(Math.max(1, stepEnd)), y));
    }
    svg.append("<polyline class=\"curve\" fill=\"none\" stroke=\"")
        .append(CURVE_COLOUR)
        .append("\" stroke-width=\"3\" points=\"")
        .append(String.join(" ", points))
        .append("\"/>\n");
  }

  private static String point(double x, double y) {
    return String.format(Locale.ROOT, "%.1f,%.1f", x, y);
  }

  private static String text(double x, double y, String anchor, int size, String content) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
        x,
        y,
        anchor,
        size,
        content);
  }

  private static String label(double value) {
    return value >= 1_000_000
        ? String.format(Locale.ROOT, "%.0fM", value / 1_000_000)
        : value >= 1_000
            ? String.format(Locale.ROOT, "%.0fk", value / 1_000)
            : String.format(Locale.ROOT, "%.0f", value);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** Maps {@code [low, high]} onto pixels {@code [from, to]} logarithmically. */
  private record LogAxis(double low, double high, double from, double to) {
    LogAxis {
      if (high <= low) {
        high = low * 10;
      }
    }

    double at(double value) {
      double share = (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
      return from + share * (to - from);
    }

    /** The powers of ten inside the axis, and its two ends too where fewer than two are. */
    List<Double> ticks() {
      List<Double> ticks = new ArrayList<>();
      for (double power = Math.pow(10, Math.ceil(Math.log10(low))); power <= high; power *= 10) {
        ticks.add(power);
      }
      if (ticks.size() < 2) {
        if (ticks.isEmpty() || ticks.get(0) > low * 1.5) {
          ticks.add(0, low);
        }
        if (ticks.get(ticks.size() - 1) < high / 1.5) {
          ticks.add(high);
        }
      }
      return ticks;
    }
  }
}

package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Inline SVG charts for report.html: no script, no fonts or styles from the network. Every chart
 * carries its numbers as text too (bar labels, point titles), so it reads without the picture.
 *
 * <p>What a reader must not misread is drawn apart and named in the chart's legend: a flagged value
 * (a JMH score marked "(wide)", a load point not measured at a steady rate) is a hollow mark; a
 * whisker whose interval would reach below 0 stops at 0 without its cap. Colours come from {@link
 * Palette} (one per name across charts); axes from {@link Axis} (round ticks, ending near the
 * data). Marks carry {@code class} names (bar, mark, flagged, whisker, clipped, tick-x, tick-y,
 * legend) so a test can read a chart back.
 */
public final class Svg {
  private static final int WIDTH = 680;
  private static final String HOLLOW = "#fff";

  private Svg() {}

  /**
   * One bar.
   *
   * @param error the interval's half-width, NaN for none
   * @param flagged drawn hollow and named in the legend
   */
  public record Bar(String label, double value, double error, boolean flagged) {}

  /** One point of a line; {@code flagged}: drawn hollow and named in the legend. */
  public record Point(double x, double y, boolean flagged) {}

  /** One line: its name and its points. */
  public record Series(String name, List<Point> points) {}

  /**
   * Horizontal bars from 0 with error whiskers and a value axis; each value with its unit in a
   * column of its own right of the plot, where no whisker reaches.
   *
   * @param flagNote what a hollow bar means, e.g. "(wide): …"
   */
  public static String bars(String title, String unit, List<Bar> bars, String flagNote) {
    int rowH = 22;
    int left = 160;
    int valueColumn = 120;
    int plotW = WIDTH - left - valueColumn - 16;
    int top = 30;
    int plotH = rowH * bars.size();
    boolean anyFlagged = bars.stream().anyMatch(Bar::flagged);
    boolean anyClipped = bars.stream().anyMatch(b -> hasError(b) && b.value() - b.error() < 0);
    int legendRows =
        (anyFlagged ? wrap("* hollow = " + flagNote, 80).size() : 0) + (anyClipped ? 1 : 0);
    int height = top + plotH + 40 + 16 * legendRows + 4;
    double max = 0;
    for (Bar b : bars) {
      max = Math.max(max, b.value() + (hasError(b) ? b.error() : 0));
    }
    Axis axis = Axis.linear(0, max > 0 ? max : 1, true);
    Map<String, String> colours = Palette.assign(bars.stream().map(Bar::label).toList());
    StringBuilder s = header(WIDTH, height, title);
    int axisY = top + plotH + 4;
    for (double t : axis.ticks()) {
      double x = left + plotW * axis.fraction(t);
      s.append(
          fmt(
              "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#e4e4e4\"/>",
              x, x, top, axisY));
      s.append(
          fmt(
              "<text class=\"tick-x\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
              x, axisY + 14, axis.label(t)));
    }
    s.append(
        fmt(
            "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#999\"/>",
            left, left + plotW, axisY, axisY));
    s.append(
        fmt(
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>",
            left + plotW / 2, axisY + 30, esc(unit)));
    for (int i = 0; i < bars.size(); i++) {
      Bar b = bars.get(i);
      String colour = colours.get(b.label());
      int y = top + i * rowH;
      double w = plotW * axis.fraction(b.value());
      s.append(
          fmt(
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
              left - 6, y + 15, esc(b.label())));
      s.append(
          b.flagged()
              ? fmt(
                  "<rect class=\"bar flagged\" data-name=\"%s\" x=\"%d\" y=\"%d\" width=\"%.1f\""
                      + " height=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>",
                  esc(b.label()), left + 1, y + 4, Math.max(0, w - 2), rowH - 8, HOLLOW, colour)
              : fmt(
                  "<rect class=\"bar\" data-name=\"%s\" x=\"%d\" y=\"%d\" width=\"%.1f\""
                      + " height=\"%d\" fill=\"%s\"/>",
                  esc(b.label()), left, y + 3, w, rowH - 6, colour));
      if (hasError(b)) {
        whisker(s, axis, left, plotW, y + rowH / 2, b.value() - b.error(), b.value() + b.error());
      }
      s.append(
          fmt(
              "<text class=\"value\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s %s%s</text>",
              WIDTH - 8, y + 15, number(b.value()), esc(unit), b.flagged() ? " *" : ""));
    }
    int ly = axisY + 46;
    if (anyFlagged) {
      s.append(
          fmt(
              "<rect class=\"legend flagged\" x=\"%d\" y=\"%d\" width=\"18\" height=\"10\" fill=\"%s\""
                  + " stroke=\"#555\" stroke-width=\"2\"/>",
              left, ly - 9, HOLLOW));
      for (String line : wrap("* hollow = " + flagNote, 80)) {
        s.append(fmt("<text x=\"%d\" y=\"%d\">%s</text>", left + 24, ly, esc(line)));
        ly += 16;
      }
    }
    if (anyClipped) {
      s.append(
          fmt(
              "<line class=\"legend clipped\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\""
                  + " stroke=\"#000\"/>",
              left, left + 18, ly - 4, ly - 4));
      s.append(
          fmt(
              "<text x=\"%d\" y=\"%d\">whisker without a cap at 0: its interval reaches below 0"
                  + " (clipped)</text>",
              left + 24, ly));
    }
    return s.append("</svg>\n").toString();
  }

  private static void whisker(
      StringBuilder s, Axis axis, int left, int plotW, int y, double low, double high) {
    boolean clipped = low < 0;
    double x1 = left + plotW * axis.fraction(Math.max(0, low));
    double x2 = left + plotW * axis.fraction(high);
    s.append(
        fmt(
            "<line class=\"whisker%s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\"/>",
            clipped ? " clipped" : "", x1, x2, y, y));
    if (!clipped) {
      s.append(cap(x1, y));
    }
    s.append(cap(x2, y));
  }

  private static String cap(double x, int y) {
    return fmt(
        "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\"/>", x, x, y - 4, y + 4);
  }

  /**
   * Lines on linear axes (y from 0) or on log-log axes (y linear from 0 all the same where its
   * values span less than a decade); x and y labelled with their units.
   *
   * @param flagNote what a hollow point means, e.g. "not steady: …"
   */
  public static String lines(
      String title,
      String xLabel,
      String yLabel,
      boolean logLog,
      List<Series> series,
      String flagNote) {
    int height = 320;
    int left = 70;
    int right = 170;
    int top = 30;
    int bottom = 45;
    int pw = WIDTH - left - right;
    int ph = height - top - bottom;
    Axis xa = axis(series, true, logLog);
    Axis ya = axis(series, false, logLog);
    if (logLog && ya.hi() / ya.lo() < 10) { // less than a decade of y: linear from 0 reads better
      ya = axis(series, false, false);
    }
    Map<String, String> colours = Palette.assign(series.stream().map(Series::name).toList());
    StringBuilder s = header(WIDTH, height, title);
    for (double t : xa.ticks()) {
      double x = left + pw * xa.fraction(t);
      s.append(gridLine(x, x, top, top + ph));
      s.append(
          fmt(
              "<text class=\"tick-x\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
              x, top + ph + 15, xa.label(t)));
    }
    for (double t : ya.ticks()) {
      double y = top + ph - ph * ya.fraction(t);
      s.append(gridLine(left, left + pw, y, y));
      s.append(
          fmt(
              "<text class=\"tick-y\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
              left - 4, y + 4, ya.label(t)));
    }
    for (double t : xa.minor()) {
      double x = left + pw * xa.fraction(t);
      s.append(fmt("<line class=\"minor-x\" x1=\"%.1f\" x2=\"%.1f\"", x, x));
      s.append(fmt(" y1=\"%d\" y2=\"%d\" stroke=\"#999\"/>", top + ph, top + ph + 4));
    }
    for (double t : ya.minor()) {
      double y = top + ph - ph * ya.fraction(t);
      s.append(fmt("<line class=\"minor-y\" x1=\"%d\" x2=\"%d\"", left - 4, left));
      s.append(fmt(" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>", y, y));
    }
    s.append(
        fmt(
            "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#999\"/>",
            left, top, pw, ph));
    s.append(
        fmt(
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s</text>",
            left + pw / 2, height - 8, esc(xLabel), logLog ? " (log)" : ""));
    s.append(
        fmt(
            "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">"
                + "%s%s</text>",
            top + ph / 2, top + ph / 2, esc(yLabel), ya.log() ? " (log)" : ""));
    boolean anyFlagged = false;
    for (int i = 0; i < series.size(); i++) {
      Series line = series.get(i);
      String colour = colours.get(line.name());
      StringBuilder path = new StringBuilder();
      StringBuilder marks = new StringBuilder();
      for (Point p : line.points()) {
        double x = left + pw * xa.fraction(p.x());
        double y = top + ph - ph * ya.fraction(p.y());
        path.append(path.length() == 0 ? "M" : " L").append(fmt("%.1f %.1f", x, y));
        String tip =
            esc(line.name()) + ": " + number(p.x()) + ", " + number(p.y()) + flagTip(p, flagNote);
        marks.append(
            p.flagged()
                ? fmt(
                    "<circle class=\"mark flagged\" data-name=\"%s\" cx=\"%.1f\" cy=\"%.1f\""
                        + " r=\"4\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"><title>%s</title>"
                        + "</circle>",
                    esc(line.name()), x, y, HOLLOW, colour, tip)
                : fmt(
                    "<circle class=\"mark\" data-name=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\""
                        + " fill=\"%s\"><title>%s</title></circle>",
                    esc(line.name()), x, y, colour, tip));
        anyFlagged |= p.flagged();
      }
      s.append(
          fmt(
              "<path class=\"line\" data-name=\"%s\" d=\"%s\" fill=\"none\" stroke=\"%s\""
                  + " stroke-width=\"2\"/>",
              esc(line.name()), path, colour));
      s.append(marks); // over the lines, so a hollow mark stays hollow
      int ly = top + 10 + 16 * i;
      int lx = WIDTH - right + 8;
      s.append(
          fmt(
              "<line class=\"legend\" data-name=\"%s\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\""
                  + " stroke=\"%s\" stroke-width=\"2\"/>",
              esc(line.name()), lx, lx + 16, ly - 4, ly - 4, colour));
      s.append(
          fmt(
              "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>",
              lx + 22, ly, colour, esc(line.name())));
    }
    if (anyFlagged) {
      int ly = top + 10 + 16 * series.size() + 8;
      int lx = WIDTH - right + 8;
      s.append(
          fmt(
              "<circle class=\"legend flagged\" cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\""
                  + " stroke=\"#555\" stroke-width=\"2\"/>",
              lx + 8, ly - 4, HOLLOW));
      List<String> words = wrap("hollow = " + flagNote, 22);
      for (int k = 0; k < words.size(); k++) {
        s.append(fmt("<text x=\"%d\" y=\"%d\">%s</text>", lx + 22, ly + 14 * k, esc(words.get(k))));
      }
    }
    return s.append("</svg>\n").toString();
  }

  private static String flagTip(Point p, String note) {
    if (!p.flagged()) {
      return "";
    }
    int colon = note.indexOf(':');
    return " (" + esc(colon < 0 ? note : note.substring(0, colon)) + ")";
  }

  private static String gridLine(double x1, double x2, double y1, double y2) {
    return fmt(
        "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>",
        x1, x2, y1, y2);
  }

  /** x or y of every point; on linear axes y starts at 0 (a rate or a time from nothing). */
  private static Axis axis(List<Series> series, boolean x, boolean log) {
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    for (Series s : series) {
      for (Point p : s.points()) {
        double v = x ? p.x() : p.y();
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    if (lo == Double.MAX_VALUE) {
      lo = log ? 1 : 0;
      hi = log ? 10 : 1;
    }
    return log ? Axis.log(lo, hi) : Axis.linear(lo, hi, !x);
  }

  /** Words joined into lines of at most {@code width} characters. */
  private static List<String> wrap(String text, int width) {
    List<String> out = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String w : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + w.length() > width) {
        out.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() == 0 ? "" : " ").append(w);
    }
    if (line.length() > 0) {
      out.add(line.toString());
    }
    return out;
  }

  private static boolean hasError(Bar b) {
    return !Double.isNaN(b.error()) && b.error() > 0;
  }

  private static StringBuilder header(int width, int height, String title) {
    return new StringBuilder(
            fmt(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\""
                    + " height=\"%d\" role=\"img\" aria-label=\"%s\">",
                width, height, width, height, esc(title)))
        .append(fmt("<text x=\"4\" y=\"16\" font-weight=\"bold\">%s</text>", esc(title)));
  }

  static String number(double v) {
    double a = Math.abs(v);
    return a >= 100 ? fmt("%,.0f", v) : a >= 10 ? fmt("%.1f", v) : fmt("%.2f", v);
  }

  private static String esc(String s) {
    return Markup.escape(s);
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}

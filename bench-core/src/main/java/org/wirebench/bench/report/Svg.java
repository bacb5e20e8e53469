package org.wirebench.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts for report.html: no script, no fonts or styles from the network. Every chart
 * carries its numbers as text too (bar labels, point titles), so it reads without the picture.
 */
public final class Svg {
  private static final String[] COLOURS = {
    "#1b6ca8", "#d1495b", "#edae49", "#00798c", "#66a182", "#8d6a9f", "#30343f", "#a44a3f"
  };

  private Svg() {}

  /** One bar. */
  public record Bar(String label, double value, double error) {}

  /** One line: its name and its points. */
  public record Series(String name, List<double[]> points) {}

  public static String colour(int i) {
    return COLOURS[i % COLOURS.length];
  }

  /** Horizontal bars with error whiskers, value labels in {@code unit}. */
  public static String bars(String title, String unit, List<Bar> bars) {
    int rowH = 22;
    int left = 150;
    int width = 640;
    int plotW = width - left - 110;
    int height = 30 + rowH * bars.size() + 10;
    double max = bars.stream().mapToDouble(b -> b.value() + orZero(b.error())).max().orElse(1);
    StringBuilder s = header(width, height, title);
    for (int i = 0; i < bars.size(); i++) {
      Bar b = bars.get(i);
      int y = 30 + i * rowH;
      double w = plotW * b.value() / max;
      s.append(
          fmt(
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
              left - 6, y + 15, esc(b.label())));
      s.append(
          fmt(
              "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>",
              left, y + 3, w, rowH - 6, colour(i)));
      if (!Double.isNaN(b.error()) && b.error() > 0) {
        double x1 = left + plotW * (b.value() - b.error()) / max;
        double x2 = left + plotW * (b.value() + b.error()) / max;
        s.append(
            fmt(
                "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\"/>",
                x1, x2, y + rowH / 2, y + rowH / 2));
      }
      s.append(
          fmt(
              "<text x=\"%.1f\" y=\"%d\">%s %s</text>",
              left + w + 4 + (Double.isNaN(b.error()) ? 0 : plotW * orZero(b.error()) / max),
              y + 15,
              number(b.value()),
              esc(unit)));
    }
    return s.append("</svg>\n").toString();
  }

  /** Lines on linear or log-log axes; x and y labelled with their units. */
  public static String lines(
      String title, String xLabel, String yLabel, boolean logLog, List<Series> series) {
    int width = 640;
    int height = 320;
    int left = 70;
    int right = 150;
    int top = 30;
    int bottom = 45;
    double[] xr = range(series, 0, logLog);
    double[] yr = range(series, 1, logLog);
    if (!logLog) {
      yr[0] = 0;
    }
    StringBuilder s = header(width, height, title);
    int pw = width - left - right;
    int ph = height - top - bottom;
    s.append(
        fmt(
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#999\"/>",
            left, top, pw, ph));
    for (int k = 0; k <= 4; k++) {
      double fx = xr[0] + (xr[1] - xr[0]) * k / 4;
      double fy = yr[0] + (yr[1] - yr[0]) * k / 4;
      s.append(
          fmt(
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
              left + pw * k / 4.0, top + ph + 15, number(logLog ? Math.pow(10, fx) : fx)));
      s.append(
          fmt(
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
              left - 4, top + ph - ph * k / 4.0 + 4, number(logLog ? Math.pow(10, fy) : fy)));
    }
    s.append(
        fmt(
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s</text>",
            left + pw / 2, height - 8, esc(xLabel), logLog ? " (log)" : ""));
    s.append(
        fmt(
            "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">"
                + "%s%s</text>",
            top + ph / 2, top + ph / 2, esc(yLabel), logLog ? " (log)" : ""));
    for (int i = 0; i < series.size(); i++) {
      Series line = series.get(i);
      StringBuilder path = new StringBuilder();
      for (double[] p : line.points()) {
        double x = left + pw * (axis(p[0], logLog) - xr[0]) / (xr[1] - xr[0]);
        double y = top + ph - ph * (axis(p[1], logLog) - yr[0]) / (yr[1] - yr[0]);
        path.append(path.length() == 0 ? "M" : " L").append(fmt("%.1f %.1f", x, y));
        s.append(
            fmt(
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s: %s, %s</title>"
                    + "</circle>",
                x, y, colour(i), esc(line.name()), number(p[0]), number(p[1])));
      }
      s.append(
          fmt("<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>", path, colour(i)));
      s.append(
          fmt(
              "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>",
              width - right + 8, top + 14 + 16 * i, colour(i), esc(line.name())));
    }
    return s.append("</svg>\n").toString();
  }

  private static double[] range(List<Series> series, int k, boolean log) {
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    for (Series s : series) {
      for (double[] p : s.points()) {
        lo = Math.min(lo, axis(p[k], log));
        hi = Math.max(hi, axis(p[k], log));
      }
    }
    if (lo == Double.MAX_VALUE) {
      return new double[] {0, 1};
    }
    if (hi - lo < 1e-9) {
      hi = lo + 1;
    }
    return new double[] {lo, hi + (hi - lo) * 0.05};
  }

  private static double axis(double v, boolean log) {
    return log ? Math.log10(Math.max(v, 1e-9)) : v;
  }

  private static StringBuilder header(int width, int height, String title) {
    return new StringBuilder(
            fmt(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\""
                    + " height=\"%d\" role=\"img\" aria-label=\"%s\">",
                width, height, width, height, esc(title)))
        .append(fmt("<text x=\"4\" y=\"16\" font-weight=\"bold\">%s</text>", esc(title)));
  }

  private static double orZero(double v) {
    return Double.isNaN(v) ? 0 : v;
  }

  static String number(double v) {
    double a = Math.abs(v);
    return a >= 100 ? fmt("%,.0f", v) : a >= 10 ? fmt("%.1f", v) : fmt("%.2f", v);
  }

  public static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}

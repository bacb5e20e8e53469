package org.wirebench.bench.report;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The charts of a report.html read back as a reader's eye would check them: each inline SVG parsed
 * as XML, and a list of what is wrong with it — ticks that are not round (1-2-5), axes that run far
 * past the data, a name in two colours or two names in one colour, a flagged mark that is not
 * hollow or not in the legend, a whisker left of 0, a value label a whisker reaches, text that
 * leaves the picture, "us/op" instead of "µs/op".
 */
final class SvgCharts {
  /** A generous lower bound of the width of one character at the charts' 11 px. */
  private static final double CHAR_PX = 5.5;

  /** How close to the plot's ends the data must come (share of the plot's length). */
  private static final double NEAR = 0.12;

  private SvgCharts() {}

  /** One chart: its title and root element. */
  record Chart(String title, Element svg) {}

  static List<Chart> charts(String html) throws Exception {
    List<Chart> out = new ArrayList<>();
    Matcher m = Pattern.compile("<svg.*?</svg>", Pattern.DOTALL).matcher(html);
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    while (m.find()) {
      Document d = f.newDocumentBuilder().parse(new InputSource(new StringReader(m.group())));
      Element svg = d.getDocumentElement();
      out.add(new Chart(svg.getAttribute("aria-label"), svg));
    }
    return out;
  }

  /** Everything wrong with the report's charts, each problem naming its chart; empty when none. */
  static List<String> problems(String html) throws Exception {
    List<String> out = new ArrayList<>();
    if (html.contains("us/op")) {
      out.add("the unit is written us/op, not µs/op");
    }
    Map<String, String> colourOfName = new LinkedHashMap<>();
    for (Chart c : charts(html)) {
      List<String> p = new ArrayList<>();
      check(c, p, colourOfName);
      p.forEach(x -> out.add(c.title() + ": " + x));
    }
    return out;
  }

  private static void check(Chart c, List<String> p, Map<String, String> colourOfName) {
    Element svg = c.svg();
    double width = Double.parseDouble(svg.getAttribute("width"));
    Element plot = first(svg, "rect", "plot");
    Element axis = first(svg, "line", "axis");
    if (plot == null && axis == null) {
      p.add("no plot frame or value axis");
      return;
    }
    double left = plot != null ? num(plot, "x") : num(axis, "x1");
    double right = plot != null ? left + num(plot, "width") : num(axis, "x2");
    List<Double> xTicks = ticks(svg, "tick-x");
    List<Double> yTicks = ticks(svg, "tick-y");
    roundTicks(xTicks, "x", p);
    if (plot != null) {
      roundTicks(yTicks, "y", p);
    }
    // colours: one per name within the chart and across the report; flagged marks hollow
    Map<String, String> here = new LinkedHashMap<>();
    boolean flagged = false;
    double minX = Double.MAX_VALUE;
    double maxX = -Double.MAX_VALUE;
    double minY = Double.MAX_VALUE;
    for (Element e : elements(svg, "*")) {
      String cls = e.getAttribute("class");
      String name = e.getAttribute("data-name");
      if (name.isEmpty() || cls.startsWith("legend")) {
        continue;
      }
      boolean hollow = cls.contains("flagged");
      flagged |= hollow;
      if (hollow && !e.getAttribute("fill").equals("#fff")) {
        p.add(name + ": a flagged mark is not hollow");
      }
      String colour =
          hollow || e.getTagName().equals("path")
              ? e.getAttribute("stroke")
              : e.getAttribute("fill");
      String had = here.putIfAbsent(name, colour);
      if (had != null && !had.equals(colour)) {
        p.add(name + " in two colours, " + had + " and " + colour);
      }
      String before = colourOfName.putIfAbsent(name, colour);
      if (before != null && !before.equals(colour)) {
        p.add(name + " is " + colour + " here and " + before + " in an earlier chart");
      }
      if (e.getTagName().equals("circle")) {
        minX = Math.min(minX, num(e, "cx"));
        maxX = Math.max(maxX, num(e, "cx"));
        minY = Math.min(minY, num(e, "cy"));
      } else if (e.getTagName().equals("rect")) {
        maxX = Math.max(maxX, num(e, "x") + num(e, "width"));
      }
    }
    if (here.values().stream().distinct().count() < here.size()) {
      p.add("two names share a colour: " + here);
    }
    if (flagged && first(svg, "*", "legend flagged") == null) {
      p.add("hollow marks without a legend entry");
    }
    // whiskers from 0 at the least; the value labels right of every whisker
    double maxWhisker = -Double.MAX_VALUE;
    for (Element w : elements(svg, "line")) {
      if (w.getAttribute("class").startsWith("whisker")) {
        if (Math.min(num(w, "x1"), num(w, "x2")) < left - 0.05) {
          p.add("a whisker reaches below 0");
        }
        maxWhisker = Math.max(maxWhisker, Math.max(num(w, "x1"), num(w, "x2")));
        maxX = Math.max(maxX, Math.max(num(w, "x1"), num(w, "x2")));
      }
    }
    for (Element t : elements(svg, "text")) {
      double x = num(t, "x");
      double len = t.getTextContent().length() * CHAR_PX;
      String anchor = t.getAttribute("text-anchor");
      double start = anchor.equals("end") ? x - len : anchor.equals("middle") ? x - len / 2 : x;
      double end = start + len;
      if (t.getAttribute("class").equals("value") && start < maxWhisker) {
        p.add("value label '" + t.getTextContent() + "' within a whisker's reach");
      }
      if (t.getAttribute("transform").isEmpty() && (end > width + 0.5 || start < -0.5)) {
        p.add("text leaves the picture: '" + t.getTextContent() + "'");
      }
    }
    // axes end near the data: the marks reach within NEAR of the plot's far ends
    double span = right - left;
    if (maxX > -Double.MAX_VALUE && maxX < right - NEAR * span) {
      p.add(Scores.format("x axis runs on past the data (%.0f of %.0f px)", maxX - left, span));
    }
    if (plot != null && minX < Double.MAX_VALUE) {
      if (minX > left + NEAR * span) {
        p.add("x axis starts well before the data");
      }
      double top = num(plot, "y");
      double h = num(plot, "height");
      if (minY > top + NEAR * h) {
        p.add("y axis runs on past the data");
      }
    }
  }

  /** Linear ticks in equal 1-2-5 steps, or log ticks each 1, 2 or 5 times a power of ten. */
  static void roundTicks(List<Double> ticks, String axis, List<String> p) {
    if (ticks.size() < 2) {
      p.add(axis + " axis has " + ticks.size() + " ticks");
      return;
    }
    double step = ticks.get(1) - ticks.get(0);
    boolean equal = true;
    for (int i = 2; i < ticks.size(); i++) {
      equal &= Math.abs(ticks.get(i) - ticks.get(i - 1) - step) < 1e-6 * Math.abs(step);
    }
    if (equal && oneTwoFive(step)) {
      for (double t : ticks) {
        if (Math.abs(t / step - Math.rint(t / step)) > 1e-6) {
          p.add(axis + " tick " + t + " is not a multiple of its step " + step);
        }
      }
      return;
    }
    for (double t : ticks) {
      if (!oneTwoFive(t)) {
        p.add(axis + " ticks " + ticks + " are not round (1-2-5)");
        return;
      }
    }
  }

  static boolean oneTwoFive(double v) {
    if (!(v > 0)) {
      return false;
    }
    double m = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    return Math.abs(m - 1) < 1e-6 || Math.abs(m - 2) < 1e-6 || Math.abs(m - 5) < 1e-6;
  }

  static List<Double> ticks(Element svg, String cls) {
    List<Double> out = new ArrayList<>();
    for (Element t : elements(svg, "text")) {
      if (t.getAttribute("class").equals(cls)) {
        out.add(Double.parseDouble(t.getTextContent().replace(",", "")));
      }
    }
    return out;
  }

  static List<Element> elements(Element root, String tag) {
    NodeList nodes = root.getElementsByTagName(tag);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add((Element) nodes.item(i));
    }
    return out;
  }

  static Element first(Element root, String tag, String cls) {
    for (Element e : elements(root, tag)) {
      if (e.getAttribute("class").equals(cls)) {
        return e;
      }
    }
    return null;
  }

  private static double num(Element e, String attribute) {
    return Double.parseDouble(e.getAttribute(attribute));
  }
}

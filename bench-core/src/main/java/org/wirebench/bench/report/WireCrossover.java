package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a content coding starts to pay, per format: the bytes it saves against identity, the CPU
 * time it costs (server and client together), and the link rate below which the first buys more
 * than the second costs. The CPU is read off the fastest link, where bytes cost least; on slower
 * links the model is checked against what was measured there.
 */
final class WireCrossover {
  private WireCrossover() {}

  static List<String> lines(WireCells cells, WireCells.Answer answer) {
    List<String> out = new ArrayList<>();
    WireCells.Link fastest = cells.links().get(0);
    List<String> formats = new ArrayList<>();
    for (WireCells.Cell c : cells.on(fastest, answer)) {
      if (!formats.contains(c.format())) {
        formats.add(c.format());
      }
    }
    for (String format : formats) {
      WireCells.Cell identity = cells.cell(fastest, answer, format + " × identity");
      if (identity == null) {
        continue;
      }
      for (WireCells.Cell coded : cells.on(fastest, answer)) {
        if (coded.format().equals(format) && !coded.encoding().equals("identity")) {
          out.add(line(cells, answer, fastest, identity, coded));
        }
      }
    }
    return out;
  }

  private static String line(
      WireCells cells,
      WireCells.Answer answer,
      WireCells.Link fastest,
      WireCells.Cell identity,
      WireCells.Cell coded) {
    String name = coded.shape();
    String measured =
        measured(cells, answer, identity, coded)
            + (identity.steady() && coded.steady()
                ? ""
                : " (the CPU read off points not measured at a steady rate: unverified)");
    if (identity.codedBytes() < 0 || coded.codedBytes() < 0) {
      return name + ": bytes not recorded in this run; " + measured;
    }
    long saved = identity.codedBytes() - coded.codedBytes();
    if (saved <= 0) {
      return Scores.format(
          "%s saves no bytes (%,d against identity's %,d): identity finishes first at any rate;"
              + " %s",
          name, coded.codedBytes(), identity.codedBytes(), measured);
    }
    double bytesPerS = fastest.rateMbit() * 1e6 / 8;
    double cpuMs = coded.endToEndMs() - identity.endToEndMs() + saved / bytesPerS * 1000;
    String savedText =
        Scores.format(
            "%s saves %,d bytes (%.0f%% of identity's %,d)",
            name, saved, 100.0 * saved / identity.codedBytes(), identity.codedBytes());
    if (cpuMs <= 0) {
      return Scores.format(
          "%s and costs no measurable time on %s (%.1f ms end to end against identity's %.1f):"
              + " it finishes first at any rate; %s",
          savedText, fastest.label(), coded.endToEndMs(), identity.endToEndMs(), measured);
    }
    double crossoverMbit = saved * 8 / (cpuMs / 1000) / 1e6;
    return Scores.format(
        "%s for %.1f ms of CPU: it finishes first below about %s; %s",
        savedText, cpuMs, mbit(crossoverMbit), measured);
  }

  /** On which links the coding was measured first against identity. */
  private static String measured(
      WireCells cells, WireCells.Answer answer, WireCells.Cell identity, WireCells.Cell coded) {
    List<String> ahead = new ArrayList<>();
    List<String> behind = new ArrayList<>();
    for (WireCells.Link l : cells.links()) {
      WireCells.Cell i = cells.cell(l, answer, identity.shape());
      WireCells.Cell c = cells.cell(l, answer, coded.shape());
      if (i != null && c != null) {
        (c.endToEndMs() < i.endToEndMs() ? ahead : behind).add(shortName(l));
      }
    }
    return "measured ahead of identity on "
        + (ahead.isEmpty() ? "no link" : String.join(", ", ahead))
        + (behind.isEmpty() ? "" : ", behind on " + String.join(", ", behind));
  }

  /** "10 Mbit/s" or "1.2 Gbit/s". */
  static String mbit(double rate) {
    return rate >= 1000
        ? Scores.format("%.1f Gbit/s", rate / 1000)
        : Scores.format(rate >= 10 ? "%.0f Mbit/s" : "%.1f Mbit/s", rate);
  }

  private static String shortName(WireCells.Link l) {
    return mbit(l.rateMbit()) + Scores.format(" %.0f ms", l.rttMs());
  }
}

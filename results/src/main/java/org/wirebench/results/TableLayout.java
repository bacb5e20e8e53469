package org.wirebench.results;

import java.util.List;

/**
 * How a report lays out a load scenario's points, declared by the scenario and recorded with its
 * results, so that a report needs no knowledge of any scenario: one table per value of {@code
 * tableBy}, a row per combination of {@code rowBy}, a column per value of {@code columnBy}; each
 * cell req/s with the {@code latency} statistic in brackets.
 *
 * @param tableBy a point parameter, or "" for one table
 * @param rowBy point parameters naming a row, joined with " × "
 * @param columnBy the point parameter whose values are the columns
 * @param latency the statistic in brackets (mean or p99 in the scenarios so far)
 * @param showBytes a column with the mean response size of the row
 * @param chart how the HTML report draws req/s: one chart per value of {@code by}, {@code x}
 *     against req/s, a line per value of {@code series}; null for none
 * @param ratios req/s ratios of two values of one parameter, per column
 */
public record TableLayout(
    String tableBy,
    List<String> rowBy,
    String columnBy,
    Statistic latency,
    boolean showBytes,
    Chart chart,
    List<RatioLine> ratios) {

  /**
   * @param logX log scale on x (array sizes), linear otherwise (user counts)
   */
  public record Chart(String by, String x, String series, String xLabel, boolean logX) {}

  /**
   * req/s at {@code param = numerator} ÷ req/s at {@code param = denominator}.
   *
   * @param label what the line says, with what the study said
   */
  public record RatioLine(String param, String numerator, String denominator, String label) {}
}

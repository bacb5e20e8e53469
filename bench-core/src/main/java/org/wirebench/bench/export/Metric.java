package org.wirebench.bench.export;

/**
 * One exported number: a measure of one benchmark (a JMH result with its parameters, or a load
 * point), in a unit both export formats use.
 *
 * @param benchmark e.g. "GeoEncodingBenchmark.encode codec=gml32 count=200 dataset=osm_places" or
 *     "load wfs count=200 format=gml32 layer=osm_places users=32"
 * @param measure Bencher's measure: "latency" (ns, built in), "throughput" (ops/s, built in) or one
 *     of ours ("latency-p99-ms", "bytes-per-collection" ...)
 * @param unit what {@code value} counts: "ns/op", "ops/s", "req/s", "ms", "bytes", "features",
 *     "B/op"
 * @param lower and {@code upper}: the interval or range around {@code value}; NaN when there is
 *     none
 * @param primary the benchmark's own score (JMH's score, a load point's throughput): named without
 *     a measure suffix where a format has one name per number
 * @param note what the number is, for a tooltip (github-action-benchmark's extra)
 */
record Metric(
    String benchmark,
    String measure,
    String unit,
    double value,
    double lower,
    double upper,
    Direction direction,
    boolean primary,
    String note) {

  /** Which way is better, as github-action-benchmark's two custom tools split them. */
  enum Direction {
    SMALLER,
    BIGGER,
    /**
     * neither: a study claim's ratio a / b, which either side moves (compare calls its change
     * "moved", never a regression); in neither of the action's two files
     */
    NONE
  }

  boolean hasRange() {
    return !Double.isNaN(lower) && !Double.isNaN(upper);
  }

  /** One name a number: the benchmark, and for any but its primary number the measure. */
  String name() {
    return primary ? benchmark : benchmark + " (" + measure + ")";
  }
}

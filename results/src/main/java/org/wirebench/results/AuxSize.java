package org.wirebench.results;

/**
 * A size the benchmarks count with JMH's {@code @AuxCounters(EVENTS)}, read per operation.
 *
 * <p>JMH resets an EVENTS counter before each iteration, reads it after, and sums the readings over
 * every measured iteration, fork and thread ({@code AggregationPolicy.SUM}): an event count, never
 * normalised to time or operations. Since 2026-11-25 each benchmark counts honest events: the bytes
 * (or features) it wrote or read in total ({@link #total}) and the operations it ran ({@value
 * #OPERATIONS}), so jmh.json holds true totals and one per operation is their quotient. Runs before
 * set the counter to one operation's size on every call ({@link #legacy}), so JMH's sum was that
 * size times the measured iterations (bytesPerCollection 780,740 for a 156,148-byte document in 5
 * iterations); for those the per-iteration value is the sum over the iteration count. A reader
 * tells the two apart by the counters' names, never by guessing from the numbers.
 *
 * @param legacy the counter's name in runs before 2026-11-25 (summed per-iteration sizes)
 * @param total the counter's name since: the total over the iteration
 * @param measure how exports name it per operation (Bencher measure, github-action-benchmark
 *     suffix)
 */
public enum AuxSize {
  BYTES_PER_COLLECTION("bytesPerCollection", "bytesWritten", "bytes-per-collection"),
  FEATURES_PER_COLLECTION("featuresPerCollection", "featuresWritten", "features-per-collection"),
  REQUEST_BYTES("requestBytes", "requestBytesRead", "request-bytes"),
  RESPONSE_BYTES("responseBytes", "responseBytesWritten", "response-bytes"),
  BACKEND_BYTES("backendBytes", "backendBytesRead", "backend-bytes"),
  JSON_BYTES("jsonBytes", "jsonBytesWritten", "json-bytes"),
  BYTES_PER_MAP("bytesPerMap", "mapBytesWritten", "bytes-per-map"),
  /** CompressionCostBenchmark: the coded body (its legacy name was never in a committed run). */
  WIRE_BYTES("wireBytesPerResponse", "wireBytesWritten", "wire-bytes"),
  /** CompressionCostBenchmark: what the codec wrote before the coding. */
  ENCODED_BYTES("encodedBytesPerResponse", "encodedBytesWritten", "encoded-bytes");

  /** The counter of operations run, beside the totals, in runs since 2026-11-25. */
  public static final String OPERATIONS = "operations";

  private final String legacy;
  private final String total;
  private final String measure;

  AuxSize(String legacy, String total, String measure) {
    this.legacy = legacy;
    this.total = total;
    this.measure = measure;
  }

  public String legacy() {
    return legacy;
  }

  public String total() {
    return total;
  }

  public String measure() {
    return measure;
  }

  /** The size as a count of bytes or of features. */
  public String unit() {
    return this == FEATURES_PER_COLLECTION ? "features" : "bytes";
  }
}

package org.wirebench.results;

/**
 * What one cell of the wire scenario (link × layer × format × encoding × answer size) measured
 * beside its points, over its one client's timed answers: bytes on the line and the server's CPU a
 * request. In {@code load-wire.json} since format version 4; version 3 kept the bytes per cell in
 * {@code client.links[].cells} and no CPU, and reads with {@link #serverCpuUsPerAnswer} null.
 *
 * @param id the cell, as its points' ids less the measure
 *     ("10mbit/80ms/osm_places/geojson/gzip/200")
 * @param answers the timed answers the figures below are over; null in version 3
 * @param codedBytes the body of the cell's first answer as it came (coded), bytes
 * @param linkBytesDownPerAnswer what the link's bucket sent from the server over the timed answers,
 *     per answer, bytes (frames: Ethernet, IP, TCP and HTTP heads included); null when no answer
 *     came
 * @param linkBytesUpPerAnswer the same from the client (requests and ACKs), bytes
 * @param firstByteMsP50 the median time from sending a request to the answer's first byte, ms
 * @param serverCpuUsPerAnswer the server JVM's CPU time over the timed answers (every thread's:
 *     requests, coding, GC, JIT and anything idle threads did meanwhile), µs per answer; null
 *     before version 4 and when no answer came
 * @param serverThreadsEnded server threads that ended during the timed answers, whose time then is
 *     missing from {@code serverCpuUsPerAnswer}; null before version 4
 */
public record WireCell(
    String id,
    Long answers,
    Long codedBytes,
    Long linkBytesDownPerAnswer,
    Long linkBytesUpPerAnswer,
    Double firstByteMsP50,
    Double serverCpuUsPerAnswer,
    Integer serverThreadsEnded) {

  public WireCell {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("a wire cell needs its id");
    }
    for (Number n :
        new Number[] {
          answers,
          codedBytes,
          linkBytesDownPerAnswer,
          linkBytesUpPerAnswer,
          firstByteMsP50,
          serverCpuUsPerAnswer,
          serverThreadsEnded
        }) {
      // NaN and ±∞ are no measure; a negative count or time is not one either, nor a figure
      // outside the range a ratio can be taken of
      if (n != null && !Figures.isAmount(n.doubleValue())) {
        throw new IllegalArgumentException("wire cell " + id + ": " + n + " is not a measure");
      }
    }
  }
}

package org.wirebench.server.load.wire;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One shaped link: a rate the token bucket holds each direction to, and a round-trip time the delay
 * relay adds (half each way). Written {@code RATE/RTT} on the command line: {@code 100mbit/20ms},
 * {@code 1gbit/1ms}.
 *
 * @param rateKbit 1,000..10,000,000 kbit/s (1 Mbit/s to 10 Gbit/s), each direction
 * @param rttMs 0..1000 ms of round-trip time added by the relay
 */
public record Link(long rateKbit, int rttMs) {
  private static final Pattern SPEC =
      Pattern.compile("(\\d{1,8})(kbit|mbit|gbit)/(\\d{1,4})ms", Pattern.CASE_INSENSITIVE);

  /** The three links the wire scenario measures: a LAN, a broadband line, a slow far line. */
  public static final List<Link> FULL =
      List.of(new Link(1_000_000, 1), new Link(100_000, 20), new Link(10_000, 80));

  /** Quick mode: the two ends, where the answer is likeliest to differ. */
  public static final List<Link> QUICK = List.of(new Link(1_000_000, 1), new Link(10_000, 80));

  /**
   * The most a direction of the relay holds (bytes it has read and not yet written): a link whose
   * bytes in flight one way (rate × RTT / 2) come near it would be held back by the relay rather
   * than the token bucket, so such links are refused.
   */
  public static final long RELAY_QUEUE_BYTES = 32L << 20;

  public Link {
    if (rateKbit < 1_000 || rateKbit > 10_000_000) {
      throw new IllegalArgumentException(
          "a link's rate must be 1mbit..10gbit, was " + rateKbit + "kbit");
    }
    if (rttMs < 0 || rttMs > 1000) {
      throw new IllegalArgumentException("a link's RTT must be 0..1000 ms, was " + rttMs + " ms");
    }
    // the fields are not set yet in a compact constructor: from the parameters
    long inFlight = rateKbit * 1000 / 8 * rttMs / 2000;
    if (inFlight > RELAY_QUEUE_BYTES / 2) {
      throw new IllegalArgumentException(
          "link "
              + spec(rateKbit, rttMs)
              + " keeps "
              + inFlight / 1024
              + " KiB in flight each way, more than the delay relay's "
              + RELAY_QUEUE_BYTES / 2 / 1024
              + " KiB headroom");
    }
  }

  /**
   * @throws IllegalArgumentException naming the text and the form expected
   */
  public static Link parse(String text) {
    Matcher m = SPEC.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "--wire-links: '"
              + text
              + "' is not RATE/RTT like 100mbit/20ms (kbit, mbit or gbit; ms)");
    }
    long n = Long.parseLong(m.group(1));
    long kbit =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "kbit" -> n;
          case "mbit" -> n * 1_000;
          default -> n * 1_000_000;
        };
    try {
      return new Link(kbit, Integer.parseInt(m.group(3)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--wire-links " + text + ": " + e.getMessage());
    }
  }

  /** The command-line form, e.g. 100mbit/20ms. */
  public String spec() {
    return spec(rateKbit, rttMs);
  }

  private static String spec(long kbit, int rtt) {
    String rate =
        kbit % 1_000_000 == 0
            ? kbit / 1_000_000 + "gbit"
            : kbit % 1_000 == 0 ? kbit / 1_000 + "mbit" : kbit + "kbit";
    return rate + "/" + rtt + "ms";
  }

  /** For tables and ids: "100 Mbit/s, 20 ms RTT". */
  public String label() {
    String rate =
        rateKbit % 1_000_000 == 0
            ? rateKbit / 1_000_000 + " Gbit/s"
            : rateKbit % 1_000 == 0 ? rateKbit / 1_000 + " Mbit/s" : rateKbit + " kbit/s";
    return rate + ", " + rttMs + " ms RTT";
  }

  /** The rate in Mbit/s, as the points' rateMbit parameter. */
  public double rateMbit() {
    return rateKbit / 1000.0;
  }

  public long bytesPerSecond() {
    return rateKbit * 1000 / 8;
  }

  /** The delay the relay adds each way, ns: half the RTT. */
  public long oneWayNs() {
    return rttMs * 1_000_000L / 2;
  }

  /**
   * The token bucket for one direction, as {@code tc qdisc replace dev DEV root} takes it. The
   * bucket holds 1 ms of the rate (at least 16 KiB, ten full frames): a burst no larger than what
   * the line carries in a millisecond. Packets wait in the queue for up to 50 ms of the rate before
   * they are dropped, the buffer of a modest router; TCP recovers from the drops as on a real
   * bottleneck.
   */
  public List<String> tbf() {
    long burst = Math.max(16 * 1024, bytesPerSecond() / 1000);
    return List.of(
        "tbf", "rate", rateKbit + "kbit", "burst", String.valueOf(burst), "latency", "50ms");
  }
}

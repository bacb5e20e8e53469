package org.wirebench.server.load.wire;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.server.load.scenario.SelfRunningScenario.CannotRunException;

/**
 * The veth pair between the two namespaces, by name, and its shaping: a token bucket on each end's
 * egress ({@code tc -n NS}, which works from any namespace, so the client JVM sets each link itself
 * between its cells).
 */
public record Veth(String serverNs, String serverDev, String clientNs, String clientDev) {
  /**
   * Holds both ends' egress to {@code link}'s rate (replacing the last link's bucket).
   *
   * @throws CannotRunException when the kernel refuses the qdisc (no tbf): exit 2
   */
  public void shape(Shell shell, Link link) {
    for (String[] nsDev : ends()) {
      List<String> cmd =
          new ArrayList<>(
              List.of("tc", "-n", nsDev[0], "qdisc", "replace", "dev", nsDev[1], "root"));
      cmd.addAll(link.tbf());
      Shell.Result r = shell.run(cmd);
      if (!r.ok()) {
        throw new CannotRunException(
            "the wire scenario cannot shape its link with tc qdisc "
                + String.join(" ", link.tbf())
                + ": "
                + r.firstLine());
      }
    }
  }

  /** Back to the veth's own queue, unshaped. */
  public void unshape(Shell shell) throws IOException {
    for (String[] nsDev : ends()) {
      shell.check(List.of("tc", "-n", nsDev[0], "qdisc", "del", "dev", nsDev[1], "root"));
    }
  }

  /**
   * What each end's bucket has sent so far, from tc's statistics: {@code down} the server's end
   * (answers), {@code up} the client's (requests): bytes, packets, drops, overlimits. The bucket
   * counts frames as they go on the line, each TCP segment with its own Ethernet, IP and TCP head
   * even when the stack hands it a 64 KiB segment to cut (qdisc_pkt_len): the veth's own counters
   * count such a segment with one head (679 bytes of heads a 223,284-byte answer at 1 Gbit/s, where
   * the bucket counted 4.6% more than the payload).
   */
  public Map<String, Map<String, Long>> sent(Shell shell) throws IOException {
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    String[] way = {"down", "up"};
    String[][] ends = ends();
    for (int i = 0; i < 2; i++) {
      String json =
          shell.check(
              List.of("tc", "-n", ends[i][0], "-s", "-j", "qdisc", "show", "dev", ends[i][1]));
      Qdisc[] qdiscs =
          TC_JSON.readValue(json.substring(Math.max(0, json.indexOf('['))), Qdisc[].class);
      if (qdiscs.length == 0 || qdiscs[0].bytes() == null) {
        throw new IOException("tc gave no byte count for " + ends[i][1] + ": " + json.strip());
      }
      Qdisc q = qdiscs[0];
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("bytes", q.bytes());
      m.put("packets", q.packets());
      m.put("drops", q.drops());
      m.put("overlimits", q.overlimits());
      out.put(way[i], m);
    }
    return out;
  }

  /** The counters of {@code tc -s -j qdisc show}; its other fields are not read. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Qdisc(String kind, Long bytes, Long packets, Long drops, Long overlimits) {}

  private static final ObjectMapper TC_JSON = new ObjectMapper();

  private String[][] ends() {
    return new String[][] {{serverNs, serverDev}, {clientNs, clientDev}};
  }
}

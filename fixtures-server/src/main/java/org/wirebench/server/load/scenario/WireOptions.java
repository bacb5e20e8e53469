package org.wirebench.server.load.scenario;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * What {@code load --scenario wire} varies ({@code org.wirebench.server.load.wire.WireScenario});
 * without a value, quick or full mode's own. Here, beside the other scenarios' options, so that
 * this package does not depend on the wire scenario's.
 */
public final class WireOptions {
  @Option(
      names = "--wire-links",
      split = ",",
      paramLabel = "RATE/RTT",
      description =
          "wire: links as RATE/RTT, 1mbit..10gbit and 0..1000 ms (default: 1gbit/1ms,"
              + "100mbit/20ms,10mbit/80ms; --quick: 1gbit/1ms,10mbit/80ms)")
  public List<String> links;

  @Option(
      names = "--wire-layers",
      split = ",",
      description = "wire: layers (default: osm_mainroads,osm_places; --quick: osm_mainroads)")
  public List<String> layers;

  @Option(
      names = "--wire-formats",
      split = ",",
      description =
          "wire: output formats, registered codec names (default: every codec that carries"
              + " attributes; --quick: gml32,geojson)")
  public List<String> formats;

  @Option(
      names = "--wire-encodings",
      split = ",",
      description =
          "wire: content codings the driver asks for: identity, gzip, br, zstd (default: all"
              + " four; --quick: identity,gzip)")
  public List<String> encodings;

  @Option(
      names = "--wire-counts",
      split = ",",
      description =
          "wire: features an answer, 1.."
              + org.wirebench.server.wfs.WfsHandler.LARGE_PAGE
              + " (the fixture server's large page) (default: 200,5000; --quick: 200)")
  public List<Integer> counts;

  @Option(
      names = "--wire-users",
      split = ",",
      hidden = true,
      description = "old spelling of --users")
  public List<Integer> users;
}

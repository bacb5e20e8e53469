package org.wirebench.server.wfs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.locationtech.jts.geom.Envelope;
import org.wirebench.formats.geo.Dataset;

/** Each layer's extent for the capabilities: computed once from its features (at most 100,000). */
final class Extents {
  private static final int SAMPLE = 100_000;
  private static final Map<String, Envelope> CACHE = new ConcurrentHashMap<>();

  private Extents() {}

  static Envelope of(Dataset d) {
    return CACHE.computeIfAbsent(
        d.name(),
        k -> {
          Envelope e = new Envelope();
          d.features()
              .limit(SAMPLE)
              .forEach(f -> e.expandToInclude(f.geometry().getEnvelopeInternal()));
          return e;
        });
  }
}

package org.wirebench.results;

import java.util.List;
import java.util.Map;

/**
 * The four studies the suite re-runs, each defined once: its figures as published, and its claims
 * made from them. Benchmark names are the {@code BenchmarkMethod} constants' names (bench-core's
 * StudyDefinitionsTest checks each); pair groups and variants are those bench-core's {@code Claims}
 * plans.
 */
public final class Studies {
  /** A claim's equivalence band: a ratio within ±10% is "no difference". */
  public static final double BAND = 0.10;

  /** The layers the GeoServer study measured, with its figures' prefixes. */
  public static final Map<String, String> WFS_LAYERS =
      Map.of("osm_mainroads", "roads", "osm_places", "places");

  public static final Study WFS = WfsStudy.define();
  public static final Study SOAP = SoapStudy.define();
  public static final Study BACKEND = BackendStudy.define();
  public static final Study RASTER = RasterStudy.define();

  private Studies() {}

  /** Every study, in the report's order. */
  public static List<Study> all() {
    return List.of(WFS, SOAP, BACKEND, RASTER);
  }

  /** The study of this name ("WFS", "SOAP", "Backend", "Raster"). */
  public static Study named(String name) {
    for (Study s : all()) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("no study " + name);
  }
}

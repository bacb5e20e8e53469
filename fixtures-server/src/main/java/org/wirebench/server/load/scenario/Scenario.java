package org.wirebench.server.load.scenario;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.wirebench.server.load.LoadPlan;

/** A table of a study as load points: each one request shape at one concurrency. */
public interface Scenario {
  /** wfs or soap. */
  String name();

  /** In run order. */
  List<Point> points();

  /**
   * One cell of the table.
   *
   * @param id unique within the scenario, e.g. osm_mainroads/geojson/32
   * @param params what varies, for the JSON and the report (layer, format, users ...)
   * @param plan the request and model against a server's base URI, before duration settings
   * @param validator checks one response body fully (schema, decoding, values)
   */
  record Point(
      String id,
      Map<String, Object> params,
      Function<URI, LoadPlan> plan,
      LoadPlan.BodyValidator validator) {}
}

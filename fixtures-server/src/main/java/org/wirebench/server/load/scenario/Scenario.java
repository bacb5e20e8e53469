package org.wirebench.server.load.scenario;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.wirebench.results.ScenarioSettings;
import org.wirebench.results.Study;
import org.wirebench.results.TableLayout;
import org.wirebench.server.load.LoadPlan;

/**
 * A study's table as load points, each one request shape at one concurrency. Registered through
 * {@code META-INF/services} ({@link Scenarios}): a class here gets {@code wirebench load
 * --scenario} with its own options, a place in the suite, its results file and its tables in both
 * reports, without naming it anywhere else.
 */
public interface Scenario {
  /** The registry name: --scenario NAME, load-NAME.json. */
  String name();

  /**
   * One line for --help: the study and what varies. A figure it quotes is read from {@link
   * #study()} (ScenarioDescriptionTest), never written twice.
   */
  String description();

  /**
   * The study this scenario re-runs, whose figures its description and defaults quote; null when it
   * re-runs none.
   */
  default Study study() {
    return null;
  }

  /** The documented quick (minutes) or full (the study's) settings. */
  ScenarioSettings settings(boolean quick);

  /** How the reports tabulate this scenario's points. */
  TableLayout table();

  /**
   * A new object holding this scenario's own command-line options ({@code @Option} fields named so
   * that they clash with no other scenario's, e.g. {@code --wms-users}), or null when it has none.
   * {@code load} adds one for every registered scenario to its options ({@link ScenarioOptions});
   * {@link #points} reads its own back with {@link ScenarioOptions#own}.
   */
  default Object newOptions() {
    return null;
  }

  /**
   * The points for these options, in run order.
   *
   * @throws IllegalArgumentException naming an option value this scenario cannot run
   */
  List<Point> points(ScenarioOptions options);

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

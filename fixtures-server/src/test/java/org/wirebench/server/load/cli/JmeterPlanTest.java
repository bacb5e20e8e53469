package org.wirebench.server.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.Mains;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.Scenarios;

/**
 * {@code load --scenario NAME --jmeter-plan DIR} writes the scenario's points as a JMeter plan that
 * ends by itself: one thread group a point (its id, users, a bounded loop), the request (a CSV
 * request list for rotating points, the body for POSTs), the expected status. (Run under JMeter
 * 5.6.3 by hand: docs/server.md.)
 */
class JmeterPlanTest {
  @TempDir Path tmp;

  /** A thread group's settings as written. */
  private record Group(String name, Map<String, String> props, List<String> paths) {}

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wfs", "soap", "finding", "wms"})
  void everyScenarioIsAPlanThatEndsByItself(String name) throws Exception {
    int exit =
        Mains.execute(
            new LoadCommand(),
            new String[] {
              "--scenario",
              name,
              "--quick",
              "--server",
              "http://wfs.example:9090/",
              "--jmeter-plan",
              tmp.toString()
            });
    assertEquals(0, exit);
    Path jmx = tmp.resolve(name + ".jmx");
    List<Group> groups = read(jmx);
    ScenarioOptions quick = new ScenarioOptions();
    new picocli.CommandLine(quick).parseArgs("--quick");
    List<Scenario.Point> points = Scenarios.get(name).points(quick);
    assertEquals(points.size(), groups.size());
    boolean counted = Scenarios.get(name).settings(true).counted();
    for (int i = 0; i < groups.size(); i++) {
      Group g = groups.get(i);
      Scenario.Point p = points.get(i);
      assertEquals(p.id(), g.name());
      assertEquals("false", g.props().get("LoopController.continue_forever"), g.name());
      assertEquals(
          Integer.toString(p.plan().apply(java.net.URI.create("http://wfs.example:9090/")).users()),
          g.props().get("ThreadGroup.num_threads"));
      if (counted) {
        assertTrue(Long.parseLong(g.props().get("LoopController.loops")) > 0, g.name());
        assertEquals("false", g.props().get("ThreadGroup.scheduler"));
      } else {
        assertEquals("-1", g.props().get("LoopController.loops"));
        assertEquals("true", g.props().get("ThreadGroup.scheduler"));
        assertTrue(Long.parseLong(g.props().get("ThreadGroup.duration")) > 0, g.name());
      }
      assertEquals("${__P(host,wfs.example)}", g.props().get("HTTPSampler.domain"));
      assertEquals("${__P(port,9090)}", g.props().get("HTTPSampler.port"));
      int targets = p.plan().apply(java.net.URI.create("http://wfs.example:9090/")).targetCount();
      if (targets > 1) {
        assertEquals("${request}", g.props().get("HTTPSampler.path"));
        List<String> lines = Files.readAllLines(tmp.resolve(g.props().get("filename")));
        assertEquals(targets, lines.size());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("/") && !l.contains("\t")));
      } else {
        assertTrue(g.props().get("HTTPSampler.path").startsWith("/"), g.props().toString());
      }
      assertEquals("Assertion.response_code", g.props().get("Assertion.test_field"));
      if (name.equals("soap")) {
        assertEquals("POST", g.props().get("HTTPSampler.method"));
        assertTrue(g.props().get("Argument.value").contains("Envelope"), g.name());
        assertTrue(g.props().containsKey("Header.value"), "SOAPAction and Content-Type");
      }
    }
  }

  /** Each thread group's properties (the last value of a name wins) in document order. */
  private static List<Group> read(Path jmx) throws Exception {
    List<Group> groups = new ArrayList<>();
    try (InputStream in = Files.newInputStream(jmx)) {
      XMLStreamReader r = XmlFactories.reader(in);
      Group current = null;
      while (r.hasNext()) {
        if (r.next() != XMLStreamConstants.START_ELEMENT) {
          continue;
        }
        if (r.getLocalName().equals("ThreadGroup")) {
          current = new Group(r.getAttributeValue(null, "testname"), new HashMap<>(), List.of());
          groups.add(current);
        } else if (current != null
            && r.getLocalName().endsWith("Prop")
            && r.getAttributeValue(null, "name") != null
            && !r.getLocalName().equals("elementProp")
            && !r.getLocalName().equals("collectionProp")) {
          current.props().put(r.getAttributeValue(null, "name"), r.getElementText());
        }
      }
    }
    assertFalse(groups.isEmpty());
    return groups;
  }
}

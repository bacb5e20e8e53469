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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.Mains;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.Scenarios;

/**
 * {@code load --scenario NAME --jmeter-plan DIR} writes the scenario's points as a JMeter plan that
 * ends by itself: one thread group a point (its id, users, a bounded loop), the request (a CSV
 * request list for rotating points, the body for POSTs), the checks a live server's answers give
 * (status, content type, length bounds, one outline check a thread), the warm-up and engines for
 * jmeter-import. (Run under JMeter 5.6.2: ./mvnw -Pjmeter verify, docs/jmeter.md.)
 */
class JmeterPlanTest {
  @TempDir Path tmp;

  private static FixtureServer server;
  private static String host;
  private static String port;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults()).start();
    host = server.uri().getHost();
    port = Integer.toString(server.uri().getPort());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  /** A thread group's settings as written: the last value of each name, and all of them. */
  private record Group(String name, Map<String, String> props, Map<String, List<String>> all) {
    List<String> all(String key) {
      return all.getOrDefault(key, List.of());
    }
  }

  /**
   * The options each scenario is exported with: its quick points, the wms list cut to 10 requests a
   * point (each request is drawn once to learn its answer's size: the quick list's 1,600 maps took
   * 21 s and show nothing 80 do not).
   */
  private static List<String> options(String name) {
    return name.equals("wms") ? List.of("--quick", "--requests", "10") : List.of("--quick");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wfs", "soap", "finding", "wms"})
  void everyScenarioIsAPlanThatEndsByItself(String name) throws Exception {
    List<String> args = new ArrayList<>(List.of("--scenario", name));
    args.addAll(options(name));
    args.addAll(List.of("--server", server.uri().toString(), "--jmeter-plan", tmp.toString()));
    int exit = Mains.execute(new LoadCommand(), args.toArray(String[]::new));
    assertEquals(0, exit);
    Path jmx = tmp.resolve(name + ".jmx");
    List<Group> groups = read(jmx);
    ScenarioOptions quick = new ScenarioOptions();
    new picocli.CommandLine(quick).parseArgs(options(name).toArray(String[]::new));
    List<Scenario.Point> points = Scenarios.get(name).points(quick);
    assertEquals(points.size(), groups.size());
    boolean counted = Scenarios.get(name).settings(true).counted();
    // what jmeter-import drops of each point, as the runner would
    org.wirebench.server.load.JmeterPlanVariables warmup =
        org.wirebench.server.load.JmeterPlanVariables.read(jmx);
    org.wirebench.results.ScenarioSettings quickSettings = Scenarios.get(name).settings(true);
    assertEquals(counted ? 0 : quickSettings.warmupMs(), warmup.warmupMs(), "warm-up ms");
    assertEquals(
        counted ? quickSettings.warmupRequests() : 0, warmup.warmupRequests(), "warm-up requests");
    for (int i = 0; i < groups.size(); i++) {
      Group g = groups.get(i);
      Scenario.Point p = points.get(i);
      assertEquals(p.id(), g.name());
      assertEquals("false", g.props().get("LoopController.continue_forever"), g.name());
      assertEquals(
          Integer.toString(p.plan().apply(server.uri()).users()),
          g.props().get("ThreadGroup.num_threads"));
      if (counted) {
        assertTrue(Long.parseLong(g.props().get("LoopController.loops")) > 0, g.name());
        assertEquals("false", g.props().get("ThreadGroup.scheduler"));
      } else {
        assertEquals("-1", g.props().get("LoopController.loops"));
        assertEquals("true", g.props().get("ThreadGroup.scheduler"));
        assertTrue(Long.parseLong(g.props().get("ThreadGroup.duration")) > 0, g.name());
      }
      assertEquals("${__P(host," + host + ")}", g.props().get("HTTPSampler.domain"));
      assertEquals("${__P(port," + port + ")}", g.props().get("HTTPSampler.port"));
      int targets = p.plan().apply(server.uri()).targetCount();
      if (targets > 1) {
        assertEquals("${request}", g.props().get("HTTPSampler.path"));
        List<String> lines = Files.readAllLines(tmp.resolve(g.props().get("filename")));
        assertEquals(targets, lines.size());
        for (String line : lines) {
          // path, fewest and most bytes of a good answer
          String[] fields = line.split("\t");
          assertEquals(3, fields.length, line);
          assertTrue(fields[0].startsWith("/"), line);
          assertTrue(Long.parseLong(fields[1]) > 0, line);
          assertTrue(Long.parseLong(fields[2]) >= Long.parseLong(fields[1]), line);
        }
        assertEquals(List.of("${minBytes}", "${maxBytes}"), g.all("SizeAssertion.size"));
      } else {
        assertTrue(g.props().get("HTTPSampler.path").startsWith("/"), g.props().toString());
        List<String> sizes = g.all("SizeAssertion.size");
        assertEquals(2, sizes.size(), g.name());
        assertTrue(Long.parseLong(sizes.get(0)) > 0, g.name());
        assertTrue(Long.parseLong(sizes.get(1)) >= Long.parseLong(sizes.get(0)), g.name());
      }
      assertEquals(List.of("5", "6"), g.all("SizeAssertion.operator"), ">= and <=");
      List<String> fields = g.all("Assertion.test_field");
      assertTrue(fields.contains("Assertion.response_code"), fields.toString());
      assertTrue(fields.contains("Assertion.response_headers"), "content type: " + fields);
      assertTrue(
          g.all("0").stream().anyMatch(v -> v.startsWith("(?i)Content-Type: *")),
          g.all("0").toString());
      // one structural check a thread, under its own label, for every textual answer
      boolean images = name.equals("wms");
      assertEquals(
          images ? 0 : 1,
          g.all("XPath.xpath").size() + g.all("JSON_PATH").size(),
          g.name() + ": " + g.all("XPath.xpath") + g.all("JSON_PATH"));
      if (name.equals("soap")) {
        assertEquals("POST", g.props().get("HTTPSampler.method"));
        assertTrue(g.props().get("Argument.value").contains("Envelope"), g.name());
        assertTrue(g.props().containsKey("Header.value"), "SOAPAction and Content-Type");
      }
    }
  }

  @org.junit.jupiter.api.Test
  void aDistributedPlanGivesEachEngineItsShareOfTheUsers() throws Exception {
    String[] args = {
      "--scenario",
      "wfs",
      "--layers",
      "osm_places",
      "--formats",
      "geojson",
      "--users",
      "8",
      "--server",
      server.uri().toString(),
      "--jmeter-plan",
      tmp.toString(),
      "--jmeter-engines",
      "2"
    };
    assertEquals(0, Mains.execute(new LoadCommand(), args));
    Path jmx = tmp.resolve("wfs.jmx");
    Group g = read(jmx).get(0);
    assertEquals("osm_places/geojson/8", g.name(), "the label keeps the point's total users");
    assertEquals("4", g.props().get("ThreadGroup.num_threads"));
    assertEquals(2, org.wirebench.server.load.JmeterPlanVariables.read(jmx).engines());
    args[7] = "5";
    assertEquals(2, Mains.execute(new LoadCommand(), args), "5 users do not split over 2");
    assertEquals(
        2,
        Mains.execute(
            new LoadCommand(),
            new String[] {"--scenario", "wfs", "--quick", "--jmeter-engines", "2"}),
        "--jmeter-engines without --jmeter-plan");
  }

  /**
   * The command printed to run the plan makes JMeter stamp each sample at its start, which
   * jmeter-import takes by default (--timestamps start): JMeter's own default stamps the end, so
   * the printed command's results were read with every sample shifted by its own time.
   */
  @org.junit.jupiter.api.Test
  void thePrintedCommandStampsSamplesAsTheImportReadsThem() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out = System.out;
    int exit;
    try (java.io.PrintStream capture = new java.io.PrintStream(bytes, true, "UTF-8")) {
      System.setOut(capture);
      exit =
          Mains.execute(
              new LoadCommand(),
              new String[] {
                "--scenario",
                "finding",
                "--quick",
                "--finding-formats",
                "json",
                "--server",
                server.uri().toString(),
                "--jmeter-plan",
                tmp.toString()
              });
    } finally {
      System.setOut(out);
    }
    assertEquals(0, exit);
    String printed = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(printed.contains(" -Jsampleresult.timestamp.start=true "), printed);
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
          current =
              new Group(r.getAttributeValue(null, "testname"), new HashMap<>(), new HashMap<>());
          groups.add(current);
        } else if (current != null
            && r.getLocalName().endsWith("Prop")
            && r.getAttributeValue(null, "name") != null
            && !r.getLocalName().equals("elementProp")
            && !r.getLocalName().equals("collectionProp")) {
          String key = r.getAttributeValue(null, "name");
          String value = r.getElementText();
          current.props().put(key, value);
          current.all.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
      }
    }
    assertFalse(groups.isEmpty());
    return groups;
  }
}

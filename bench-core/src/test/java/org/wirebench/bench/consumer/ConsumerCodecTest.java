package org.wirebench.bench.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.wirebench.bench.cli.WirebenchCli;
import org.wirebench.bench.geo.GeoEncodingBenchmark;
import org.wirebench.bench.geo.PayloadSizeRecorder;
import org.wirebench.bench.report.ReportWriter;
import org.wirebench.bench.suite.BenchmarkParams;
import org.wirebench.bench.suite.EnvironmentCapture;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.codec.Conformance;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PayloadSizes;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunRecord;
import org.wirebench.server.ParentWatch;
import org.wirebench.server.load.scenario.Scenario;
import org.wirebench.server.load.scenario.ScenarioOptions;
import org.wirebench.server.load.scenario.Scenarios;
import org.wirebench.server.wfs.WfsHandler;
import picocli.CommandLine;

/**
 * The redesign's target (issue 25): a codec a consumer adds is one class ({@link GeoJsonSeqCodec})
 * and one service line ({@code consumer-jar/META-INF/services}), and with no other file edited it
 * is in the WFS capabilities, taken by {@code load --scenario wfs --formats}, by the encoder
 * benchmark's {@code -p codec=} and its run, and in the report. The checks run in a JVM of their
 * own with {@code consumer-jar} on its class path, as a consumer's jar would be, so that no other
 * test of this module sees the codec; each check says whether it passed.
 */
class ConsumerCodecTest {
  private static final String NAME = "geojson-seq";

  @Test
  void oneClassAndOneServiceLineReachEveryConsumer(@TempDir Path tmp) throws Exception {
    Path jar = Path.of(ConsumerCodecTest.class.getResource("/consumer-jar").toURI());
    Path log = tmp.resolve("checks.log");
    Process checks =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                jar + File.pathSeparator + System.getProperty("java.class.path"),
                Checks.class.getName(),
                Files.createDirectory(tmp.resolve("run")).toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      assertTrue(checks.waitFor(300, TimeUnit.SECONDS), "the checks did not end in 300 s");
    } finally {
      checks.destroyForcibly();
    }
    String out = Files.readString(log);
    for (String check : Checks.NAMES) {
      assertTrue(out.contains("ok: " + check + "\n"), check + " did not pass:\n" + out);
    }
    assertEquals(0, checks.exitValue(), out);
  }

  /** What the JVM with the consumer's jar runs; exits 1 if a check failed. */
  public static final class Checks {
    static final List<String> NAMES =
        List.of(
            "registered",
            "capabilities",
            "load --scenario wfs --formats",
            "-p codec=",
            "report",
            "encode --help");

    public static void main(String[] args) throws Exception {
      ParentWatch.exitWhenEnded(System.in, "consumer codec checks");
      Path run = Path.of(args[0]);
      Server server = new Server();
      LocalConnector local = new LocalConnector(server);
      server.addConnector(local);
      server.setHandler(new WfsHandler());
      server.start();
      Map<String, Check> checks = new LinkedHashMap<>();
      checks.put(NAMES.get(0), () -> assertEquals(NAME, GeoCodecs.get(NAME).name()));
      checks.put(NAMES.get(1), () -> capabilities(local));
      checks.put(NAMES.get(2), () -> scenario(local));
      checks.put(NAMES.get(3), Checks::benchmarkParameter);
      checks.put(NAMES.get(4), () -> report(run));
      checks.put(NAMES.get(5), Checks::encodeHelp);
      int failed = 0;
      for (Map.Entry<String, Check> c : checks.entrySet()) {
        long started = System.nanoTime();
        try {
          c.getValue().run();
          System.out.println("ok: " + c.getKey());
          System.out.println("  " + (System.nanoTime() - started) / 1_000_000 + " ms");
        } catch (Throwable t) {
          failed++;
          System.out.println("FAILED: " + c.getKey() + ": " + t);
          t.printStackTrace(System.out);
        }
      }
      server.stop();
      System.exit(failed == 0 ? 0 : 1);
    }

    private interface Check {
      void run() throws Exception;
    }

    /**
     * Listed where a codec declaring nothing is (WFS 1.1.0 and 2.0.0, whose outputFormat is free
     * text; 1.0.0's schema lists GML2 alone), and served under the name listed. (WfsServerTest
     * validates the documents against the OGC schemas.)
     */
    private static void capabilities(LocalConnector local) throws Exception {
      String value = "<ows:Value>" + NAME + "</ows:Value>";
      String v2 = capabilities(local, "2.0.0");
      assertTrue(v2.contains(value), v2);
      String v11 = capabilities(local, "1.1.0");
      assertTrue(v11.contains(value), v11);
      assertTrue(v11.contains("<wfs:Format>" + NAME + "</wfs:Format>"), "per feature type: " + v11);
      String v1 = capabilities(local, "1.0.0");
      assertTrue(v1.contains("<ResultFormat><GML2/></ResultFormat>"), v1);
      Dataset places = Datasets.get("osm_places");
      HttpTester.Response r =
          get(
              local,
              "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_places&count=5"
                  + "&outputFormat="
                  + NAME);
      assertEquals(200, r.getStatus(), r.getContent());
      assertEquals("application/geo+json-seq", r.get("Content-Type"));
      Conformance.verify(
          GeoCodecs.get(NAME), places.featureType(), places.take(5), r.getContentBytes());
    }

    private static String capabilities(LocalConnector local, String version) throws Exception {
      HttpTester.Response r =
          get(local, "/ows?service=WFS&request=GetCapabilities&version=" + version);
      assertEquals(200, r.getStatus(), r.getContent());
      return r.getContent();
    }

    /** The scenario's options as load parses them; its point asks for the codec and validates. */
    private static void scenario(LocalConnector local) throws Exception {
      ScenarioOptions o = new ScenarioOptions();
      new CommandLine(o)
          .parseArgs("--formats", NAME, "--layers", "osm_places", "--users", "2", "--count", "5");
      List<Scenario.Point> points = Scenarios.get("wfs").points(o);
      assertEquals(1, points.size());
      Scenario.Point p = points.get(0);
      assertEquals(NAME, p.params().get("format"));
      URI target = p.plan().apply(URI.create("http://127.0.0.1/")).target();
      HttpTester.Response r = get(local, target.getRawPath() + "?" + target.getRawQuery());
      assertEquals(200, r.getStatus(), r.getContent());
      assertNull(p.validator().problem(r.getContentBytes()));
    }

    /** Taken by -p codec= (and a misspelt name still refused), as suite and profile check it. */
    private static void benchmarkParameter() {
      BenchmarkParams.check("GeoEncodingBenchmark", Map.of("codec", new String[] {NAME}));
      assertThrows(
          IllegalArgumentException.class,
          () ->
              BenchmarkParams.check(
                  "GeoEncodingBenchmark", Map.of("codec", new String[] {NAME + "x"})));
    }

    /** A short in-process JMH run of the codec, its sizes recorded, through the report. */
    private static void report(Path run) throws Exception {
      System.setProperty("jmh.ignoreLock", "true");
      new Runner(
              new OptionsBuilder()
                  .include(GeoEncodingBenchmark.ENCODE.fullName())
                  .param("dataset", "osm_places")
                  .param("codec", NAME)
                  .param("count", "20")
                  .forks(0)
                  .warmupIterations(0)
                  .measurementIterations(1)
                  .measurementTime(TimeValue.milliseconds(50))
                  .resultFormat(ResultFormatType.JSON)
                  .result(run.resolve(JmhResult.FILE).toString())
                  .build())
          .run();
      PayloadSizeRecorder.record(JmhResult.readAll(run.resolve(JmhResult.FILE)))
          .write(run.resolve(PayloadSizes.FILE));
      EnvironmentCapture.captureLoadOnly("consumer", ZonedDateTime.now(ZoneOffset.UTC), Map.of())
          .write(run.resolve(RunEnvironment.FILE));
      ReportWriter.write(RunRecord.read(run), run, "consumer");
      String md = Files.readString(run.resolve("report.md"), StandardCharsets.UTF_8);
      GeoCodec codec = GeoCodecs.get(NAME);
      Dataset places = Datasets.get("osm_places");
      int bytes =
          Conformance.check(
                  codec, FeatureCollection.of(places.featureType(), places.take(20), Instant.EPOCH))
              .length;
      // its row: the codec, its time, its bytes, its gzipped bytes as sizes.json recorded them
      assertTrue(
          Pattern.compile("\\| " + NAME + " \\| [^|]+ \\| " + bytes + " \\| \\d+ \\|")
              .matcher(md)
              .find(),
          md);
    }

    /**
     * Listed by the command line's help for {@code encode --format}, where a newcomer looks for the
     * codec they just registered (it listed the built-ins by hand, a plug-in's as "or a
     * plug-in's").
     */
    private static void encodeHelp() {
      CommandLine encode = WirebenchCli.commandLine().getSubcommands().get("encode");
      // the description as the help shows it, before wrapping: "…: name, name, …"
      String format =
          String.join(" ", encode.getCommandSpec().findOption("--format").description());
      List<String> listed = List.of(format.substring(format.indexOf(": ") + 2).split(", "));
      assertTrue(listed.contains(NAME), format);
    }

    private static HttpTester.Response get(LocalConnector local, String pathAndQuery)
        throws Exception {
      return HttpTester.parseResponse(
          local.getResponse(
              "GET " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
              30,
              TimeUnit.SECONDS));
    }
  }
}

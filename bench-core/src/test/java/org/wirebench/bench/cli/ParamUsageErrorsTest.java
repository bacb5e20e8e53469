package org.wirebench.bench.cli;

import static org.wirebench.bench.cli.UsageRefusals.with;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.suite.BenchmarkParams;

/**
 * The benchmarks' parameters (-p, suite and profile) and profile's --benchmark: a value no
 * benchmark takes is refused in one line (exit 2) before any fork, never by a fork that fails on it
 * with a stack trace; the values they take are accepted.
 */
class ParamUsageErrorsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** Exit 2, one line naming {@code expected}, nothing written under the results root. */
  private void refused(String expected, String... args) throws Exception {
    UsageRefusals.refused(cli, tmp, expected, args);
  }

  @Test
  void anUnknownParameterValueIsRefusedBeforeAnyFork() throws Exception {
    String root = tmp.toString();
    refused(
        "-p codec=nosuch: unknown codec 'nosuch'; valid: ",
        "suite",
        "-p",
        "codec=nosuch",
        "--load",
        "none",
        "--out",
        root);
    refused(
        "-p codec=nosuch",
        "profile",
        "--benchmark",
        "GeoEncodingBenchmark",
        "-p",
        "codec=nosuch",
        "--out",
        root);
    refused(
        "-p dataset=osm_lakes",
        "suite",
        "--quick",
        "-p",
        "dataset=osm_places,osm_lakes",
        "--out",
        root);
    refused(
        "-p count=abc: GeoEncodingBenchmark takes a whole number 1..1000000",
        "suite",
        "-p",
        "count=abc",
        "--out",
        root);
    refused("-p count=0", "profile", "--benchmark", "GeoEncodingBenchmark", "-p", "count=0");
    // one range of a SOAP array's size, soap-request's and the server's: CXF refuses more items
    refused(
        "-p size=50001: DatabindingBenchmark takes a whole number 1..50000",
        "profile",
        "--benchmark",
        "DatabindingBenchmark",
        "-p",
        "size=50001");
    refused(
        "-p operation=echoNothing: DatabindingBenchmark takes one of ints,",
        "suite",
        "--include",
        "DatabindingBenchmark",
        "-p",
        "operation=echoNothing",
        "--out",
        root);
    refused(
        "-p codec=gml2: JpegCodecBenchmark takes one of jdk, twelvemonkeys",
        "profile",
        "--benchmark",
        "GeoEncodingBenchmark|JpegCodecBenchmark",
        "-p",
        "codec=gml2");
    refused("-p stack=", "suite", "-p", "stack=cxf-jaxb,", "--out", root);
  }

  @Test
  void valuesTheBenchmarksTakeAreAccepted() {
    BenchmarkParams.check(
        "GeoEncodingBenchmark|DatabindingBenchmark|BackendResponseBenchmark|RasterBenchmark",
        Map.of(
            "codec", new String[] {"gml2", "gml32-floor", "floor"},
            "dataset", new String[] {"helsinki_pois"},
            "count", new String[] {"1", "50000"},
            "size", new String[] {"1", "7", "50000"},
            "backendFormat", new String[] {"protobuf"},
            "upscale", new String[] {"4"},
            "srs", new String[] {"EPSG:3857"}));
  }

  @Test
  void aParameterGivenTwiceOrAValueNamedTwiceIsRefused() throws Exception {
    // the map kept the last -p silently; a value twice in one list would be measured twice
    String[] suite = {"suite", "--include", "GeoEncodingBenchmark", "--out", tmp.toString()};
    String[] profile = {"profile", "--benchmark", "GeoEncodingBenchmark", "--out", tmp.toString()};
    for (String[] command : new String[][] {suite, profile}) {
      refused(
          "-p codec given twice (codec=gml2 and codec=geojson)",
          with(new String[] {"-p", "codec=gml2", "-p", "codec=geojson"}, command));
      refused(
          "-p codec=gml2,gml2 names gml2 twice",
          with(new String[] {"-p", "codec=gml2,gml2"}, command));
      refused("-p 'codec' is not NAME=V1,V2", with(new String[] {"-p", "codec"}, command));
    }
  }

  @Test
  void aProfileBenchmarkThatIsNoRegexOrEmptyIsRefusedInOneLine() throws Exception {
    // "[" once failed inside JMH (exit 1, three lines), "" as "a suite needs a name ..." (exit 1)
    String root = tmp.toString();
    refused("--benchmark '[' is not a regex", "profile", "--out", root, "--benchmark", "[");
    refused("--benchmark is empty", "profile", "--out", root, "--benchmark", "");
  }
}

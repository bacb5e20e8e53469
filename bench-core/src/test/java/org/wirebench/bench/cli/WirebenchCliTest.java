package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodecs;
import picocli.CommandLine;

/** The CLI against the shared golden payloads, and its answers to bad input. */
class WirebenchCliTest {
  @TempDir Path tmp;

  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cli = WirebenchCli.commandLine();
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  static Stream<Arguments> goldens() {
    return Datasets.registry().names().stream()
        .flatMap(d -> GeoCodecs.registry().names().stream().map(c -> Arguments.of(d, c)));
  }

  @ParameterizedTest(name = "encode {0} as {1}")
  @MethodSource("goldens")
  void encodeWritesTheGoldenBytes(String dataset, String codec) throws Exception {
    Path out = tmp.resolve("out");
    int exit =
        run(
            "encode",
            "--dataset",
            dataset,
            "--format",
            codec,
            "--count",
            "3",
            "--time-stamp",
            "2026-01-01T00:00:00Z",
            "--out",
            out.toString());
    assertEquals(0, exit, err::toString);
    String ext = GeoCodecs.get(codec).fileExtension();
    Path golden = root().resolve("src/test/golden/" + dataset + "." + codec + "." + ext);
    // bytes: a FlatGeobuf golden is binary, and Files.readString refuses what is not UTF-8
    byte[] expected = Files.readAllBytes(golden);
    byte[] actual = Files.readAllBytes(out);
    if (!Arrays.equals(expected, actual)) {
      assertEquals(
          new String(expected, StandardCharsets.UTF_8), new String(actual, StandardCharsets.UTF_8));
    }
    assertArrayEquals(expected, actual, golden::toString);
  }

  @Test
  void unknownFormatExitsWith2AndListsTheValidOnes() {
    assertEquals(2, run("encode", "--dataset", "osm_places", "--format", "kml"));
    assertTrue(
        err.toString().contains("unknown codec 'kml'; valid: gml2, gml31, gml32, geojson"),
        err::toString);
  }

  @Test
  void unknownDatasetExitsWith2AndListsTheValidOnes() {
    assertEquals(2, run("schema", "--dataset", "roads", "--format", "gml2"));
    assertTrue(
        err.toString().contains("unknown dataset 'roads'; valid: osm_mainroads, osm_places"),
        err::toString);
  }

  @Test
  void countOutOfRangeExitsWith2() {
    assertEquals(2, run("encode", "--dataset", "osm_places", "--format", "gml2", "--count", "0"));
    assertTrue(err.toString().contains("--count must be 1..1000000, was 0"), err::toString);
  }

  /** wms-requests writes the seeded list; an SRS without one is refused by name with exit 2. */
  @Test
  void wmsRequestsWritesTheSeededListAndRefusesOtherSrs() throws Exception {
    Path out = tmp.resolve("requests.txt");
    assertEquals(
        0,
        run(
            "wms-requests",
            "--srs",
            "EPSG:900913",
            "--count",
            "20",
            "--seed",
            "3",
            "--out",
            "" + out),
        err::toString);
    java.util.List<String> rows = Files.readAllLines(out);
    assertEquals(20, rows.size());
    assertEquals(
        org.wirebench.formats.raster.WmsRequestList.generate(
                org.wirebench.formats.raster.WmsRequestList.Srs.EPSG_3857, 20, 3)
            .get(0)
            .row(org.wirebench.formats.raster.WmsRequestList.Srs.EPSG_3857),
        rows.get(0));
    assertEquals(2, run("wms-requests", "--srs", "EPSG:2056"));
    assertTrue(err.toString().contains("EPSG:2056"), err::toString);
  }

  @Test
  void schemaOfANonXmlFormatExitsWith2() {
    assertEquals(2, run("schema", "--dataset", "osm_places", "--format", "geojson"));
    assertTrue(err.toString().contains("valid: gml2, gml31, gml32, jts-gml2"), err::toString);
  }

  @Test
  void anUnwritableOutputIsOneLineAndExit1() {
    assertEquals(
        1,
        run(
            "encode",
            "--dataset",
            "osm_places",
            "--format",
            "gml2",
            "--out",
            tmp.resolve("missing-dir/out.xml").toString()));
    assertTrue(err.toString().startsWith("wirebench encode: cannot use "), err::toString);
    assertTrue(err.toString().contains("NoSuchFileException"), err::toString);
    assertEquals(1, err.toString().strip().lines().count(), err::toString);
  }

  private static Path root() {
    String root = System.getProperty("wirebench.root");
    return root == null ? Path.of("..") : Path.of(root);
  }
}

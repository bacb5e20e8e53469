package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/** The CLI against the shared golden payloads, and its answers to bad input. */
class WirebenchCliTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  static Stream<Arguments> goldens() {
    return Datasets.registry().names().stream()
        .flatMap(d -> GeoCodecs.registry().names().stream().map(c -> Arguments.of(d, c)));
  }

  @ParameterizedTest(name = "encode {0} as {1}")
  @MethodSource("goldens")
  void encodeWritesTheGoldenBytes(String dataset, String codec) throws Exception {
    Path out = tmp.resolve("out");
    java.util.List<String> args =
        new java.util.ArrayList<>(
            java.util.List.of(
                "encode",
                "--dataset",
                dataset,
                "--format",
                codec,
                "--count",
                "3",
                "--out",
                "" + out));
    if (GeoCodecs.get(codec).writesTimeStamp()) {
      args.addAll(java.util.List.of("--time-stamp", "2026-01-01T00:00:00Z"));
    }
    int exit = cli.run(args.toArray(String[]::new));
    assertEquals(0, exit, cli::err);
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
    assertEquals(2, cli.run("encode", "--dataset", "osm_places", "--format", "kml"));
    assertTrue(
        cli.err().contains("unknown codec 'kml'; valid: gml2, gml31, gml32, geojson"), cli::err);
  }

  @Test
  void unknownDatasetExitsWith2AndListsTheValidOnes() {
    assertEquals(2, cli.run("schema", "--dataset", "roads", "--format", "gml2"));
    assertTrue(
        cli.err().contains("unknown dataset 'roads'; valid: osm_mainroads, osm_places"), cli::err);
  }

  @Test
  void countOutOfRangeExitsWith2() {
    assertEquals(
        2, cli.run("encode", "--dataset", "osm_places", "--format", "gml2", "--count", "0"));
    assertTrue(cli.err().contains("--count must be 1..1000000, was 0"), cli::err);
  }

  /** wms-requests writes the seeded list; an SRS without one is refused by name with exit 2. */
  @Test
  void wmsRequestsWritesTheSeededListAndRefusesOtherSrs() throws Exception {
    Path out = tmp.resolve("requests.txt");
    assertEquals(
        0,
        cli.run(
            "wms-requests",
            "--srs",
            "EPSG:900913",
            "--count",
            "20",
            "--seed",
            "3",
            "--out",
            "" + out),
        cli::err);
    java.util.List<String> rows = Files.readAllLines(out);
    assertEquals(20, rows.size());
    assertEquals(
        org.wirebench.formats.raster.WmsRequestList.generate(
                org.wirebench.formats.raster.WmsRequestList.Srs.EPSG_3857, 20, 3)
            .get(0)
            .row(org.wirebench.formats.raster.WmsRequestList.Srs.EPSG_3857),
        rows.get(0));
    assertEquals(2, cli.run("wms-requests", "--srs", "EPSG:2056"));
    assertTrue(cli.err().contains("EPSG:2056"), cli::err);
  }

  @Test
  void schemaOfANonXmlFormatExitsWith2() {
    assertEquals(2, cli.run("schema", "--dataset", "osm_places", "--format", "geojson"));
    assertTrue(cli.err().contains("valid: gml2, gml31, gml32, jts-gml2"), cli::err);
  }

  @Test
  void anOutputWhoseFolderIsMissingIsOneLineAndExit2() {
    assertEquals(
        2,
        cli.run(
            "encode",
            "--dataset",
            "osm_places",
            "--format",
            "gml2",
            "--out",
            tmp.resolve("missing-dir/out.xml").toString()));
    assertTrue(cli.err().startsWith("wirebench encode: --out "), cli::err);
    assertTrue(cli.err().contains("missing-dir does not exist"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
  }

  /**
   * Every command's help offers {@code -V, --version}: each prints the command line's version, as
   * {@code wirebench --version} does (they printed nothing, exit 0).
   */
  @Test
  void everyCommandsVersionOptionPrintsTheVersion() {
    assertEquals(0, cli.run("--version"), cli::err);
    String version = cli.out().strip();
    assertTrue(version.startsWith("wirebench "), version);
    for (String command : WirebenchCli.commandLine().getSubcommands().keySet()) {
      assertEquals(0, cli.run(command, "--version"), cli::err);
      assertEquals(version, cli.out().strip(), command + " --version");
    }
  }

  private static Path root() {
    String root = System.getProperty("wirebench.root");
    return root == null ? Path.of("..") : Path.of(root);
  }
}

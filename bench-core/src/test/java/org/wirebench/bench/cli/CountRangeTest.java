package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;

/**
 * A feature count's bound and the generated datasets' size are one fact, {@link
 * Datasets#GENERATED_SIZE}: encode, encode-loop and a benchmark's {@code -p count} take counts up
 * to it and refuse the next in the same range, their help says so, and no registered dataset holds
 * more, so a count in range is cut short by none of the generated ones. It was written three times
 * (EncodeCommand.MAX_COUNT, ParamValues' range, GeneratedDataset.SIZE) and twice more in help text.
 */
class CountRangeTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  @Test
  void everyCountStopsAtTheGeneratedDatasetsSize() throws Exception {
    int max = Datasets.GENERATED_SIZE;
    assertEquals(max, Datasets.get("osm_places").size());
    assertEquals(max, Datasets.get("osm_mainroads").size());
    for (Dataset d : Datasets.registry().all()) {
      assertTrue(d.size() <= max, d.name() + " holds " + d.size());
    }
    String above = String.valueOf(max + 1);
    String range = "1.." + max;
    UsageRefusals.refused(
        cli,
        tmp,
        "--count must be " + range + ", was " + above,
        "encode",
        "--dataset",
        "osm_places",
        "--format",
        "gml2",
        "--count",
        above);
    UsageRefusals.refused(
        cli,
        tmp,
        "--count must be " + range + ", was " + above,
        "encode-loop",
        "--dataset",
        "osm_places",
        "--codec",
        "gml2",
        "--count",
        above);
    UsageRefusals.refused(
        cli,
        tmp,
        "-p count=" + above + ": GeoEncodingBenchmark takes a whole number " + range,
        "suite",
        "-p",
        "count=" + above,
        "--out",
        tmp.toString());
    for (String command : new String[] {"encode", "encode-loop"}) {
      assertEquals(0, cli.run(command, "--help"), cli::err);
      assertTrue(cli.out().contains("features, " + range), command + ": " + cli.out());
    }
  }
}

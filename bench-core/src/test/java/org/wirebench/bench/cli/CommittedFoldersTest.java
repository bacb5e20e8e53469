package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunFiles;

/**
 * Every folder committed under jmh-results is a run, which the readers' tests read whole
 * (ReferenceReportTest re-renders each one holding env.json), or the one driver-only load --out
 * folder named here, which report and compare refuse in one line as what it is (exit 2), never
 * half-read as a run. Before, that folder was left out of the readers' tests unnamed and refused as
 * "not a wirebench run".
 */
class CommittedFoldersTest {
  private static final Path RESULTS =
      ThenAndNowTest.runs().getParent().getParent().getParent().resolve("jmh-results");

  /** The WMS peers' first load run (docs/results.md, Raster WMS): load-wms.json and its .hlog. */
  private static final String LOAD_OUT = "20261124-112240-vm-wms-peers";

  /** A committed run to compare with. */
  private static final String RUN = "20261124-115445-vm-8a9cb5b-wms-peers-jdk17";

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  @Test
  void everyCommittedFolderIsARunOrTheLoadOutFolder() throws Exception {
    List<String> notRuns;
    try (Stream<Path> s = Files.list(RESULTS)) {
      notRuns =
          s.filter(Files::isDirectory)
              .filter(p -> !Files.isRegularFile(p.resolve(RunEnvironment.FILE)))
              .map(p -> p.getFileName().toString())
              .sorted()
              .toList();
    }
    assertEquals(List.of(LOAD_OUT), notRuns);
    assertEquals("load-wms.json", RunFiles.loadOut(RESULTS.resolve(LOAD_OUT)));
  }

  @Test
  void reportAndCompareRefuseTheLoadOutFolderAsOne() throws Exception {
    Path folder = RESULTS.resolve(LOAD_OUT);
    Map<String, byte[]> before = bytes(folder);
    String run = RESULTS.resolve(RUN).toString();
    for (String[] args :
        List.of(
            new String[] {"report", folder.toString()},
            new String[] {"report", folder.toString(), "--out", tmp.resolve("out").toString()},
            new String[] {"compare", run, folder.toString()},
            new String[] {"compare", folder.toString(), run},
            new String[] {"export", folder.toString(), "--format", "bencher"})) {
      String line = String.join(" ", args);
      assertEquals(2, cli.run(args), line + ": " + cli.err());
      assertEquals(1, cli.err().strip().lines().count(), line + ": " + cli.err());
      assertTrue(
          cli.err()
              .contains(
                  folder
                      + " has no env.json: a load --out folder (the driver's"
                      + " load-wms.json alone), not a run"),
          line + ": " + cli.err());
    }
    Map<String, byte[]> after = bytes(folder);
    assertEquals(before.keySet(), after.keySet());
    before.forEach((k, v) -> assertArrayEquals(v, after.get(k), k));
  }

  private static Map<String, byte[]> bytes(Path dir) throws Exception {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        out.put(f.getFileName().toString(), Files.readAllBytes(f));
      }
    }
    return out;
  }
}

package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One rule for a run folder's file names: what the writers name a file is what the readers and the
 * folder checks take for it, and a file of a load result's name alone makes no load --out folder.
 */
class RunFilesTest {
  @TempDir Path tmp;

  @Test
  void aScenariosFilesAreNamedAndReadByOneRule() {
    assertEquals("wfs", RunFiles.loadScenario(ScenarioResult.fileName("wfs")));
    assertEquals("wfs", RunFiles.jmeterScenario(JmeterResult.fileName("wfs")));
    assertTrue(RunFiles.runFile(ScenarioResult.hlogName("wire")));
    for (String n :
        List.of(
            "load-wfs.hlog",
            "load-.json",
            "load-Wfs.json",
            "load-wfs.json.bak",
            "load-wfs .json",
            "xload-wfs.json")) {
      assertNull(RunFiles.loadScenario(n), n);
    }
    for (String n : List.of("load-wfs.json.bak", "notes.txt", "jmeter-.json", "jmh-.json")) {
      assertFalse(RunFiles.runFile(n), n);
    }
    // what a profiled run works with while it is written: its own, so discard-incomplete takes a
    // killed profile's folder for a run's (jmh-cpu.json was no run's file, and the folder stayed)
    assertEquals("jmh-alloc.json", RunFiles.profiledScores("alloc"));
    for (String n : List.of(RunFiles.profiledScores("cpu"), RunFiles.PROFILER_LIBRARY)) {
      assertTrue(RunFiles.workFile(n) && RunFiles.runFile(n), n);
    }
    for (String n :
        List.of("jmh.json", "jmh-CPU.json", "jmh-cpu.json.bak", "libasyncProfiler.so.1")) {
      assertFalse(RunFiles.workFile(n), n);
    }
    for (String n : RunFiles.REPORTS) {
      assertTrue(RunFiles.runFile(n), n);
    }
  }

  @Test
  void aTemporaryFileIsPublishedUnderTheNameItWasMadeFor() {
    assertEquals("load-wfs.json", NewFiles.published("tmp-load-wfs.json.1a2b"));
    assertNull(NewFiles.published("tmp-load-wfs.json.X1"));
    assertNull(NewFiles.published("tmp-.abc"));
    assertNull(NewFiles.published("load-wfs.json.1a2b"));
  }

  @Test
  void aLoadOutFolderHoldsTheDriversResults() throws Exception {
    Path stray = Files.createDirectories(tmp.resolve("stray"));
    Files.writeString(stray.resolve("load-balancer.json"), "{}");
    Files.writeString(stray.resolve("load-wfs.json"), "{\"scenario\": \"wfs\"}");
    Files.writeString(stray.resolve("load-soap.hlog"), "");
    assertNull(RunFiles.loadOut(stray), "files of such names, none the driver's");

    Path other = Files.createDirectories(tmp.resolve("other"));
    Files.copy(Samples.runs().resolve("load-v1/load-wfs.json"), other.resolve("load-soap.json"));
    assertNull(RunFiles.loadOut(other), "the driver's results of another scenario");

    Path driver = Files.createDirectories(tmp.resolve("driver"));
    Files.copy(Samples.runs().resolve("load-v1/load-wfs.json"), driver.resolve("load-wfs.json"));
    assertEquals("load-wfs.json", RunFiles.loadOut(driver));

    Path writing = Files.createDirectories(tmp.resolve("writing"));
    Files.writeString(writing.resolve("tmp-load-wms.json.x1"), "");
    assertNull(RunFiles.loadOut(writing), "a temporary file alone");
    Files.writeString(writing.resolve("tmp-load-wms.hlog.y2"), "");
    assertEquals("load-wms.json", RunFiles.loadOut(writing), "both being written");
    Files.move(writing.resolve("tmp-load-wms.hlog.y2"), writing.resolve("load-wms.hlog"));
    assertEquals("load-wms.json", RunFiles.loadOut(writing), "histograms published, results next");

    Path folders = Files.createDirectories(tmp.resolve("folders"));
    Files.createDirectories(folders.resolve("load-wfs.json"));
    Files.createDirectories(folders.resolve("tmp-load-wfs.json.x1"));
    Files.createDirectories(folders.resolve("load-wfs.hlog"));
    assertNull(RunFiles.loadOut(folders));
  }
}

package org.wirebench.bench.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.fidelity.Fidelity;
import org.wirebench.results.FidelityTable;

/**
 * A run's fidelity.json holds the silent value changes a probe of the stacks found (ADB's
 * "Infinity" for a float 1e39, JAXB's -2147483648 for 2147483648, axis2-jaxb dropping NaN sent as
 * an int), and reads back in the current format.
 */
class FidelityRecorderTest {
  @Test
  void theRunFileReportsEachSilentChange(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(FidelityTable.FILE);
    FidelityRecorder.record().write(file);
    FidelityTable table = FidelityTable.read(file);
    assertOutcome(table, "float overflow 1e39", "axis2-adb", "changed silently", "Infinity");
    assertOutcome(table, "float overflow 1e39", "cxf-jaxb", "changed silently", "INF");
    assertOutcome(
        table, "int overflow 2147483648", "axis2-jaxb", "changed silently", "-2147483648");
    assertOutcome(table, "int overflow 2147483648", "cxf-jaxb", "changed silently", "-2147483648");
    assertOutcome(table, "int NaN", "axis2-jaxb", "lost silently", "nothing");
  }

  /** The labels the probes give are the words fidelity.json may hold, and no others. */
  @Test
  void theProbesLabelsAreTheFilesWords() {
    assertEquals(
        FidelityTable.FIDELITIES, Stream.of(Fidelity.values()).map(Fidelity::label).toList());
  }

  private static void assertOutcome(
      FidelityTable table, String row, String stack, String fidelity, String detail) {
    FidelityTable.Row r =
        table.rows().stream()
            .filter(x -> x.input().equals(row))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no row '" + row + "' in fidelity.json"));
    FidelityTable.Outcome o = r.outcomes().get(stack);
    assertEquals(fidelity, o.fidelity(), row + " on " + stack + ": " + o.detail());
    assertTrue(o.detail().contains(detail), row + " on " + stack + ": " + o.detail());
  }
}

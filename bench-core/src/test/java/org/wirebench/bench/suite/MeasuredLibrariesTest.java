package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** env.json names the version of every library the benchmarks measure, TwelveMonkeys included. */
class MeasuredLibrariesTest {
  @Test
  void everyMeasuredLibraryHasItsVersion() {
    Map<String, String> found = LibraryVersions.find(EnvironmentCapture.MEASURED_LIBRARIES);
    assertEquals(
        EnvironmentCapture.MEASURED_LIBRARIES, found.keySet().stream().toList(), "found: " + found);
    found.forEach(
        (library, version) ->
            assertEquals(true, version.matches("\\d+(\\.\\d+)+.*"), library + " " + version));
  }
}

package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each scenario's driver is told only the --load-arg options it takes: its own and those every
 * scenario takes (the old step passed every one to each, and each driver ignored the others').
 */
class LoadStepArgsTest {
  @Test
  void eachDriverGetsItsOwnOptionsAndTheCommonOnes() {
    LoadStep step =
        new LoadStep(
            List.of("wfs", "soap"),
            "default",
            true,
            List.of(
                "--layers=osm_places",
                "--stacks=cxf-jaxb",
                "--users=8",
                "--server",
                "http://h:1/"));
    Path folder = Path.of("run");
    assertEquals(
        List.of(
            "--scenario",
            "wfs",
            "--out",
            "run",
            "--jvm-profile",
            "default",
            "--quick",
            "--layers=osm_places",
            "--users=8",
            "--server",
            "http://h:1/"),
        step.driverArgs("wfs", folder, null));
    assertEquals(
        List.of(
            "--scenario",
            "soap",
            "--out",
            "run",
            "--jvm-profile",
            "default",
            "--quick",
            "--stacks=cxf-jaxb",
            "--users=8",
            "--server",
            "http://h:1/"),
        step.driverArgs("soap", folder, null));
  }
}

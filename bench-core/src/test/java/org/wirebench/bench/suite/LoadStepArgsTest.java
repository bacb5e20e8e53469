package org.wirebench.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.server.JavaLauncher;
import org.wirebench.server.Mains;
import org.wirebench.server.load.cli.LoadCommand;

/**
 * Each scenario's driver is told only the --load-arg options it takes: its own and those every
 * scenario takes (the old step passed every one to each, and each driver ignored the others'). A
 * driver given --server is told no --jvm-profile or --java: it starts no server, and refuses them.
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
            "--quick",
            "--stacks=cxf-jaxb",
            "--users=8",
            "--server",
            "http://h:1/"),
        step.driverArgs("soap", folder, null));
  }

  @TempDir Path tmp;

  /**
   * {@code suite --java J} runs {@code J -version} once for the run, not once more in each load
   * driver: a launcher that counts its {@code -version} calls is checked as the suite checks it,
   * then each scenario's driver is run on the arguments the step gives it, up to its refusal of an
   * --out that is a file, which it makes only after the launcher's check (before: one call more a
   * driver, 5 for 4 scenarios).
   */
  @Test
  void theLauncherIsAskedItsVersionOnceARun() throws Exception {
    Path calls = tmp.resolve("calls");
    Path java = tmp.resolve("java");
    Files.writeString(
        java,
        "#!/bin/sh\n"
            + "echo \"$1\" >> '"
            + calls
            + "'\n"
            + "echo 'openjdk version \"17.0.9\" 2023-10-17' >&2\n");
    assertTrue(java.toFile().setExecutable(true));
    List<String> scenarios = List.of("wfs", "soap", "finding", "wms");
    LoadStep step = new LoadStep(scenarios, "default", true, List.of());
    JavaLauncher.check("--java", java);
    Path file = Files.writeString(tmp.resolve("a file"), "");
    for (String s : scenarios) {
      List<String> args = step.driverArgs(s, file, java);
      assertEquals(2, Mains.execute(new LoadCommand(), args.toArray(String[]::new)), s);
    }
    assertEquals(List.of("-version"), Files.readAllLines(calls));
  }
}

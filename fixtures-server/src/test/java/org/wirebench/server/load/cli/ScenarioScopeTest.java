package org.wirebench.server.load.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The suite hands each scenario's driver only the options that scenario takes. */
class ScenarioScopeTest {
  @Test
  void eachScenarioGetsItsOwnOptionsAndTheCommonOnes() {
    List<String> args =
        List.of(
            "--layers=osm_places",
            "--stacks",
            "cxf-jaxb",
            "--users=8",
            "--server",
            "http://127.0.0.1:1/",
            "--quick",
            "--wms-endpoint=mapserver=http://127.0.0.1:2/");
    assertEquals(
        List.of("--layers=osm_places", "--users=8", "--server", "http://127.0.0.1:1/", "--quick"),
        ScenarioScope.argsFor("wfs", args));
    assertEquals(
        List.of("--stacks", "cxf-jaxb", "--users=8", "--server", "http://127.0.0.1:1/", "--quick"),
        ScenarioScope.argsFor("soap", args));
    assertEquals(
        List.of(
            "--users=8",
            "--server",
            "http://127.0.0.1:1/",
            "--quick",
            "--wms-endpoint=mapserver=http://127.0.0.1:2/"),
        ScenarioScope.argsFor("wms", args));
    // what is no option of load stays, for each driver to refuse
    assertEquals(List.of("--userz=4"), ScenarioScope.argsFor("wfs", List.of("--userz=4")));
  }

  @Test
  void anOptionNoChosenScenarioTakesIsRefusedNamingItsScenario() {
    ScenarioScope.refuseUntaken(
        List.of("wfs", "soap"), List.of("--layers=osm_places", "--stacks=cxf-jaxb", "--users=8"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ScenarioScope.refuseUntaken(List.of("wfs"), List.of("--stacks=cxf-jaxb")));
    assertEquals(
        "--stacks=cxf-jaxb: --stacks is an option of the soap scenario, which is not among those"
            + " run (wfs)",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ScenarioScope.refuseUntaken(
                    List.of("wfs", "soap"), List.of("--wire-encodings", "deflate")));
    assertTrue(e.getMessage().contains("the wire scenario"), e.getMessage());
  }
}

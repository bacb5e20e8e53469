package org.wirebench.server.load.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;
import org.wirebench.server.load.wire.Link;

/**
 * A scenario's --help line quotes no number its study does not hold: a study's figures live once,
 * in {@link Studies}, and a description that wrote one by hand would drift from it. Digits inside a
 * name (gml32) are not a number; the year and "best of 3" come from the study's citation. The wire
 * scenario re-runs no study: its numbers are its links'. No description names one of our issue
 * numbers (users do not know them).
 */
class ScenarioDescriptionTest {
  /** A number standing alone (1..80 is two), not digits inside a word (gml32) or a number. */
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\p{L}\\p{N}_])(?<!\\d[.,])\\d+(?:[.,]\\d+)*");

  @Test
  void everyNumberInADescriptionIsOneItsStudyHolds() {
    for (Scenario s : Scenarios.all()) {
      String line = s.description();
      Set<String> allowed = new HashSet<>();
      Study study = s.study();
      if (study != null) {
        study.figures().forEach(f -> allowed.addAll(numbers(f.quoted())));
        allowed.addAll(numbers(study.citation()));
      } else {
        assertEquals("wire", s.name(), "only the wire scenario re-runs no study");
        Link.FULL.forEach(l -> allowed.addAll(numbers(l.spec())));
      }
      Set<String> quoted = numbers(line);
      quoted.removeAll(allowed);
      assertTrue(
          quoted.isEmpty(),
          s.name()
              + "'s description quotes "
              + quoted
              + ", which its study does not hold: "
              + line);
      assertFalse(
          Pattern.compile("(?i)issue\\s*#?\\d").matcher(line).find(), s.name() + ": " + line);
    }
  }

  @Test
  void theDescriptionsQuoteTheStudiesFigures() {
    assertTrue(Scenarios.get("wfs").description().endsWith("up to 32"));
    assertTrue(
        Scenarios.get("finding").description().contains("200 users")
            && Scenarios.get("finding").description().contains("900±100 ms think time"),
        Scenarios.get("finding").description());
    assertTrue(Scenarios.get("soap").description().contains("25 users (ab -c 25)"));
    assertTrue(Scenarios.get("wms").description().contains("2,000 URLs"));
    assertTrue(
        Scenarios.get("wire")
            .description()
            .contains("shaped links (1gbit/1ms, 100mbit/20ms, 10mbit/80ms)"),
        Scenarios.get("wire").description());
    // the defaults the scenarios run with are the figures, read from the same definition
    assertEquals(Studies.BACKEND.value("users"), FindingScenario.STUDY_USERS);
    assertEquals(Studies.BACKEND.value("think-ms"), FindingScenario.THINK_MS);
    assertEquals(Studies.BACKEND.value("think-deviation-ms"), FindingScenario.THINK_DEVIATION_MS);
    assertEquals(Studies.BACKEND.value("items"), FindingGenerator.STUDY_ITEMS);
    assertEquals(Studies.SOAP.value("threads"), SoapScenario.STUDY_USERS);
    assertEquals(Studies.RASTER.value("requests"), WmsScenario.STUDY_REQUESTS);
    assertEquals(
        Studies.WFS.value("load-users"),
        (double) WfsScenario.STUDY_USERS.get(WfsScenario.STUDY_USERS.size() - 1));
  }

  private static Set<String> numbers(String text) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = NUMBER.matcher(text);
    while (m.find()) {
      out.add(m.group().replace(",", ""));
    }
    return out;
  }
}

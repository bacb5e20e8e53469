package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.bench.pair.ClaimVerdict;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.PairedRuns.Claim;

/**
 * A pair row says when a variant's forks ran at two speeds, so that a wide interval reads as what
 * it is: src/test/runs/pairs-two-modes holds two recorded quick runs' WFS groups (2026-11-26), gml2
 * on osm_mainroads at 198 µs in 2 of 10 forks and 248 µs in 8.
 */
class PairedClaimsTest {
  private static PairedRuns runs() throws IOException {
    return PairedRuns.read(ThenAndNowTest.runs().resolve("pairs-two-modes").resolve("pairs.json"));
  }

  private static Claim claim(PairedRuns runs, String id) {
    return runs.claims().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void theRowOfAClaimOnGml2OnMainroadsNamesItsTwoSpeeds() throws IOException {
    PairedRuns runs = runs();
    Claim c = claim(runs, "wfs-gml32-gml2-osm_mainroads");
    assertEquals(
        "; gml2's forks ran at two speeds: 198 µs in 2 of 10 forks, 248 µs in 8",
        PairedClaims.modes(runs, c));
    // the interval alone: wide, and the finer verdict open; the claim does not hold either way
    ClaimVerdict v = ClaimVerdict.judge(c, PairedClaims.ratio(runs, c));
    assertEquals(ClaimVerdict.Answer.DOES_NOT_HOLD, v.answer(), v::label);
    assertTrue(!v.fineDecided(), v::label);
    List<ThenAndNow.Row> rows = PairedClaims.rows(runs, "WFS");
    assertTrue(rows.stream().anyMatch(r -> r.now().endsWith("248 µs in 8")), () -> rows.toString());
  }

  @Test
  void aClaimWhoseForksAgreeGetsNoNote() throws IOException {
    PairedRuns runs = runs();
    assertEquals("", PairedClaims.modes(runs, claim(runs, "wfs-gml32-gml2-osm_places")));
    assertEquals("", PairedClaims.modes(runs, claim(runs, "target-gml32-gml2-osm_places")));
  }
}

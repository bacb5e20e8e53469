package org.wirebench.formats.soap.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.fidelity.PinnedTable;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapStacks;

/**
 * Today's fidelity table, pinned: what each stack does with each edge input is a finding, not a
 * failure, but a library upgrade that changes it must be noticed (and the golden file updated on
 * purpose). The probe itself is checked on the floor stack, whose behaviour we wrote.
 */
class SoapFidelityTest {
  static String table() {
    StringBuilder t = new StringBuilder();
    for (EdgeCase c : EdgeCase.all()) {
      t.append(c.name());
      for (String stack : SoapStacks.registry().names()) {
        FidelityProbe.Outcome o = FidelityProbe.probe(SoapStacks.get(stack), c);
        t.append(" | ").append(stack).append(": ").append(o.fidelity().label());
      }
      t.append('\n');
    }
    return t.toString();
  }

  @Test
  void todaysTableIsPinned() throws Exception {
    PinnedTable.assertPinned("soap-fidelity.txt", table());
  }

  @Test
  void theProbeJudgesByValue() {
    assertTrue(FidelityProbe.sameValue(Operation.INTS, " 7 ", "7"));
    assertTrue(FidelityProbe.sameValue(Operation.DOUBLES, "INF", " INF "));
    assertTrue(
        !FidelityProbe.sameValue(Operation.DOUBLES, "INF", "Infinity"), "Java's word, not XSD's");
    assertTrue(FidelityProbe.sameValue(Operation.DOUBLES, "NaN", "NaN"));
    assertTrue(!FidelityProbe.sameValue(Operation.DOUBLES, "-0", "0.0"), "-0 is not 0");
    assertTrue(!FidelityProbe.sameValue(Operation.INTS, "99999999999", "1215752191"));
    assertTrue(FidelityProbe.sameValue(Operation.FLOATS, "3.4028235E38", "3.4028235E38"));
  }

  @Test
  void everyCaseHasAnOutcomeForEveryStack() {
    List<String> lines = table().lines().toList();
    assertEquals(EdgeCase.all().size(), lines.size());
    lines.forEach(
        l -> assertEquals(SoapStacks.registry().names().size(), l.split(" \\| ").length - 1, l));
  }
}

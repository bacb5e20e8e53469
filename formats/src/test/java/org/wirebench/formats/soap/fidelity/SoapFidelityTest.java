package org.wirebench.formats.soap.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.fidelity.Fidelity;
import org.wirebench.formats.fidelity.PinnedTable;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapStacks;
import org.wirebench.formats.xml.XsdNumbers;

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

  /**
   * The silent changes a probe of the hosted stacks found are rows of the table, judged as what
   * they are: ADB writes Infinity for a float 1e39, both JAXB stacks turn 2147483648 into
   * -2147483648 and 1e39 into INF, axis2-jaxb drops NaN sent as an int.
   */
  @Test
  void theProbedSilentChangesAreRows() {
    assertOutcome("float overflow 1e39", "axis2-adb", Fidelity.CHANGED, "Infinity");
    assertOutcome("float overflow 1e39", "axis2-jaxb", Fidelity.CHANGED, "INF");
    assertOutcome("float overflow 1e39", "cxf-jaxb", Fidelity.CHANGED, "INF");
    assertOutcome("int overflow 2147483648", "axis2-jaxb", Fidelity.CHANGED, "-2147483648");
    assertOutcome("int overflow 2147483648", "cxf-jaxb", Fidelity.CHANGED, "-2147483648");
    assertOutcome("int NaN", "axis2-jaxb", Fidelity.LOST, "nothing");
    // our floor refuses what it cannot hold instead of rounding it
    for (String c :
        List.of("float overflow 1e39", "double overflow 1e309", "float underflow 1e-50")) {
      assertOutcome(c, "stax-raw", Fidelity.FAULT, "");
    }
  }

  private static void assertOutcome(String name, String stack, Fidelity want, String detail) {
    EdgeCase c =
        EdgeCase.all().stream()
            .filter(e -> e.name().equals(name))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no edge case '" + name + "'"));
    FidelityProbe.Outcome o = FidelityProbe.probe(SoapStacks.get(stack), c);
    assertEquals(want, o.fidelity(), name + " on " + stack + ": " + o.detail());
    assertTrue(o.detail().contains(detail), name + " on " + stack + ": " + o.detail());
  }

  @Test
  void xsdNumbersRefuseWhatTheTypeCannotHold() {
    assertEquals(Float.MAX_VALUE, XsdNumbers.parseFloat("3.4028235E38"));
    assertEquals(Float.MIN_VALUE, XsdNumbers.parseFloat("1.4E-45"));
    assertEquals(0f, XsdNumbers.parseFloat("0.000e-99"));
    assertEquals(Float.POSITIVE_INFINITY, XsdNumbers.parseFloat("INF"));
    for (String bad : List.of("1e39", "-1e39", "1e-50", "Infinity", "1f")) {
      assertThrows(NumberFormatException.class, () -> XsdNumbers.parseFloat(bad), bad);
    }
    for (String bad : List.of("1e309", "-1e309", "1e-400", "0x1p3", "1d")) {
      assertThrows(NumberFormatException.class, () -> XsdNumbers.parseDouble(bad), bad);
    }
    assertEquals(1e39, XsdNumbers.parseDouble("1e39"));
  }

  @Test
  void everyCaseHasAnOutcomeForEveryStack() {
    List<String> lines = table().lines().toList();
    assertEquals(EdgeCase.all().size(), lines.size());
    lines.forEach(
        l -> assertEquals(SoapStacks.registry().names().size(), l.split(" \\| ").length - 1, l));
  }
}

package org.wirebench.bench.soap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.formats.soap.SoapStacks;
import org.wirebench.formats.soap.fidelity.EdgeCase;
import org.wirebench.formats.soap.fidelity.FidelityProbe;
import org.wirebench.results.FidelityTable;

/** Runs every edge case through every registered stack, in process, as a run's fidelity.json. */
public final class FidelityRecorder {
  private FidelityRecorder() {}

  public static FidelityTable record() {
    List<String> stacks = SoapStacks.registry().names();
    List<FidelityTable.Row> rows = new ArrayList<>();
    for (EdgeCase c : EdgeCase.all()) {
      Map<String, FidelityTable.Outcome> outcomes = new LinkedHashMap<>();
      for (String stack : stacks) {
        FidelityProbe.Outcome o = FidelityProbe.probe(SoapStacks.get(stack), c);
        outcomes.put(stack, new FidelityTable.Outcome(o.fidelity().label(), o.detail()));
      }
      rows.add(
          new FidelityTable.Row(
              c.name(), c.operation().shortName(), c.shortInput(), c.representable(), outcomes));
    }
    return new FidelityTable(FidelityTable.FORMAT_VERSION, "in process", stacks, rows);
  }
}

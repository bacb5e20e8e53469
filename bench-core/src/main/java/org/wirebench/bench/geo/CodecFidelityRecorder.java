package org.wirebench.bench.geo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.fidelity.CodecEdgeCase;
import org.wirebench.formats.geo.fidelity.CodecFidelity;
import org.wirebench.formats.geo.fidelity.CodecFidelityProbe;
import org.wirebench.results.FidelityTable;

/** Runs every codec edge case through every codec with attributes, as fidelity-codecs.json. */
public final class CodecFidelityRecorder {
  private CodecFidelityRecorder() {}

  public static FidelityTable record() {
    List<String> codecs = CodecFidelity.codecs();
    List<FidelityTable.Row> rows = new ArrayList<>();
    for (CodecEdgeCase c : CodecEdgeCase.all()) {
      Map<String, FidelityTable.Outcome> outcomes = new LinkedHashMap<>();
      for (String codec : codecs) {
        CodecFidelityProbe.Outcome o = CodecFidelityProbe.probe(GeoCodecs.get(codec), c);
        outcomes.put(codec, new FidelityTable.Outcome(o.fidelity().label(), o.detail()));
      }
      rows.add(new FidelityTable.Row(c.name(), "encode", c.sent(), c.representable(), outcomes));
    }
    return new FidelityTable(
        FidelityTable.FORMAT_VERSION, "in process: encode, validate, decode", codecs, rows);
  }
}

package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.results.FidelityTable;
import org.wirebench.results.RunRecord;

/**
 * Beside the encoder speed table, what each feature codec does with edge features
 * (fidelity-codecs.json): a fast encoder that writes NaN, U+FFFE or an id that is not an XML name
 * produces documents a client cannot read or validate, without a word.
 */
public final class CodecFidelitySection implements ReportSection {
  @Override
  public String name() {
    return "codec-fidelity";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(2, "Codec fidelity: what each encoder does with edge features"));
    FidelityTable t = run.codecFidelity();
    if (t == null) {
      out.add(Report.Text.missing("Codec fidelity table: not recorded in this run."));
      return out;
    }
    out.add(
        Report.Text.plain(
            "One road a row, carrying the edge value in its first ordinate, its name, its osm_id"
                + " or its id; each codec encodes it ("
                + t.where()
                + "): GML is validated against its OGC schema, then everything is read back by the"
                + " codec's own decoder and compared by value (ordinates within the codec's declared"
                + " precision). \"fault\": the encoder refused with an error naming the value — the"
                + " faithful answer where no format can carry it, and for XML 1.0 where only JSON"
                + " can (U+0001, U+FFFE, ids that are not XML names); \"changed silently\": it wrote"
                + " a document that is invalid or reads back otherwise."));
    out.add(SoapFidelitySection.table(t, "fault"));
    return out;
  }
}

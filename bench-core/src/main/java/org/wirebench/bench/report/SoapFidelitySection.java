package org.wirebench.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.wirebench.results.FidelityTable;
import org.wirebench.results.RunRecord;

/**
 * Beside the speed table, what each stack does with edge inputs (fidelity.json): the WSO2 study
 * compared speed alone, and ADB's comes with values it loses or changes without a fault.
 */
public final class SoapFidelitySection implements ReportSection {
  @Override
  public String name() {
    return "soap-fidelity";
  }

  @Override
  public List<Report.Block> build(RunRecord run) {
    List<Report.Block> out = new ArrayList<>();
    out.add(new Report.Heading(2, "SOAP fidelity: what each stack does with edge inputs"));
    FidelityTable t = run.fidelity();
    if (t == null) {
      out.add(Report.Text.missing("Fidelity table: not recorded in this run."));
      return out;
    }
    out.add(
        Report.Text.plain(
            "Each input sent as a client would put it on the wire, to each stack's server side ("
                + t.where()
                + "), the answer read back by value. \"exact\": the values came back; \"lost"
                + " silently\" / \"changed silently\": fewer or other values and no fault; \"fault\":"
                + " refused. Where the input cannot be represented (int overflow, an empty int, a"
                + " wrong namespace) a fault is the faithful answer and any echo is a change."));
    out.add(table(t, "fault"));
    return out;
  }

  /**
   * One row an input, one column a stack or codec; silent losses and changes styled as findings.
   *
   * @param refusal what the faithful answer to an input no format can carry is called
   */
  static Report.Table table(FidelityTable t, String refusal) {
    List<String> header = new ArrayList<>(List.of("input", "operation", "faithful answer"));
    header.addAll(t.stacks());
    List<List<Report.Cell>> rows = new ArrayList<>();
    for (FidelityTable.Row r : t.rows()) {
      List<Report.Cell> row = new ArrayList<>();
      row.add(Report.Cell.of(r.input()));
      row.add(Report.Cell.of(r.operation()));
      row.add(Report.Cell.of(r.representable() ? "exact" : refusal));
      for (String column : t.stacks()) {
        FidelityTable.Outcome o = r.outcomes().get(column);
        if (o == null) {
          row.add(Report.Cell.missing());
        } else {
          boolean silent = o.fidelity().endsWith("silently");
          row.add(
              new Report.Cell(
                  o.fidelity(), silent ? Report.Style.DOES_NOT_HOLD : Report.Style.PLAIN));
        }
      }
      rows.add(row);
    }
    return new Report.Table(header, rows, 3);
  }
}

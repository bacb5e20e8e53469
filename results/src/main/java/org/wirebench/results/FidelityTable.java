package org.wirebench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code fidelity.json}: what each SOAP stack did with each edge input (int limits and overflow,
 * NaN and infinities, -0, subnormals, empty and non-BMP strings, a wrong namespace), beside the
 * speed table: a stack's speed comes with these semantics. {@code fidelity-codecs.json}, the same
 * format: what each feature codec did with edge features (NaN, huge and tiny ordinates, control
 * characters, surrogates, ids that are not XML names), encoded, validated and read back.
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param where "in process" (the stacks' server side, as the benchmark times it; the codecs' encode
 *     and decode)
 * @param stacks column order: SOAP stacks, or codecs
 * @param rows for codecs, {@code operation} is "encode"
 */
public record FidelityTable(int formatVersion, String where, List<String> stacks, List<Row> rows) {
  public static final int FORMAT_VERSION = 1;
  public static final String FILE = "fidelity.json";
  public static final String CODECS_FILE = "fidelity-codecs.json";

  /**
   * @param input the case's name, e.g. "int overflow 99999999999"
   * @param sent the items as sent, shortened
   * @param representable false when a fault is the faithful answer
   * @param outcomes by stack: exact, lost silently, changed silently or fault, with what came back
   */
  public record Row(
      String input,
      String operation,
      String sent,
      boolean representable,
      Map<String, Outcome> outcomes) {}

  public record Outcome(String fidelity, String detail) {}

  public void write(Path file) throws IOException {
    ResultFiles.JSON.writeValue(file.toFile(), this);
  }

  /**
   * What an outcome can be, as formats' Fidelity labels it (this module sees no other's:
   * bench-core's FidelityRecorderTest holds the two to each other).
   */
  public static final List<String> FIDELITIES =
      List.of("exact", "lost silently", "changed silently", "fault");

  public static FidelityTable read(Path file) throws IOException {
    FidelityTable t =
        ResultFiles.bind(
            file, ResultFiles.readVersioned(file, FORMAT_VERSION), FidelityTable.class);
    t.check(Fields.of(file));
    return t;
  }

  /**
   * Refuses a table the report would fail on or misstate: a missing list, a row of no input, an
   * outcome of a stack (or codec) the table has no column for, a fidelity no writer has.
   */
  private void check(Fields f) throws UnreadableRunException {
    f.present("where", where);
    java.util.Set<String> columns = new java.util.HashSet<>();
    for (String stack : f.present("stacks", stacks)) {
      if (!columns.add(f.text("stacks", stack))) {
        throw f.refuse("stacks", "name " + stack + " twice");
      }
    }
    // the recorders run every input on every stack (codec): a table of none says nothing ran
    if (stacks.isEmpty()) {
      throw f.refuse("stacks", "are none");
    }
    if (f.present("rows", rows).isEmpty()) {
      throw f.refuse("rows", "are none");
    }
    for (Row row : rows) {
      f.present("rows", row);
      Fields rf = f.in("row " + f.text("input", row.input()));
      rf.present("operation", row.operation());
      rf.present("sent", row.sent());
      for (Map.Entry<String, Outcome> e : rf.present("outcomes", row.outcomes()).entrySet()) {
        if (!columns.contains(e.getKey())) {
          throw rf.refuse("outcomes", "name " + e.getKey() + ", which stacks does not hold");
        }
        Outcome o = rf.present("outcomes." + e.getKey(), e.getValue());
        rf.oneOf("outcomes." + e.getKey() + ".fidelity", o.fidelity(), FIDELITIES);
      }
      for (String stack : stacks) {
        if (!row.outcomes().containsKey(stack)) {
          // every stack ran every input: a missing cell would print as nothing happened
          throw rf.refuse("outcomes", "have none for " + stack);
        }
      }
    }
  }
}

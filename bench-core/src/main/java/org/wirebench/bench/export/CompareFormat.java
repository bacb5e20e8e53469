package org.wirebench.bench.export;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.xml.stream.XMLStreamException;
import org.wirebench.bench.report.Comparison;

/** compare's output formats; each shows the same rows and verdicts. */
public enum CompareFormat {
  /** the table a person reads (the default) */
  TEXT,
  /** {@link #JSON_FORMAT} version {@link #JSON_VERSION}, for scripts */
  JSON,
  /** a table for a pull-request comment or a CI job summary */
  MARKDOWN,
  /** JUnit XML for CI test-report readers */
  JUNIT;

  /** What the JSON output names its format. */
  public static final String JSON_FORMAT = "wirebench-compare";

  /**
   * The JSON output's format version, which compare's --help names: raised when a field changes
   * meaning or goes; a new field keeps the version.
   */
  public static final int JSON_VERSION = 2;

  /** The name on the command line: text, json, markdown, junit. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws IllegalArgumentException naming the value and the valid ones
   */
  public static CompareFormat of(String id) {
    for (CompareFormat f : values()) {
      if (f.id().equals(id)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown format '"
            + id
            + "'; valid: "
            + Arrays.stream(values()).map(CompareFormat::id).collect(Collectors.joining(", ")));
  }

  /**
   * Writes the comparison in this format.
   *
   * @param base and {@code now}: the two folders as named on the command line
   * @param threshold as given, e.g. "5%"
   */
  public void write(Comparison c, String base, String now, String threshold, Writer out)
      throws IOException {
    PrintWriter p = out instanceof PrintWriter pw ? pw : new PrintWriter(out);
    switch (this) {
      case TEXT -> ComparisonText.write(c, threshold, p);
      case JSON -> ComparisonJson.write(c, base, now, p);
      case MARKDOWN -> ComparisonMarkdown.write(c, base, now, threshold, p);
      case JUNIT -> {
        // whole or not at all: a name XML 1.0 cannot carry (a control character in a folder's
        // name or a run's text) failed it half-way, half a document on standard output, exit 1
        java.io.StringWriter whole = new java.io.StringWriter();
        try {
          ComparisonJunit.write(c, base, now, threshold, new PrintWriter(whole));
        } catch (XMLStreamException e) {
          throw new org.wirebench.results.UnreadableRunException(
              "--format junit: the comparison holds text XML 1.0 cannot carry ("
                  + (e.getMessage() == null
                      ? e.getClass().getSimpleName()
                      : e.getMessage().replaceFirst(" ?\\(in xml 1\\.1[^)]*\\)", "").strip())
                  + "); --format json or markdown carry it");
        }
        p.write(whole.toString());
      }
    }
    p.flush();
    if (p.checkError()) {
      throw new IOException("cannot write the " + id() + " output (disk full or pipe closed)");
    }
  }
}

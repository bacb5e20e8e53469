package org.wirebench.formats.fidelity;

/** What a SOAP stack or a feature codec did with an edge input, judged by value. */
public enum Fidelity {
  /** the values came back as sent (for values that cannot be represented: never) */
  EXACT("exact"),
  /** fewer values came back than were sent, and no error said so */
  LOST("lost silently"),
  /** other values came back than were sent (or a value that cannot be represented was written) */
  CHANGED("changed silently"),
  /** refused with an error: a SOAP fault, or an encoder that would not write the value */
  FAULT("fault");

  private final String label;

  Fidelity(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** A table cell's detail: the first line of {@code s}, at most 40 characters. */
  public static String shorten(String s) {
    String one = s.lines().findFirst().orElse("");
    return one.length() > 40 ? one.substring(0, 37) + "..." : one;
  }
}

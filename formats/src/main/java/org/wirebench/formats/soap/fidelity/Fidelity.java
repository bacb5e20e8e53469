package org.wirebench.formats.soap.fidelity;

/** What a stack did with an edge input. */
public enum Fidelity {
  /** the values came back as sent (for values that cannot be represented: never) */
  EXACT("exact"),
  /** the answer had fewer values than were sent, and no fault said so */
  LOST("lost silently"),
  /** the answer had other values than were sent (or answered what it cannot represent) */
  CHANGED("changed silently"),
  /** a SOAP fault (or the stack refused the request) */
  FAULT("fault");

  private final String label;

  Fidelity(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}

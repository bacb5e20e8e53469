package org.wirebench.formats.finding;

/**
 * A value from a backend or a client, quoted into a one-line error message: bounded, and with
 * control characters shown as '?', so the message cannot be stretched or split by its input.
 */
public final class Quote {
  private Quote() {}

  /**
   * @param maxChars longer values are cut there and end with "…"
   */
  public static String of(String value, int maxChars) {
    String v = value.length() > maxChars ? value.substring(0, maxChars) + "…" : value;
    return "'" + v.replaceAll("\\p{Cntrl}", "?") + "'";
  }
}

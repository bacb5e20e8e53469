package org.wirebench.server.finding;

/** Quoting a client's path or value into an error message: bounded, one line, printable. */
final class Paths {
  private Paths() {}

  static String quote(String value) {
    String v = value.length() > 80 ? value.substring(0, 80) + "…" : value;
    return "'" + v.replaceAll("\\p{Cntrl}", "?") + "'";
  }
}

package org.wirebench.geo.codec;

/** The decimals JTS's writers are asked for: enough that a double prints in full. */
final class JtsPrecision {
  /** 17 significant digits round-trip any double; our ordinates have at most 3 integer digits. */
  static final int DECIMALS = 16;

  private JtsPrecision() {}
}

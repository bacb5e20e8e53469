package org.wirebench.formats.geo.codec;

/** The WFS versions a codec can be offered in, newest first. */
public enum WfsVersion {
  V2_0_0("2.0.0"),
  V1_1_0("1.1.0"),
  V1_0_0("1.0.0");

  private final String code;

  WfsVersion(String code) {
    this.code = code;
  }

  /** As the VERSION parameter spells it: 2.0.0, 1.1.0, 1.0.0. */
  public String code() {
    return code;
  }

  /**
   * @throws IllegalArgumentException for a version this server does not speak, naming the ones it
   *     does
   */
  public static WfsVersion of(String code) {
    for (WfsVersion v : values()) {
      if (v.code.equals(code)) {
        return v;
      }
    }
    throw new IllegalArgumentException(
        "unknown WFS version '" + code + "'; valid: 2.0.0, 1.1.0, 1.0.0");
  }
}

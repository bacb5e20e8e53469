package org.wirebench.server.wms;

/**
 * The WMS versions this server speaks, newest first: 1.3.0 (namespaced documents, CRS, latitude
 * first in EPSG:4326) and 1.1.1 (DTD-valid documents, SRS, longitude first).
 */
public enum WmsVersion {
  V1_3_0("1.3.0"),
  V1_1_1("1.1.1");

  private final String code;

  WmsVersion(String code) {
    this.code = code;
  }

  /** As the VERSION parameter spells it: 1.3.0, 1.1.1. */
  public String code() {
    return code;
  }

  /**
   * @throws IllegalArgumentException for a version this server does not speak, naming the ones it
   *     does
   */
  public static WmsVersion of(String code) {
    for (WmsVersion v : values()) {
      if (v.code.equals(code)) {
        return v;
      }
    }
    throw new IllegalArgumentException("unknown WMS version '" + code + "'; valid: 1.3.0, 1.1.1");
  }
}

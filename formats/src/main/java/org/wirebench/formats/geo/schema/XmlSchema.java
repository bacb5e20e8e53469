package org.wirebench.formats.geo.schema;

import org.wirebench.formats.geo.codec.GmlNames;

/** Which official OGC schemas a codec's output is validated against. */
public enum XmlSchema {
  NONE,
  /** WFS 1.0.0 {@code wfs:FeatureCollection} with GML 2.1.2 features. */
  WFS_1_0_GML_2,
  /** WFS 1.1.0 {@code wfs:FeatureCollection} with GML 3.1.1 features. */
  WFS_1_1_GML_31,
  /** WFS 2.0 {@code wfs:FeatureCollection} with GML 3.2.1 features. */
  WFS_2_0_GML_32;

  /** Where the official WFS schema of this output lives (not for {@link #NONE}). */
  public String wfsLocation() {
    return switch (this) {
      case WFS_1_0_GML_2 -> GmlNames.WFS1_LOCATION;
      case WFS_1_1_GML_31 -> GmlNames.WFS11_LOCATION;
      case WFS_2_0_GML_32 -> GmlNames.WFS2_LOCATION;
      case NONE -> throw new IllegalArgumentException("no XML schema for " + this);
    };
  }

  /** The GML namespace of the features. */
  public String gmlNamespace() {
    return this == WFS_2_0_GML_32 ? GmlNames.GML32 : GmlNames.GML2;
  }

  /** Where the official GML schema of the features lives. */
  public String gmlLocation() {
    return switch (this) {
      case WFS_1_0_GML_2 -> GmlNames.GML2_LOCATION;
      case WFS_1_1_GML_31 -> GmlNames.GML31_LOCATION;
      case WFS_2_0_GML_32 -> GmlNames.GML32_LOCATION;
      case NONE -> throw new IllegalArgumentException("no XML schema for " + this);
    };
  }
}

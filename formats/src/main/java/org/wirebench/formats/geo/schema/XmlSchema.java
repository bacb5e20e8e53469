package org.wirebench.formats.geo.schema;

/** Which official OGC schemas a codec's output is validated against. */
public enum XmlSchema {
  NONE,
  /** WFS 1.0.0 {@code wfs:FeatureCollection} with GML 2.1.2 features. */
  WFS_1_0_GML_2,
  /** WFS 2.0 {@code wfs:FeatureCollection} with GML 3.2.1 features. */
  WFS_2_0_GML_32
}

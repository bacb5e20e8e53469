package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.geo.schema.OgcValidator;

/**
 * Every WFS version the server speaks has its own capabilities writer, and the document each writes
 * is valid against that version's official schema (offline copies), names its version and lists
 * every layer.
 */
class CapabilitiesWriterTest {
  /** Each version's capabilities schema; a version missing here fails its case below. */
  private static final Map<WfsVersion, String> SCHEMAS = new EnumMap<>(WfsVersion.class);

  static {
    SCHEMAS.put(WfsVersion.V2_0_0, "http://schemas.opengis.net/wfs/2.0/wfs.xsd");
    SCHEMAS.put(WfsVersion.V1_1_0, "http://schemas.opengis.net/wfs/1.1.0/wfs.xsd");
    SCHEMAS.put(WfsVersion.V1_0_0, "http://schemas.opengis.net/wfs/1.0.0/WFS-capabilities.xsd");
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(WfsVersion.class)
  void eachVersionsDocumentValidates(WfsVersion version) throws Exception {
    String schema = SCHEMAS.get(version);
    assertNotNull(schema, "no capabilities schema known for " + version);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Capabilities.write(version, "http://localhost:1/ows", out);
    OgcValidator.validate(schema, out.toByteArray());
    String doc = out.toString(StandardCharsets.UTF_8);
    assertTrue(doc.contains(" version=\"" + version.code() + "\""), doc);
    for (String d : Datasets.registry().names()) {
      assertTrue(doc.contains("osm:" + d), d);
    }
  }

  /** One writer class per version, none shared: each version's document is its own. */
  @Test
  void eachVersionHasItsOwnWriter() {
    Set<Class<?>> writers =
        Stream.of(WfsVersion.values())
            .map(v -> CapabilitiesWriter.of(v).getClass())
            .collect(Collectors.toSet());
    assertEquals(WfsVersion.values().length, writers.size(), writers.toString());
  }
}

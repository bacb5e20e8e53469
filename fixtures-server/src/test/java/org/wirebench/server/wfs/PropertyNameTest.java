package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.server.LiveServerTest;

/**
 * PROPERTYNAME: the response carries the properties named plus those the schema requires (so GML
 * still validates against the layer's full schema), with the values the dataset holds.
 */
class PropertyNameTest extends LiveServerTest {
  private static final String QUERY =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_mainroads&count=50"
          + "&PROPERTYNAME=osm:ref";

  @Test
  void gmlCarriesTheNamedAndTheRequiredPropertiesAndValidates() throws Exception {
    ContentResponse r = client.GET(server.uri().resolve(QUERY));
    String body = r.getContentAsString();
    assertEquals(200, r.getStatus(), body);
    FeatureType full = Datasets.get("osm_mainroads").featureType();
    OgcValidator.validate(XmlSchema.WFS_2_0_GML_32, full, r.getContent());
    assertFalse(body.contains("<osm:name>"), "name was not asked for");
    assertFalse(body.contains("<osm:maxspeed>"), "maxspeed was not asked for");
    assertTrue(body.contains("<osm:osm_id>") && body.contains("<osm:oneway>"), "required kept");
    assertTrue(body.contains("<osm:ref>"), "ref asked for");
  }

  @Test
  void geoJsonCarriesTheSameWithTheDatasetsValues() throws Exception {
    ContentResponse r = client.GET(server.uri().resolve(QUERY + "&outputFormat=application/json"));
    assertEquals(200, r.getStatus(), r.getContentAsString());
    JsonNode features = new ObjectMapper().readTree(r.getContent()).get("features");
    FeatureType t = Datasets.get("osm_mainroads").featureType();
    List<Feature> expected = Datasets.get("osm_mainroads").take(50);
    for (int i = 0; i < 50; i++) {
      JsonNode p = features.get(i).get("properties");
      List<String> names = new ArrayList<>();
      p.fieldNames().forEachRemaining(names::add);
      assertEquals(List.of("osm_id", "type", "ref", "oneway", "bridge", "tunnel"), names);
      Feature f = expected.get(i);
      assertEquals(f.value(t.indexOf("osm_id")), p.get("osm_id").asLong());
      Object ref = f.value(t.indexOf("ref"));
      assertEquals(
          ref == null ? null : ref.toString(),
          p.get("ref").isNull() ? null : p.get("ref").asText());
    }
  }
}

package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.FeatureType;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.schema.OgcValidator;
import org.wirebench.server.LiveServerTest;

/**
 * GetFeature with several type names against a live server: 1.0/1.1 {@code a,b}, 2.0 {@code
 * (a)(b)}; each query's features in the order asked, validated against the official schemas and one
 * application schema of both types; counts and paging over the whole response; per-query filters;
 * joins and ambiguous per-query parameters refused.
 */
class SeveralTypesTest extends LiveServerTest {
  private static final Dataset PLACES = Datasets.get("osm_places");
  private static final Dataset POIS = Datasets.get("helsinki_pois");
  private static final List<FeatureType> BOTH = List.of(PLACES.featureType(), POIS.featureType());

  private static ContentResponse get(String query) throws Exception {
    return client.GET(server.uri().resolve("/ows?service=WFS&" + query));
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "{0} {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1.0.0 | typeName=osm_places,helsinki_pois&maxFeatures=1000010 | gml2",
        "1.1.0 | typeName=osm:osm_places,osm:helsinki_pois&maxFeatures=1000010 | gml31",
        "2.0.0 | typeNames=(osm:osm_places)(osm:helsinki_pois)&count=100000&startIndex=999995 | gml32",
        "2.0.0 | typeNames=(osm_places)(helsinki_pois)&count=100000&startIndex=999995&outputFormat=application/json | geojson",
      })
  void eachTypesFeaturesInTheOrderAsked(String version, String query, String codecName)
      throws Exception {
    String q = "version=" + version + "&request=GetFeature&" + query;
    if (!version.equals("2.0.0")) {
      // WFS 1.x cannot page: ask for the last places and the first POIs through their ids instead
      q =
          "version="
              + version
              + "&request=GetFeature&"
              + query.replace("&maxFeatures=1000010", "")
              + "&FEATUREID="
              + ids(List.of("osm_places.999996", "osm_places.1000000"), POIS, 0, 3);
    }
    ContentResponse r = get(q);
    assertEquals(200, r.getStatus(), r::getContentAsString);
    GeoCodec codec = GeoCodecs.get(codecName);
    assertEquals(codec.mediaType(), r.getHeaders().get("Content-Type"));
    if (codec.xmlSchema() != org.wirebench.formats.geo.schema.XmlSchema.NONE) {
      OgcValidator.validate(codec.xmlSchema(), BOTH, r.getContent());
      List<Feature> places = codec.decode(PLACES.featureType(), in(r));
      List<Feature> pois = codec.decode(POIS.featureType(), in(r));
      assertFalse(places.isEmpty());
      assertFalse(pois.isEmpty());
      assertEquals(PLACES.featureType().name(), places.get(0).id().split("\\.")[0]);
    }
    String body = r.getContentAsString();
    int lastPlace = body.lastIndexOf("osm_places.");
    int firstPoi = body.indexOf("helsinki_pois.");
    assertTrue(lastPlace > 0 && firstPoi > 0, body);
    if (version.equals("2.0.0")) {
      // 5 places left from 999,995, then the POIs: all of them, a page of 100,000 holds them
      assertEquals(PLACES.size() - 999_995 + POIS.size(), count(body, codecName), "features");
      if (codecName.equals("gml32")) {
        assertTrue(
            body.contains(
                "numberMatched=\""
                    + (PLACES.size() + POIS.size())
                    + "\" numberReturned=\""
                    + (5 + POIS.size())
                    + "\""),
            body.substring(0, 800));
        assertTrue(body.contains("<wfs:member><wfs:FeatureCollection numberMatched=\"1000000\""));
      }
    }
  }

  @Test
  void pagingWithNextLinksCrossesFromOneTypeToTheNext() throws Exception {
    String ids = ids(List.of("osm_places.1", "osm_places.2", "osm_places.3"), POIS, 0, 4);
    String url =
        server.uri().resolve("/ows").toString()
            + "?service=WFS&version=2.0.0&request=GetFeature&typeNames="
            + enc("(osm_places)(helsinki_pois)")
            + "&RESOURCEID="
            + enc(ids)
            + "&count=2";
    List<String> seen = new ArrayList<>();
    for (int page = 0; url != null && page < 10; page++) {
      ContentResponse r = client.GET(url);
      assertEquals(200, r.getStatus(), r::getContentAsString);
      OgcValidator.validate(
          org.wirebench.formats.geo.schema.XmlSchema.WFS_2_0_GML_32, BOTH, r.getContent());
      String body = r.getContentAsString();
      assertTrue(body.contains("numberMatched=\"7\""), body);
      Matcher m = Pattern.compile(" gml:id=\"((osm_places|helsinki_pois)\\.\\d+)\"").matcher(body);
      while (m.find()) {
        seen.add(m.group(1));
      }
      Matcher next = Pattern.compile(" next=\"([^\"]+)\"").matcher(body);
      url = next.find() ? next.group(1).replace("&amp;", "&") : null;
    }
    assertEquals(List.of(ids.split(",")), seen);
  }

  @Test
  void eachQueryHasItsOwnFilter() throws Exception {
    String places =
        "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\"><fes:PropertyIsEqualTo>"
            + "<fes:ValueReference>type</fes:ValueReference><fes:Literal>city</fes:Literal>"
            + "</fes:PropertyIsEqualTo></fes:Filter>";
    String pois = places.replace("city", "cafe");
    ContentResponse r =
        get(
            "version=2.0.0&request=GetFeature&typeNames=(osm_places)(helsinki_pois)&count=100000"
                + "&outputFormat=application/json&FILTER="
                + enc("(" + places + ")(" + pois + ")"));
    assertEquals(200, r.getStatus(), r::getContentAsString);
    long cities =
        PLACES
            .features()
            .filter(f -> "city".equals(f.value(PLACES.featureType().indexOf("type"))))
            .count();
    long cafes =
        POIS.features()
            .filter(f -> "cafe".equals(f.value(POIS.featureType().indexOf("type"))))
            .count();
    assertTrue(cities > 0 && cafes > 0);
    assertEquals(cities + cafes, count(r.getContentAsString(), "geojson"));
  }

  /** WFS 2.0 7.9.2.4.1: with RESOURCEID, typeNames may be left out; the ids name the layers. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"2.0.0, RESOURCEID, gml32", "1.1.0, FEATUREID, gml31"})
  void idsWithoutTypeNamesQueryTheLayersTheyName(String version, String key, String codecName)
      throws Exception {
    String ids = ids(List.of("osm_places.5"), POIS, 1, 1) + ",lakes.1,osm_places.nosuch";
    ContentResponse r = get("version=" + version + "&request=GetFeature&" + key + "=" + enc(ids));
    assertEquals(200, r.getStatus(), r::getContentAsString);
    GeoCodec codec = GeoCodecs.get(codecName);
    OgcValidator.validate(codec.xmlSchema(), BOTH, r.getContent());
    assertEquals(List.of("osm_places.5"), idsOf(codec.decode(PLACES.featureType(), in(r))));
    assertEquals(1, codec.decode(POIS.featureType(), in(r)).size());
    ContentResponse none = get("version=" + version + "&request=GetFeature&" + key + "=lakes.1");
    assertEquals(400, none.getStatus(), none::getContentAsString);
    assertTrue(none.getContentAsString().contains("locator=\"RESOURCEID\""));
  }

  @Test
  void oneQuerysFilterMayComeInParentheses() throws Exception {
    String filter =
        "<fes:Filter xmlns:fes=\"http://www.opengis.net/fes/2.0\"><fes:ResourceId rid=\"osm_places.3\"/>"
            + "</fes:Filter>";
    ContentResponse r =
        get(
            "version=2.0.0&request=GetFeature&typeNames=(osm_places)&FILTER="
                + enc("(" + filter + ")"));
    assertEquals(200, r.getStatus(), r::getContentAsString);
    assertTrue(r.getContentAsString().contains("numberMatched=\"1\""), r::getContentAsString);
  }

  @Test
  void hitsCountEveryType() throws Exception {
    ContentResponse r =
        get("version=1.1.0&request=GetFeature&typeName=osm_places,helsinki_pois&resultType=hits");
    assertEquals(200, r.getStatus(), r::getContentAsString);
    OgcValidator.validate(
        org.wirebench.formats.geo.schema.XmlSchema.WFS_1_1_GML_31, BOTH, r.getContent());
    assertTrue(
        r.getContentAsString()
            .contains("numberOfFeatures=\"" + (PLACES.size() + POIS.size()) + "\""),
        r.getContentAsString());
    // GDAL's feature count of a layer larger than 1.1 may send: hits send none, so say it
    ContentResponse big =
        get("version=1.1.0&request=GetFeature&typeName=osm_mainroads&resultType=hits");
    assertEquals(200, big.getStatus(), big::getContentAsString);
    assertTrue(big.getContentAsString().contains("numberOfFeatures=\"1000000\""));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "version=2.0.0&request=GetFeature&typeNames=osm_places,helsinki_pois | OptionNotSupported | typeNames",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places,helsinki_pois) | OptionNotSupported | typeNames",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places)(helsinki_pois | OperationParsingFailed | typeNames",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places)(osm_places) | InvalidParameterValue | typeNames",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places)(lakes) | InvalidParameterValue | typeNames",
        "version=1.0.0&request=GetFeature&typeName=osm_places,helsinki_pois&FILTER=%3CFilter/%3E | OperationParsingFailed | FILTER",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places)(helsinki_pois)&PROPERTYNAME=name | OperationParsingFailed | PROPERTYNAME",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places)(helsinki_pois)&SORTBY=(name)(name)(name) | OperationParsingFailed | SORTBY",
        "version=2.0.0&request=GetFeature&typeNames=(osm_places)(helsinki_pois)&outputFormat=floor | OptionNotSupported | outputFormat",
        "version=1.0.0&request=GetFeature&typeName=osm_places,helsinki_pois | OptionNotSupported | maxFeatures",
      })
  void ambiguousOrUnservedRequestsAreRefused(String query, String code, String locator)
      throws Exception {
    ContentResponse r = get(query);
    String body = r.getContentAsString();
    assertEquals(400, r.getStatus(), body);
    assertTrue(body.contains("\"" + code + "\""), body);
    assertTrue(body.contains("locator=\"" + locator + "\""), body);
  }

  @Test
  void propertyNamesAndSortOrderPerQuery() throws Exception {
    ContentResponse r =
        get(
            "version=2.0.0&request=GetFeature&typeNames=(osm_places)(helsinki_pois)&count=4"
                + "&RESOURCEID="
                + enc(ids(List.of("osm_places.1", "osm_places.2"), POIS, 0, 2))
                + "&PROPERTYNAME="
                + enc("(name)(name,type)")
                + "&SORTBY="
                + enc("(osm_id DESC)(osm_id ASC)"));
    assertEquals(200, r.getStatus(), r::getContentAsString);
    OgcValidator.validate(
        org.wirebench.formats.geo.schema.XmlSchema.WFS_2_0_GML_32, BOTH, r.getContent());
    String body = r.getContentAsString();
    assertTrue(body.indexOf("osm_places.2\"") < body.indexOf("osm_places.1\""), body);
  }

  private static List<String> idsOf(List<Feature> features) {
    return features.stream().map(Feature::id).toList();
  }

  private static ByteArrayInputStream in(ContentResponse r) {
    return new ByteArrayInputStream(r.getContent());
  }

  private static String ids(List<String> first, Dataset second, int from, int n) {
    List<String> all = new ArrayList<>(first);
    second.features().skip(from).limit(n).forEach(f -> all.add(f.id()));
    return String.join(",", all);
  }

  private static long count(String body, String codec) {
    String marker = codec.equals("geojson") ? "\"type\":\"Feature\"" : " gml:id=\"";
    long n = body.split(Pattern.quote(marker), -1).length - 1;
    // GML 3.2 repeats the id on the geometry
    return codec.equals("gml32") ? n / 2 : n;
  }
}

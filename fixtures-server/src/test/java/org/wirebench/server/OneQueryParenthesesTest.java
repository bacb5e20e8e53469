package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * WFS KVP puts each query's PROPERTYNAME, SORTBY and FILTER in parentheses, and one query's value
 * may come in its own: {@code SORTBY=(name DESC)} answers as {@code SORTBY=name DESC} does, with
 * typeNames in parentheses or not, and {@code PROPERTYNAME=(*)} as no PROPERTYNAME, as {@code
 * (*)(*)} does for two queries. Before, a FILTER and a PROPERTYNAME list were taken out of their
 * parentheses but {@code SORTBY=(name)} was refused as no property '(name)' and {@code
 * PROPERTYNAME=(*)} as no property '*'.
 */
class OneQueryParenthesesTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static final String POIS =
      "service=WFS&version=2.0.0&request=GetFeature&count=5&outputFormat=json&typeNames=";

  @ParameterizedTest(name = "{0} as {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        POIS + "helsinki_pois&SORTBY=(name%20DESC) | " + POIS + "helsinki_pois&SORTBY=name%20DESC",
        POIS + "(helsinki_pois)&SORTBY=(name) | " + POIS + "helsinki_pois&SORTBY=name",
        POIS
            + "helsinki_pois&SORTBY=(osm:type%20D,osm_id) | "
            + POIS
            + "helsinki_pois&SORTBY=type%20D,osm_id",
        POIS + "helsinki_pois&PROPERTYNAME=(*) | " + POIS + "helsinki_pois",
        POIS + "(helsinki_pois)&PROPERTYNAME=(*) | " + POIS + "helsinki_pois",
        POIS
            + "helsinki_pois&PROPERTYNAME=(name,type) | "
            + POIS
            + "helsinki_pois&PROPERTYNAME=name,type",
      })
  void oneQuerysValueInItsParenthesesIsReadAsWithout(String grouped, String plain)
      throws Exception {
    HttpTester.Response a = OwsStrictQueries.get(SERVER, "/ows", grouped);
    HttpTester.Response b = OwsStrictQueries.get(SERVER, "/ows", plain);
    assertEquals(200, b.getStatus(), b.getContent());
    assertEquals(200, a.getStatus(), a.getContent());
    assertEquals(b.getContent(), a.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        POIS + "helsinki_pois&SORTBY=(name)(osm_id) | OperationParsingFailed | SORTBY",
        POIS + "helsinki_pois&PROPERTYNAME=(name)(type) | OperationParsingFailed | PROPERTYNAME",
        POIS + "helsinki_pois&SORTBY=(name | OperationParsingFailed | SORTBY",
      })
  void oneQueryGivenSeveralGroupsIsRefused(String query, String code, String locator)
      throws Exception {
    OwsStrictQueries.refused(OwsStrictQueries.get(SERVER, "/ows", query), code, locator);
  }
}

package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpTester;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The WFS reads both versions' spellings of typeName(s), maxFeatures/count in every version
 * (featureId and resourceId together were refused already); given both with different values, one
 * was read and the other dropped ({@code typeName=helsinki_pois&typeNames=helsinki_roads} in 1.1
 * answered the roads), and is now {@code OperationParsingFailed}. The same value in both is one
 * request. Raw requests on a LocalConnector.
 */
class WfsSpellingPairsTest {
  @RegisterExtension static final LocalServer SERVER = LocalServer.plain();

  private static HttpTester.Response get(String query) throws Exception {
    return raw("request=GetFeature&" + query);
  }

  private static HttpTester.Response raw(String query) throws Exception {
    String raw =
        "GET /ows?service=WFS&" + query + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
    return HttpTester.parseResponse(
        SERVER.connector().executeRequest(raw).waitForResponse(false, 60, TimeUnit.SECONDS));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "version=1.1.0&typeName=helsinki_pois&typeNames=helsinki_roads&maxFeatures=1|typeNames",
        "version=2.0.0&typeNames=helsinki_pois&typeName=helsinki_roads&count=1|typeNames",
        "version=2.0.0&typeNames=helsinki_pois&count=1&maxFeatures=5|count",
        "version=1.0.0&typeName=helsinki_pois&maxFeatures=1&count=5|count"
      })
  void twoSpellingsWithDifferentValuesAreRefused(String query, String locator) throws Exception {
    HttpTester.Response r = get(query);
    assertEquals(400, r.getStatus(), query + "\n" + r.getContent());
    assertTrue(r.getContent().contains("OperationParsingFailed"), r.getContent());
    assertTrue(r.getContent().contains("locator=\"" + locator + "\""), r.getContent());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "version=1.1.0&typeName=helsinki_pois&typeNames=helsinki_pois&maxFeatures=1",
        "version=2.0.0&typeNames=helsinki_pois&typeName=helsinki_pois&count=1&maxFeatures=1"
      })
  void theSameValueInBothIsOneRequest(String query) throws Exception {
    HttpTester.Response r = get(query);
    assertEquals(200, r.getStatus(), query + "\n" + r.getContent());
    assertTrue(r.getContent().contains("helsinki_pois"), r.getContent());
  }

  /**
   * An operation that does not read the pair refuses its names as parameters it does not define
   * (docs/server.md), not as two spellings that disagree, and an unknown operation is named as
   * such, not as the spellings' fault.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "request=GetCapabilities&typeName=a&typeNames=b&count=1&maxFeatures=2|400|locator=\"count\"",
        "request=DescribeFeatureType&version=2.0.0&typeNames=helsinki_pois&count=1&maxFeatures=2"
            + "|400|locator=\"count\"",
        "request=Bogus&version=2.0.0&typeName=a&typeNames=b|400|Bogus"
      })
  void onlyTheOperationsThatReadAPairCompareItsSpellings(String query, int status, String says)
      throws Exception {
    HttpTester.Response r = raw(query);
    assertEquals(status, r.getStatus(), query + "\n" + r.getContent());
    assertTrue(r.getContent().contains(says), r.getContent());
  }
}

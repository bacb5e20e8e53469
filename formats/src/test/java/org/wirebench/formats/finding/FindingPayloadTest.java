package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The generator's payloads: the study's sizes, text that must survive, and one view from all. */
class FindingPayloadTest {
  private static final List<String> FORMATS = List.of("xml", "protobuf", "json");

  @Test
  void fiftyItemsWeighWhatTheStudysPayloadsWeighed() {
    FindingResponse r = FindingGenerator.response();
    int xml = BackendFormats.get("xml").encode(r).length;
    int protobuf = BackendFormats.get("protobuf").encode(r).length;
    assertWithin(84_387, xml, "XML");
    assertWithin(27_497, protobuf, "protobuf");
  }

  private static void assertWithin(int study, int ours, String what) {
    double ratio = (double) ours / study;
    assertTrue(
        ratio >= 0.95 && ratio <= 1.05,
        what + " is " + ours + " bytes, not within 5% of the study's " + study);
  }

  @Test
  void fiftyItemsCarryTextThatMustBeEscaped() {
    String xml =
        new String(
            BackendFormats.get("xml").encode(FindingGenerator.response()), StandardCharsets.UTF_8);
    assertTrue(xml.contains("AT&amp;T"), "an & in a title");
    assertTrue(xml.contains("&lt;"), "a < in a title or subtitle");
    assertTrue(xml.chars().anyMatch(c -> c > 127), "non-ASCII text");
    assertTrue(xml.contains("<searchResult count=\"50\">"));
    assertTrue(xml.contains("xmlns=\"" + FindingResponse.NAMESPACE + "\""));
    assertTrue(xml.contains("currencyId=\"USD\""));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 5, 50, 500})
  void everyFormatDecodesToTheGeneratedViewAndTheSameJson(int n) throws Exception {
    FindingResponse r = FindingGenerator.response(n, FindingGenerator.DEFAULT_SEED, "ipad");
    byte[] expected = gateway(r.view());
    for (String name : FORMATS) {
      BackendFormat format = BackendFormats.get(name);
      GatewayView view = format.decode(format.encode(r));
      assertEquals(r.view(), view, name);
      assertArrayEquals(expected, gateway(view), name + " gives other JSON");
    }
  }

  @Test
  void itemsDoNotDependOnHowManyAreGenerated() {
    List<Item> five = FindingGenerator.response(5, 7, "x").items();
    assertEquals(five, FindingGenerator.response(50, 7, "x").items().subList(0, 5));
  }

  @Test
  void hostileTextSurvivesEveryFormat() throws Exception {
    Item base = FindingGenerator.item(1, 0);
    String hostile = "a & b < c > d ]]> \"q\" 'a' é 日本 \uD83D\uDE00 tab\there\nline\r\nend\r";
    Item item =
        new Item(
            base.itemId(),
            hostile,
            base.globalId(),
            hostile,
            new Item.Category("1", hostile),
            null,
            null,
            new Item.ProductId("Ref&<", hostile),
            List.of(hostile, ""),
            null,
            null,
            hostile,
            null,
            base.shippingInfo(),
            base.sellingStatus(),
            base.listingInfo(),
            true,
            base.condition(),
            true);
    FindingResponse r =
        new FindingResponse(
            "Warning",
            "1.12.0",
            "t",
            List.of(item),
            new FindingResponse.Pagination(1, 1, 1, 1),
            "u&v",
            List.of(
                new FindingResponse.ErrorData(
                    5, "Marketplace", "Warning", "Request", hostile, "Search")));
    for (String name : FORMATS) {
      BackendFormat format = BackendFormats.get(name);
      assertEquals(r.view(), format.decode(format.encode(r)), name);
    }
  }

  static byte[] gateway(GatewayView view) {
    return GatewayJson.toBytes(view);
  }
}

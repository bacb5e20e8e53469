package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gateway's JSON pinned as bytes, not as another writer's output: the other tests compare the
 * streamed paths with the view's writer, so a change to the item schema that all of them read would
 * pass them and change the wire. One item spelled out, the benchmark's fifty by digest.
 */
class GatewayJsonWireTest {
  private static final String ONE_ITEM =
      "{\"item\":[{\"itemId\":\"235006016758\",\"title\":\"Magnetic PU Stand Folio for Apple iPad mini Schwarz Broken Screen <read>\",\"globalId\":\"EBAY-US\","
          + "\"primaryCategory\":{\"categoryId\":\"176974\",\"categoryName\":\"Cases, Covers, Keyboard Folios\"},\"galleryURL\":\"http://thumbs3.ebaystatic.com/pict/2350060167584040_1.jpg\",\"viewItemURL\":\"http://www.ebay.com/itm/Magnetic-PU-Stand-Folio-for-Apple-iPad-mini-Schwarz-Broken-Screen-read--/235006016758?pt=US_Tablet_Accessories\","
          + "\"paymentMethod\":[\"PayPal\"],\"autoPay\":false,\"location\":\"Cedar Rapids,IA,USA\",\"country\":\"US\","
          + "\"shippingInfo\":{\"shippingServiceCost\":{\"currencyId\":\"USD\",\"value\":0.0},\"shippingType\":\"Free\",\"shipToLocations\":[\"US\"],\"expeditedShipping\":false,\"oneDayShippingAvailable\":false,\"handlingTime\":1},"
          + "\"sellingStatus\":{\"currentPrice\":{\"currencyId\":\"USD\",\"value\":21.17},\"convertedCurrentPrice\":{\"currencyId\":\"USD\",\"value\":21.17},\"sellingState\":\"Active\",\"timeLeft\":\"P20DT21H16M42S\"},"
          + "\"listingInfo\":{\"bestOfferEnabled\":false,\"buyItNowAvailable\":false,\"startTime\":\"2012-06-12T22:07:58.000Z\",\"endTime\":\"2012-07-12T22:07:58.000Z\",\"listingType\":\"StoreInventory\",\"gift\":false},"
          + "\"returnsAccepted\":false,\"condition\":{\"conditionId\":2500,\"conditionDisplayName\":\"Seller refurbished\"},\"isMultiVariationListing\":false}],"
          + "\"errorMessage\":[]}";

  private static final String EVERY_FIELD =
      "{\"item\":[{\"itemId\":\"110089122715\",\"title\":\"Apple iPad 2 16GB \\\"AT&T\\\"\",\"globalId\":\"EBAY-US\",\"subtitle\":\"Brand new <sealed>\","
          + "\"primaryCategory\":{\"categoryId\":\"171485\",\"categoryName\":\"iPads, Tablets & eBook Readers\"},\"galleryURL\":\"http://thumbs1.ebaystatic.com/pict/1100891227154040_1.jpg\",\"viewItemURL\":\"http://www.ebay.com/itm/110089122715\",\"productId\":{\"type\":\"ReferenceID\",\"value\":\"110592598\"},"
          + "\"paymentMethod\":[\"PayPal\",\"VisaMC\"],\"autoPay\":true,\"postalCode\":\"95125\",\"location\":\"San Jose,CA,USA\",\"country\":\"US\","
          + "\"shippingInfo\":{\"shippingServiceCost\":{\"currencyId\":\"USD\",\"value\":12.0},\"shippingType\":\"Flat\",\"shipToLocations\":[\"US\",\"CA\"],\"expeditedShipping\":true,\"oneDayShippingAvailable\":false,\"handlingTime\":3},"
          + "\"sellingStatus\":{\"currentPrice\":{\"currencyId\":\"USD\",\"value\":229.5},\"convertedCurrentPrice\":{\"currencyId\":\"EUR\",\"value\":176.25},\"bidCount\":7,\"sellingState\":\"Active\",\"timeLeft\":\"P2DT3H4M5S\"},"
          + "\"listingInfo\":{\"bestOfferEnabled\":true,\"buyItNowAvailable\":true,\"buyItNowPrice\":{\"currencyId\":\"USD\",\"value\":229.5},\"convertedBuyItNowPrice\":{\"currencyId\":\"EUR\",\"value\":176.25},\"startTime\":\"2012-06-12T22:07:58.000Z\",\"endTime\":\"2012-07-12T22:07:58.000Z\",\"listingType\":\"FixedPrice\",\"gift\":true},"
          + "\"returnsAccepted\":true,\"condition\":{\"conditionId\":1000,\"conditionDisplayName\":\"New\"},\"isMultiVariationListing\":true}],"
          + "\"errorMessage\":[{\"errorId\":12,\"domain\":\"Marketplace\",\"severity\":\"Warning\",\"category\":\"Request\",\"message\":\"Keywords & more\",\"subdomain\":\"Search\"}]}";

  private static final String FIFTY_ITEMS_SHA256 =
      "07c8f9d8f23135f51c401eb32f5c366149e000475f8eb64bd0f461fa338d8815";

  private static byte[] gateway(String format, int items) throws Exception {
    return gateway(format, FindingGenerator.response(items, FindingGenerator.DEFAULT_SEED, "x"));
  }

  private static byte[] gateway(String format, FindingResponse r) throws Exception {
    BackendFormat f = BackendFormats.get(format);
    byte[] body = f.encode(r);
    return GatewayJson.toBytes(f, body, 0, body.length);
  }

  /** An item with every optional field, a list of two and an error: every key the JSON has. */
  private static FindingResponse everyField() {
    Item.Amount price = new Item.Amount("USD", 229.5);
    Item.Amount euros = new Item.Amount("EUR", 176.25);
    Item item =
        new Item(
            "110089122715",
            "Apple iPad 2 16GB \"AT&T\"",
            "EBAY-US",
            "Brand new <sealed>",
            new Item.Category("171485", "iPads, Tablets & eBook Readers"),
            "http://thumbs1.ebaystatic.com/pict/1100891227154040_1.jpg",
            "http://www.ebay.com/itm/110089122715",
            new Item.ProductId("ReferenceID", "110592598"),
            List.of("PayPal", "VisaMC"),
            true,
            "95125",
            "San Jose,CA,USA",
            "US",
            new Item.ShippingInfo(
                new Item.Amount("USD", 12.0), "Flat", List.of("US", "CA"), true, false, 3),
            new Item.SellingStatus(price, euros, 7, "Active", "P2DT3H4M5S"),
            new Item.ListingInfo(
                true,
                true,
                price,
                euros,
                "2012-06-12T22:07:58.000Z",
                "2012-07-12T22:07:58.000Z",
                "FixedPrice",
                true),
            true,
            new Item.Condition(1000, "New"),
            true);
    return new FindingResponse(
        "Warning",
        "1.12.0",
        "2012-06-22T17:04:32.012Z",
        List.of(item),
        new FindingResponse.Pagination(1, 1, 1, 1),
        "http://www.ebay.com/sch/i.html?_nkw=ipad",
        List.of(
            new FindingResponse.ErrorData(
                12, "Marketplace", "Warning", "Request", "Keywords & more", "Search")));
  }

  @Test
  void theStreamedWritersThemselvesWriteTheseBytes() throws Exception {
    // the gateway falls back to the view where a streamed writer gives up: here neither may
    for (FindingResponse r :
        List.of(everyField(), FindingGenerator.response(1, FindingGenerator.DEFAULT_SEED, "x"))) {
      String expected = r.items().get(0).subtitle() == null ? ONE_ITEM : EVERY_FIELD;
      byte[] xml = FindingXmlWriter.write(r);
      assertEquals(expected, utf8(FindingXmlJsonTest.streamed(xml)), "XML");
      byte[] protobuf = BackendFormats.get("protobuf").encode(r);
      assertEquals(expected, utf8(ProtobufJsonTest.streamed(protobuf)), "protobuf");
    }
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @ValueSource(strings = {"xml", "protobuf", "json"})
  void anItemWithEveryFieldIsTheseBytes(String format) throws Exception {
    assertEquals(
        EVERY_FIELD, new String(gateway(format, everyField()), StandardCharsets.UTF_8), format);
  }

  @ParameterizedTest
  @ValueSource(strings = {"xml", "protobuf", "json"})
  void oneItemIsTheseBytes(String format) throws Exception {
    assertEquals(ONE_ITEM, new String(gateway(format, 1), StandardCharsets.UTF_8), format);
  }

  @ParameterizedTest
  @ValueSource(strings = {"xml", "protobuf", "json"})
  void fiftyItemsAreTheseBytes(String format) throws Exception {
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(gateway(format, 50));
    assertEquals(FIFTY_ITEMS_SHA256, HexFormat.of().formatHex(digest), format);
  }
}

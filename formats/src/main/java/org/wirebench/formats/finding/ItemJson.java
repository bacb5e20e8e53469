package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.formats.finding.FindingResponse.ErrorData;
import org.wirebench.formats.finding.Item.Amount;

/**
 * One item (and one error) as JSON, written and read by this class for both the JSON backend and
 * the gateway's answer: keys are the XML element names, an optional element left out is a key left
 * out, repeated elements are arrays, prices are {@code {"currencyId":"USD","value":229.0}}. The
 * reader is as strict as the XML one: a value of the wrong JSON type is refused, unknown keys are
 * skipped.
 */
final class ItemJson {
  private ItemJson() {}

  static void write(JsonGenerator g, Item i) throws IOException {
    g.writeStartObject();
    g.writeStringField("itemId", i.itemId());
    g.writeStringField("title", i.title());
    g.writeStringField("globalId", i.globalId());
    optional(g, "subtitle", i.subtitle());
    if (i.primaryCategory() != null) {
      g.writeObjectFieldStart("primaryCategory");
      g.writeStringField("categoryId", i.primaryCategory().categoryId());
      g.writeStringField("categoryName", i.primaryCategory().categoryName());
      g.writeEndObject();
    }
    optional(g, "galleryURL", i.galleryUrl());
    optional(g, "viewItemURL", i.viewItemUrl());
    if (i.productId() != null) {
      g.writeObjectFieldStart("productId");
      g.writeStringField("type", i.productId().type());
      g.writeStringField("value", i.productId().value());
      g.writeEndObject();
    }
    strings(g, "paymentMethod", i.paymentMethod());
    if (i.autoPay() != null) {
      g.writeBooleanField("autoPay", i.autoPay());
    }
    optional(g, "postalCode", i.postalCode());
    g.writeStringField("location", i.location());
    optional(g, "country", i.country());
    Item.ShippingInfo s = i.shippingInfo();
    if (s != null) {
      g.writeObjectFieldStart("shippingInfo");
      amount(g, "shippingServiceCost", s.shippingServiceCost());
      g.writeStringField("shippingType", s.shippingType());
      strings(g, "shipToLocations", s.shipToLocations());
      g.writeBooleanField("expeditedShipping", s.expeditedShipping());
      g.writeBooleanField("oneDayShippingAvailable", s.oneDayShippingAvailable());
      g.writeNumberField("handlingTime", s.handlingTime());
      g.writeEndObject();
    }
    Item.SellingStatus st = i.sellingStatus();
    if (st != null) {
      g.writeObjectFieldStart("sellingStatus");
      amount(g, "currentPrice", st.currentPrice());
      amount(g, "convertedCurrentPrice", st.convertedCurrentPrice());
      if (st.bidCount() != null) {
        g.writeNumberField("bidCount", st.bidCount());
      }
      g.writeStringField("sellingState", st.sellingState());
      g.writeStringField("timeLeft", st.timeLeft());
      g.writeEndObject();
    }
    Item.ListingInfo l = i.listingInfo();
    if (l != null) {
      g.writeObjectFieldStart("listingInfo");
      g.writeBooleanField("bestOfferEnabled", l.bestOfferEnabled());
      g.writeBooleanField("buyItNowAvailable", l.buyItNowAvailable());
      amount(g, "buyItNowPrice", l.buyItNowPrice());
      amount(g, "convertedBuyItNowPrice", l.convertedBuyItNowPrice());
      g.writeStringField("startTime", l.startTime());
      g.writeStringField("endTime", l.endTime());
      g.writeStringField("listingType", l.listingType());
      g.writeBooleanField("gift", l.gift());
      g.writeEndObject();
    }
    g.writeBooleanField("returnsAccepted", i.returnsAccepted());
    if (i.condition() != null) {
      g.writeObjectFieldStart("condition");
      g.writeNumberField("conditionId", i.condition().conditionId());
      g.writeStringField("conditionDisplayName", i.condition().conditionDisplayName());
      g.writeEndObject();
    }
    g.writeBooleanField("isMultiVariationListing", i.isMultiVariationListing());
    g.writeEndObject();
  }

  static void writeError(JsonGenerator g, ErrorData e) throws IOException {
    g.writeStartObject();
    g.writeNumberField("errorId", e.errorId());
    g.writeStringField("domain", e.domain());
    g.writeStringField("severity", e.severity());
    g.writeStringField("category", e.category());
    g.writeStringField("message", e.message());
    g.writeStringField("subdomain", e.subdomain());
    g.writeEndObject();
  }

  private static void amount(JsonGenerator g, String name, Amount a) throws IOException {
    if (a != null) {
      g.writeObjectFieldStart(name);
      g.writeStringField("currencyId", a.currencyId());
      g.writeNumberField("value", a.value());
      g.writeEndObject();
    }
  }

  private static void optional(JsonGenerator g, String name, String value) throws IOException {
    if (value != null) {
      g.writeStringField(name, value);
    }
  }

  private static void strings(JsonGenerator g, String name, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  /** Reads an item; the parser is on its START_OBJECT and is left on its END_OBJECT. */
  static Item read(JsonParser p) throws IOException, BackendPayloadException {
    expect(p, JsonToken.START_OBJECT, "an item");
    String itemId = null, title = null, globalId = null, subtitle = null, gallery = null;
    String view = null, postal = null, location = null, country = null;
    Item.Category category = null;
    Item.ProductId productId = null;
    List<String> payment = List.of();
    Boolean autoPay = null;
    Item.ShippingInfo shipping = null;
    Item.SellingStatus selling = null;
    Item.ListingInfo listing = null;
    boolean returns = false, multi = false;
    Item.Condition condition = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "itemId" -> itemId = text(p);
        case "title" -> title = text(p);
        case "globalId" -> globalId = text(p);
        case "subtitle" -> subtitle = text(p);
        case "primaryCategory" -> {
          String[] v = pair(p, "categoryId", "categoryName");
          category = new Item.Category(v[0], v[1]);
        }
        case "galleryURL" -> gallery = text(p);
        case "viewItemURL" -> view = text(p);
        case "productId" -> {
          String[] v = pair(p, "type", "value");
          productId = new Item.ProductId(v[0], v[1]);
        }
        case "paymentMethod" -> payment = strings(p);
        case "autoPay" -> autoPay = bool(p);
        case "postalCode" -> postal = text(p);
        case "location" -> location = text(p);
        case "country" -> country = text(p);
        case "shippingInfo" -> shipping = shipping(p);
        case "sellingStatus" -> selling = selling(p);
        case "listingInfo" -> listing = listing(p);
        case "returnsAccepted" -> returns = bool(p);
        case "condition" -> condition = condition(p);
        case "isMultiVariationListing" -> multi = bool(p);
        default -> p.skipChildren();
      }
    }
    if (itemId == null) {
      throw new BackendPayloadException("the JSON backend sent an item without an itemId");
    }
    return new Item(
        itemId, title, globalId, subtitle, category, gallery, view, productId, payment, autoPay,
        postal, location, country, shipping, selling, listing, returns, condition, multi);
  }

  static ErrorData readError(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT, "an error");
    long id = 0;
    String domain = null, severity = null, category = null, message = null, subdomain = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "errorId" -> {
          expect(p, JsonToken.VALUE_NUMBER_INT, "errorId");
          id = p.getLongValue();
        }
        case "domain" -> domain = text(p);
        case "severity" -> severity = text(p);
        case "category" -> category = text(p);
        case "message" -> message = text(p);
        case "subdomain" -> subdomain = text(p);
        default -> p.skipChildren();
      }
    }
    return new ErrorData(id, domain, severity, category, message, subdomain);
  }

  private static Item.ShippingInfo shipping(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT, "shippingInfo");
    Amount cost = null;
    String type = null;
    List<String> shipTo = List.of();
    boolean expedited = false, oneDay = false;
    int handling = 0;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "shippingServiceCost" -> cost = amount(p);
        case "shippingType" -> type = text(p);
        case "shipToLocations" -> shipTo = strings(p);
        case "expeditedShipping" -> expedited = bool(p);
        case "oneDayShippingAvailable" -> oneDay = bool(p);
        case "handlingTime" -> handling = integer(p);
        default -> p.skipChildren();
      }
    }
    return new Item.ShippingInfo(cost, type, shipTo, expedited, oneDay, handling);
  }

  private static Item.SellingStatus selling(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT, "sellingStatus");
    Amount current = null, converted = null;
    Integer bids = null;
    String state = null, timeLeft = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "currentPrice" -> current = amount(p);
        case "convertedCurrentPrice" -> converted = amount(p);
        case "bidCount" -> bids = integer(p);
        case "sellingState" -> state = text(p);
        case "timeLeft" -> timeLeft = text(p);
        default -> p.skipChildren();
      }
    }
    return new Item.SellingStatus(current, converted, bids, state, timeLeft);
  }

  private static Item.ListingInfo listing(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT, "listingInfo");
    boolean bestOffer = false, buyItNow = false, gift = false;
    Amount bin = null, convertedBin = null;
    String start = null, end = null, type = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "bestOfferEnabled" -> bestOffer = bool(p);
        case "buyItNowAvailable" -> buyItNow = bool(p);
        case "buyItNowPrice" -> bin = amount(p);
        case "convertedBuyItNowPrice" -> convertedBin = amount(p);
        case "startTime" -> start = text(p);
        case "endTime" -> end = text(p);
        case "listingType" -> type = text(p);
        case "gift" -> gift = bool(p);
        default -> p.skipChildren();
      }
    }
    return new Item.ListingInfo(bestOffer, buyItNow, bin, convertedBin, start, end, type, gift);
  }

  private static Item.Condition condition(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT, "condition");
    int id = 0;
    String name = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "conditionId" -> id = integer(p);
        case "conditionDisplayName" -> name = text(p);
        default -> p.skipChildren();
      }
    }
    return new Item.Condition(id, name);
  }

  private static Amount amount(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT, "a price");
    String currency = null;
    Double value = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      switch (f) {
        case "currencyId" -> currency = text(p);
        case "value" -> {
          if (!p.currentToken().isNumeric()) {
            throw wrongType(p, "value", "a number");
          }
          value = XsdValues.checkPrice(p.getDoubleValue());
        }
        default -> p.skipChildren();
      }
    }
    if (value == null) {
      throw new IllegalArgumentException("a price without a value");
    }
    return new Amount(currency, value);
  }

  private static String[] pair(JsonParser p, String first, String second) throws IOException {
    expect(p, JsonToken.START_OBJECT, first + "/" + second);
    String[] v = new String[2];
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      if (f.equals(first)) {
        v[0] = text(p);
      } else if (f.equals(second)) {
        v[1] = text(p);
      } else {
        p.skipChildren();
      }
    }
    return v;
  }

  private static List<String> strings(JsonParser p) throws IOException {
    expect(p, JsonToken.START_ARRAY, "a list");
    List<String> out = new ArrayList<>(2);
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(text(p));
    }
    return out;
  }

  private static String text(JsonParser p) throws IOException {
    expect(p, JsonToken.VALUE_STRING, p.currentName());
    return p.getText();
  }

  private static boolean bool(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
      throw wrongType(p, p.currentName(), "a boolean");
    }
    return t == JsonToken.VALUE_TRUE;
  }

  private static int integer(JsonParser p) throws IOException {
    expect(p, JsonToken.VALUE_NUMBER_INT, p.currentName());
    return p.getIntValue();
  }

  static void expect(JsonParser p, JsonToken token, String what) {
    if (p.currentToken() != token) {
      throw wrongType(p, what, describe(token));
    }
  }

  private static IllegalArgumentException wrongType(JsonParser p, String what, String expected) {
    return new IllegalArgumentException(
        "'"
            + (what == null ? "?" : what)
            + "' as "
            + describe(p.currentToken())
            + ", not "
            + expected);
  }

  private static String describe(JsonToken t) {
    if (t == null) {
      return "the end of the input";
    }
    return switch (t) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> t.name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}

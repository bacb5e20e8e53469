package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * The gateway's item JSON, its one definition: each object's keys, in the order they are written,
 * and each value's kind. The two writers that stream a backend's answer ({@link FindingXmlJson},
 * {@link ProtobufJson}) walk these tables and keep only how their source spells a field: the XML
 * element (the key itself: ItemJson's rule) and the protobuf field number (the key's index + 1:
 * finding.proto numbers its fields in this order; ItemSchemaTest checks both against the generated
 * descriptor). {@link ItemJson#write}, which writes the decoded view, spells the same objects out
 * by hand for speed and is held to these tables by ItemSchemaTest.
 *
 * <p>The tables are read as arrays and indexes, built once: the writers' hot loops switch on a
 * {@link Kind}, with no map, allocation or reflection per item.
 */
final class ItemSchema {
  private ItemSchema() {}

  /**
   * What a key's value is, and what the JSON holds when the source leaves it out: a required kind
   * its default ("", [], false, 0), an {@code _OPT} kind nothing (the key is left out), and an ID
   * an error.
   */
  enum Kind {
    /** a string the item cannot be without */
    ID,
    TEXT,
    TEXT_OPT,
    /** a list of strings, [] when absent */
    TEXTS,
    BOOL,
    BOOL_OPT,
    /** a 32-bit integer */
    INT,
    INT_OPT,
    /** a 64-bit integer */
    LONG,
    /** a finite double, written as Jackson writes a double */
    PRICE,
    /** {@link ItemSchema#AMOUNT}: a price and its currency */
    AMOUNT_OPT,
    /** {@link ItemSchema#PRODUCT_ID}: a product id and its type */
    PRODUCT_ID_OPT,
    /** another object: the one in {@link Obj#objects} at the same index */
    OBJECT_OPT
  }

  /**
   * One JSON object: key {@code k}'s name, kind and, for a value that is an object (an OBJECT_OPT,
   * AMOUNT_OPT or PRODUCT_ID_OPT), that object's table; in the order written.
   */
  static final class Obj {
    final String[] keys;
    final Kind[] kinds;
    final Obj[] objects;

    private Obj(Key... keys) {
      int n = keys.length;
      this.keys = new String[n];
      kinds = new Kind[n];
      objects = new Obj[n];
      for (int k = 0; k < n; k++) {
        this.keys[k] = keys[k].name;
        kinds[k] = keys[k].kind;
        objects[k] = keys[k].object;
      }
    }
  }

  /** A key as the tables spell it; copied into {@link Obj}'s arrays, which the writers read. */
  private record Key(String name, Kind kind, Obj object) {}

  private static Key key(String name, Kind kind) {
    if (kind == Kind.OBJECT_OPT) {
      throw new IllegalArgumentException(name + ": an object's key names its object");
    }
    // static fields are set in order: AMOUNT and PRODUCT_ID, first, are set when these are read
    Obj object =
        switch (kind) {
          case AMOUNT_OPT -> AMOUNT;
          case PRODUCT_ID_OPT -> PRODUCT_ID;
          default -> null;
        };
    return new Key(name, kind, object);
  }

  private static Key object(String name, Obj object) {
    return new Key(name, Kind.OBJECT_OPT, object);
  }

  static final Obj AMOUNT = new Obj(key("currencyId", Kind.TEXT), key("value", Kind.PRICE));
  static final Obj PRODUCT_ID = new Obj(key("type", Kind.TEXT), key("value", Kind.TEXT));
  static final Obj CATEGORY = new Obj(key("categoryId", Kind.TEXT), key("categoryName", Kind.TEXT));
  static final Obj SHIPPING =
      new Obj(
          key("shippingServiceCost", Kind.AMOUNT_OPT),
          key("shippingType", Kind.TEXT),
          key("shipToLocations", Kind.TEXTS),
          key("expeditedShipping", Kind.BOOL),
          key("oneDayShippingAvailable", Kind.BOOL),
          key("handlingTime", Kind.INT));
  static final Obj SELLING =
      new Obj(
          key("currentPrice", Kind.AMOUNT_OPT),
          key("convertedCurrentPrice", Kind.AMOUNT_OPT),
          key("bidCount", Kind.INT_OPT),
          key("sellingState", Kind.TEXT),
          key("timeLeft", Kind.TEXT));
  static final Obj LISTING =
      new Obj(
          key("bestOfferEnabled", Kind.BOOL),
          key("buyItNowAvailable", Kind.BOOL),
          key("buyItNowPrice", Kind.AMOUNT_OPT),
          key("convertedBuyItNowPrice", Kind.AMOUNT_OPT),
          key("startTime", Kind.TEXT),
          key("endTime", Kind.TEXT),
          key("listingType", Kind.TEXT),
          key("gift", Kind.BOOL));
  static final Obj CONDITION =
      new Obj(key("conditionId", Kind.INT), key("conditionDisplayName", Kind.TEXT));
  static final Obj ITEM =
      new Obj(
          key("itemId", Kind.ID),
          key("title", Kind.TEXT),
          key("globalId", Kind.TEXT),
          key("subtitle", Kind.TEXT_OPT),
          object("primaryCategory", CATEGORY),
          key("galleryURL", Kind.TEXT_OPT),
          key("viewItemURL", Kind.TEXT_OPT),
          key("productId", Kind.PRODUCT_ID_OPT),
          key("paymentMethod", Kind.TEXTS),
          key("autoPay", Kind.BOOL_OPT),
          key("postalCode", Kind.TEXT_OPT),
          key("location", Kind.TEXT),
          key("country", Kind.TEXT_OPT),
          object("shippingInfo", SHIPPING),
          object("sellingStatus", SELLING),
          object("listingInfo", LISTING),
          key("returnsAccepted", Kind.BOOL),
          object("condition", CONDITION),
          key("isMultiVariationListing", Kind.BOOL));

  /** An entry of the answer's errorMessage list. */
  static final Obj ERROR =
      new Obj(
          key("errorId", Kind.LONG),
          key("domain", Kind.TEXT),
          key("severity", Kind.TEXT),
          key("category", Kind.TEXT),
          key("message", Kind.TEXT),
          key("subdomain", Kind.TEXT));

  /**
   * Writes what the view gives for keys {@code from..to-1} of {@code o}, none of which the source
   * sent: a required key's default, nothing for an optional one. Returns false, having written
   * nothing more, at an ID: the item is refused, by the view, and the caller gives up.
   */
  static boolean writeAbsent(JsonGenerator g, Obj o, int from, int to) throws IOException {
    for (int k = from; k < to; k++) {
      String key = o.keys[k];
      switch (o.kinds[k]) {
        case ID -> {
          return false;
        }
        case TEXT -> g.writeStringField(key, "");
        case TEXTS -> {
          g.writeArrayFieldStart(key);
          g.writeEndArray();
        }
        case BOOL -> g.writeBooleanField(key, false);
        case INT -> g.writeNumberField(key, 0);
        case LONG -> g.writeNumberField(key, 0L);
        case PRICE -> g.writeNumberField(key, 0.0);
        default -> {} // optional: left out
      }
    }
    return true;
  }
}

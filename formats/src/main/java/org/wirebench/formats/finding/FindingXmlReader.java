package org.wirebench.formats.finding;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.finding.FindingResponse.ErrorData;
import org.wirebench.formats.finding.Item.Amount;
import org.wirebench.formats.xml.XmlFactories;

/**
 * Streams a findItemsByKeywordsResponse (bare or in a SOAP 1.1 envelope) and keeps the items and
 * error messages, as ql.io's {@code select searchResult.item, errorMessage} did. No DOM; elements
 * the gateway does not project are skipped, so a backend adding fields (eBay does) does not break
 * it. A DOCTYPE, a SOAP fault, an item without an id, or a value that is not of its XML Schema type
 * is refused.
 *
 * <p>Each answer is read first by {@link Utf8XmlCursor}, which takes only a strict subset of XML
 * and gives up on anything else; then (on any doubt, and so for every error) by Woodstox, whose
 * answer or error is the one given. Woodstox alone made the XML gateway 4.7× its JSON floor.
 */
final class FindingXmlReader {
  private final XmlCursor c;

  FindingXmlReader(XmlCursor c) {
    this.c = c;
  }

  static GatewayView read(byte[] body, int offset, int length) throws BackendPayloadException {
    try {
      return readFast(body, offset, length);
    } catch (Utf8XmlCursor.Unsupported
        | IllegalArgumentException
        | XMLStreamException
        | BackendPayloadException e) {
      // outside the subset, or an error: Woodstox decides, and names any error
    }
    return readWoodstox(body, offset, length);
  }

  /** The fast reader alone: its view, or an exception when it cannot be sure. */
  static GatewayView readFast(byte[] body, int offset, int length)
      throws XMLStreamException, BackendPayloadException {
    Utf8XmlCursor c = new Utf8XmlCursor(body, offset, length);
    GatewayView view = new FindingXmlReader(c).document();
    c.finish();
    return view;
  }

  /** Woodstox alone: every document, every error named. */
  static GatewayView readWoodstox(byte[] body, int offset, int length)
      throws BackendPayloadException {
    XMLStreamReader r;
    try {
      r = XmlFactories.reader(body, offset, length);
    } catch (IOException e) {
      throw new BackendPayloadException("the XML backend's answer " + e.getMessage(), e);
    }
    try {
      return XmlFactories.reading(
          () -> {
            StaxCursor c = new StaxCursor(r);
            GatewayView view = new FindingXmlReader(c).document();
            c.finish();
            return view;
          });
    } catch (XMLStreamException e) {
      throw notWellFormed(e);
    } catch (IllegalArgumentException e) {
      throw new BackendPayloadException("the XML backend's answer has " + e.getMessage(), e);
    } finally {
      try {
        r.close();
      } catch (XMLStreamException ignored) {
        // nothing is held open: the bytes are in memory
      }
    }
  }

  private GatewayView document() throws XMLStreamException, BackendPayloadException {
    c.nextStart();
    if (is(FindingXmlWriter.SOAP_NS, "Envelope")) {
      while (c.nextChild()) {
        if (is(FindingXmlWriter.SOAP_NS, "Body")) {
          if (!c.nextChild()) {
            throw new BackendPayloadException("the XML backend's SOAP Body is empty");
          }
          if (is(FindingXmlWriter.SOAP_NS, "Fault")) {
            throw new BackendPayloadException("the XML backend answered a SOAP fault: " + fault());
          }
          return response();
        }
        c.skip();
      }
      throw new BackendPayloadException("the XML backend's SOAP envelope has no Body");
    }
    return response();
  }

  private GatewayView response() throws XMLStreamException, BackendPayloadException {
    if (!is(FindingResponse.NAMESPACE, "findItemsByKeywordsResponse")) {
      throw new BackendPayloadException(
          "the XML backend answered {"
              + c.namespaceUri()
              + "}"
              + c.localName()
              + ", not a findItemsByKeywordsResponse");
    }
    List<Item> items = new ArrayList<>(64);
    List<ErrorData> errors = new ArrayList<>(2);
    String ack = null;
    boolean searchResult = false;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "ack" -> ack = c.text();
        case "searchResult" -> {
          searchResult = true;
          String count = c.attribute("count");
          while (c.nextChild()) {
            if ("item".equals(c.localName())) {
              items.add(item());
            } else {
              c.skip();
            }
          }
          if (count != null) {
            ItemCount.check("XML", XsdValues.parseInt(count), items.size());
          }
        }
        case "errorMessage" -> errorMessage(errors);
        default -> c.skip();
      }
    }
    answered(ack, searchResult);
    return new GatewayView(items, errors);
  }

  /** The errorMessage element's errors, added to {@code errors}; its other children skipped. */
  void errorMessage(List<ErrorData> errors) throws XMLStreamException {
    while (c.nextChild()) {
      if ("error".equals(c.localName())) {
        errors.add(error());
      } else {
        c.skip();
      }
    }
  }

  /** An answer is one with a good ack and a searchResult, whichever reader read it. */
  static void answered(String ack, boolean searchResult) throws BackendPayloadException {
    Ack.check("XML", ack);
    if (!searchResult) {
      throw ItemCount.noSearchResult("XML");
    }
  }

  private Item item() throws XMLStreamException, BackendPayloadException {
    String itemId = null, title = null, globalId = null, subtitle = null;
    Item.Category category = null;
    String galleryUrl = null, viewItemUrl = null, postalCode = null, location = null;
    String country = null;
    Item.ProductId productId = null;
    List<String> payment = new ArrayList<>(2);
    Boolean autoPay = null;
    Item.ShippingInfo shipping = null;
    Item.SellingStatus selling = null;
    Item.ListingInfo listing = null;
    boolean returnsAccepted = false, multiVariation = false;
    Item.Condition condition = null;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "itemId" -> itemId = c.text();
        case "title" -> title = c.text();
        case "globalId" -> globalId = c.text();
        case "subtitle" -> subtitle = c.text();
        case "primaryCategory" -> category = category();
        case "galleryURL" -> galleryUrl = c.text();
        case "viewItemURL" -> viewItemUrl = c.text();
        case "productId" -> {
          String type = c.attribute("type");
          productId = new Item.ProductId(type, c.text());
        }
        case "paymentMethod" -> payment.add(c.text());
        case "autoPay" -> autoPay = bool();
        case "postalCode" -> postalCode = c.text();
        case "location" -> location = c.text();
        case "country" -> country = c.text();
        case "shippingInfo" -> shipping = shipping();
        case "sellingStatus" -> selling = selling();
        case "listingInfo" -> listing = listing();
        case "returnsAccepted" -> returnsAccepted = bool();
        case "condition" -> condition = condition();
        case "isMultiVariationListing" -> multiVariation = bool();
        default -> c.skip();
      }
    }
    if (itemId == null) {
      throw new BackendPayloadException("the XML backend sent an item without an itemId");
    }
    return new Item(
        itemId,
        title,
        globalId,
        subtitle,
        category,
        galleryUrl,
        viewItemUrl,
        productId,
        payment,
        autoPay,
        postalCode,
        location,
        country,
        shipping,
        selling,
        listing,
        returnsAccepted,
        condition,
        multiVariation);
  }

  private Item.Category category() throws XMLStreamException {
    String id = null, name = null;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "categoryId" -> id = c.text();
        case "categoryName" -> name = c.text();
        default -> c.skip();
      }
    }
    return new Item.Category(id, name);
  }

  private Item.ShippingInfo shipping() throws XMLStreamException {
    Amount cost = null;
    String type = null;
    List<String> shipTo = new ArrayList<>(2);
    boolean expedited = false, oneDay = false;
    int handling = 0;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "shippingServiceCost" -> cost = amount();
        case "shippingType" -> type = c.text();
        case "shipToLocations" -> shipTo.add(c.text());
        case "expeditedShipping" -> expedited = bool();
        case "oneDayShippingAvailable" -> oneDay = bool();
        case "handlingTime" -> handling = integer();
        default -> c.skip();
      }
    }
    return new Item.ShippingInfo(cost, type, shipTo, expedited, oneDay, handling);
  }

  private Item.SellingStatus selling() throws XMLStreamException {
    Amount current = null, converted = null;
    Integer bids = null;
    String state = null, timeLeft = null;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "currentPrice" -> current = amount();
        case "convertedCurrentPrice" -> converted = amount();
        case "bidCount" -> bids = integer();
        case "sellingState" -> state = c.text();
        case "timeLeft" -> timeLeft = c.text();
        default -> c.skip();
      }
    }
    return new Item.SellingStatus(current, converted, bids, state, timeLeft);
  }

  private Item.ListingInfo listing() throws XMLStreamException {
    boolean bestOffer = false, buyItNow = false, gift = false;
    Amount binPrice = null, convertedBin = null;
    String start = null, end = null, type = null;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "bestOfferEnabled" -> bestOffer = bool();
        case "buyItNowAvailable" -> buyItNow = bool();
        case "buyItNowPrice" -> binPrice = amount();
        case "convertedBuyItNowPrice" -> convertedBin = amount();
        case "startTime" -> start = c.text();
        case "endTime" -> end = c.text();
        case "listingType" -> type = c.text();
        case "gift" -> gift = bool();
        default -> c.skip();
      }
    }
    return new Item.ListingInfo(
        bestOffer, buyItNow, binPrice, convertedBin, start, end, type, gift);
  }

  private Item.Condition condition() throws XMLStreamException {
    int id = 0;
    String name = null;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "conditionId" -> id = integer();
        case "conditionDisplayName" -> name = c.text();
        default -> c.skip();
      }
    }
    return new Item.Condition(id, name);
  }

  ErrorData error() throws XMLStreamException {
    long id = 0;
    String domain = null, severity = null, category = null, message = null, subdomain = null;
    while (c.nextChild()) {
      switch (c.localName()) {
        case "errorId" -> id = XsdValues.parseLong(c.text());
        case "domain" -> domain = c.text();
        case "severity" -> severity = c.text();
        case "category" -> category = c.text();
        case "message" -> message = c.text();
        case "subdomain" -> subdomain = c.text();
        default -> c.skip();
      }
    }
    return new ErrorData(id, domain, severity, category, message, subdomain);
  }

  private String fault() throws XMLStreamException {
    String text = "(no faultstring)";
    while (c.nextChild()) {
      if ("faultstring".equals(c.localName())) {
        text = oneLine(c.text());
      } else {
        c.skip();
      }
    }
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }

  private Amount amount() throws XMLStreamException {
    String currency = c.attribute("currencyId");
    return new Amount(currency, XsdValues.parsePrice(c.text()));
  }

  private boolean bool() throws XMLStreamException {
    return XsdValues.parseBoolean(c.text());
  }

  private int integer() throws XMLStreamException {
    return XsdValues.parseInt(c.text());
  }

  private boolean is(String namespace, String localName) {
    return localName.equals(c.localName()) && namespace.equals(c.namespaceUri());
  }

  private static BackendPayloadException notWellFormed(Exception e) {
    return new BackendPayloadException(
        "the XML backend's answer is not well-formed XML: " + oneLine(e.getMessage()), e);
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s+", " ").trim();
  }
}

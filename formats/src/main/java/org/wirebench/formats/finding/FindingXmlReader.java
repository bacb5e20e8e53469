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
 * Streams a findItemsByKeywordsResponse (bare or in a SOAP 1.1 envelope) with Woodstox and keeps
 * the items and error messages, as ql.io's {@code select searchResult.item, errorMessage} did. No
 * DOM; elements the gateway does not project are skipped, so a backend adding fields (eBay does)
 * does not break it. A DOCTYPE, a SOAP fault, an item without an id, or a value that is not of its
 * XML Schema type is refused.
 */
final class FindingXmlReader extends StrictXmlCursor {
  private FindingXmlReader(XMLStreamReader r) {
    super(r);
  }

  static GatewayView read(byte[] body, int offset, int length) throws BackendPayloadException {
    XMLStreamReader r;
    try {
      r = XmlFactories.reader(body, offset, length);
    } catch (IOException e) {
      throw new BackendPayloadException("the XML backend's answer " + e.getMessage(), e);
    }
    try {
      return new FindingXmlReader(r).document();
    } catch (XMLStreamException e) {
      throw new BackendPayloadException(
          "the XML backend's answer is not well-formed XML: " + oneLine(e.getMessage()), e);
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
    nextStart();
    if (is(FindingXmlWriter.SOAP_NS, "Envelope")) {
      while (nextChild()) {
        if (is(FindingXmlWriter.SOAP_NS, "Body")) {
          if (!nextChild()) {
            throw new BackendPayloadException("the XML backend's SOAP Body is empty");
          }
          if (is(FindingXmlWriter.SOAP_NS, "Fault")) {
            throw new BackendPayloadException("the XML backend answered a SOAP fault: " + fault());
          }
          return response();
        }
        skip();
      }
      throw new BackendPayloadException("the XML backend's SOAP envelope has no Body");
    }
    return response();
  }

  private GatewayView response() throws XMLStreamException, BackendPayloadException {
    if (!is(FindingResponse.NAMESPACE, "findItemsByKeywordsResponse")) {
      throw new BackendPayloadException(
          "the XML backend answered {"
              + r.getNamespaceURI()
              + "}"
              + r.getLocalName()
              + ", not a findItemsByKeywordsResponse");
    }
    List<Item> items = new ArrayList<>(64);
    List<ErrorData> errors = new ArrayList<>(2);
    String ack = null;
    boolean searchResult = false;
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "ack" -> ack = text();
        case "searchResult" -> {
          searchResult = true;
          String count = r.getAttributeValue(null, "count");
          while (nextChild()) {
            if ("item".equals(r.getLocalName())) {
              items.add(item());
            } else {
              skip();
            }
          }
          if (count != null) {
            ItemCount.check("XML", XsdValues.parseInt(count), items.size());
          }
        }
        case "errorMessage" -> {
          while (nextChild()) {
            if ("error".equals(r.getLocalName())) {
              errors.add(error());
            } else {
              skip();
            }
          }
        }
        default -> skip();
      }
    }
    Ack.check("XML", ack);
    if (!searchResult) {
      throw ItemCount.noSearchResult("XML");
    }
    return new GatewayView(items, errors);
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
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "itemId" -> itemId = text();
        case "title" -> title = text();
        case "globalId" -> globalId = text();
        case "subtitle" -> subtitle = text();
        case "primaryCategory" -> category = category();
        case "galleryURL" -> galleryUrl = text();
        case "viewItemURL" -> viewItemUrl = text();
        case "productId" -> {
          String type = r.getAttributeValue(null, "type");
          productId = new Item.ProductId(type, text());
        }
        case "paymentMethod" -> payment.add(text());
        case "autoPay" -> autoPay = bool();
        case "postalCode" -> postalCode = text();
        case "location" -> location = text();
        case "country" -> country = text();
        case "shippingInfo" -> shipping = shipping();
        case "sellingStatus" -> selling = selling();
        case "listingInfo" -> listing = listing();
        case "returnsAccepted" -> returnsAccepted = bool();
        case "condition" -> condition = condition();
        case "isMultiVariationListing" -> multiVariation = bool();
        default -> skip();
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
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "categoryId" -> id = text();
        case "categoryName" -> name = text();
        default -> skip();
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
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "shippingServiceCost" -> cost = amount();
        case "shippingType" -> type = text();
        case "shipToLocations" -> shipTo.add(text());
        case "expeditedShipping" -> expedited = bool();
        case "oneDayShippingAvailable" -> oneDay = bool();
        case "handlingTime" -> handling = integer();
        default -> skip();
      }
    }
    return new Item.ShippingInfo(cost, type, shipTo, expedited, oneDay, handling);
  }

  private Item.SellingStatus selling() throws XMLStreamException {
    Amount current = null, converted = null;
    Integer bids = null;
    String state = null, timeLeft = null;
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "currentPrice" -> current = amount();
        case "convertedCurrentPrice" -> converted = amount();
        case "bidCount" -> bids = integer();
        case "sellingState" -> state = text();
        case "timeLeft" -> timeLeft = text();
        default -> skip();
      }
    }
    return new Item.SellingStatus(current, converted, bids, state, timeLeft);
  }

  private Item.ListingInfo listing() throws XMLStreamException {
    boolean bestOffer = false, buyItNow = false, gift = false;
    Amount binPrice = null, convertedBin = null;
    String start = null, end = null, type = null;
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "bestOfferEnabled" -> bestOffer = bool();
        case "buyItNowAvailable" -> buyItNow = bool();
        case "buyItNowPrice" -> binPrice = amount();
        case "convertedBuyItNowPrice" -> convertedBin = amount();
        case "startTime" -> start = text();
        case "endTime" -> end = text();
        case "listingType" -> type = text();
        case "gift" -> gift = bool();
        default -> skip();
      }
    }
    return new Item.ListingInfo(
        bestOffer, buyItNow, binPrice, convertedBin, start, end, type, gift);
  }

  private Item.Condition condition() throws XMLStreamException {
    int id = 0;
    String name = null;
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "conditionId" -> id = integer();
        case "conditionDisplayName" -> name = text();
        default -> skip();
      }
    }
    return new Item.Condition(id, name);
  }

  private ErrorData error() throws XMLStreamException {
    long id = 0;
    String domain = null, severity = null, category = null, message = null, subdomain = null;
    while (nextChild()) {
      switch (r.getLocalName()) {
        case "errorId" -> id = XsdValues.parseLong(text());
        case "domain" -> domain = text();
        case "severity" -> severity = text();
        case "category" -> category = text();
        case "message" -> message = text();
        case "subdomain" -> subdomain = text();
        default -> skip();
      }
    }
    return new ErrorData(id, domain, severity, category, message, subdomain);
  }

  private String fault() throws XMLStreamException {
    String text = "(no faultstring)";
    while (nextChild()) {
      if ("faultstring".equals(r.getLocalName())) {
        text = oneLine(text());
      } else {
        skip();
      }
    }
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }

  private Amount amount() throws XMLStreamException {
    String currency = r.getAttributeValue(null, "currencyId");
    return new Amount(currency, XsdValues.parsePrice(text()));
  }

  private boolean bool() throws XMLStreamException {
    return XsdValues.parseBoolean(text());
  }

  private int integer() throws XMLStreamException {
    return XsdValues.parseInt(text());
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s+", " ").trim();
  }
}

package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import org.wirebench.formats.finding.FindingResponse.ErrorData;

/**
 * The gateway's JSON written as the XML backend's answer is read, with no view in between: the
 * backend's text goes from its bytes into Jackson's ({@code writeUTF8String}, which escapes as
 * {@code writeString} does) without becoming a String, an Item or a list. Building the view and
 * walking it again made the XML path 3× its JSON floor.
 *
 * <p>It takes what has one answer as it comes: each projected element at most once and in the
 * JSON's order (the schema's, which eBay writes), read by {@link Utf8XmlCursor}. An element out of
 * that order or repeated (where the view keeps the last), a second searchResult, text with a 4-byte
 * character (Jackson escapes it as a surrogate pair), anything the cursor doubts and every error
 * throw; the caller then drops what was written and writes from {@link FindingXmlReader}'s view,
 * which gives the same bytes or names the error. Every check of that reader is made here before the
 * answer is complete: the root and SOAP fault, the item's id, each value's XML Schema type, the
 * item count, the ack, the rest of the document.
 */
final class FindingXmlJson {
  private enum Kind {
    ID,
    TEXT,
    TEXT_OPT,
    TEXTS,
    BOOL,
    BOOL_OPT,
    INT,
    INT_OPT,
    AMOUNT_OPT,
    PRODUCT_ID_OPT,
    OBJECT_OPT
  }

  /** One JSON object's fields in their order, each named as its XML element. */
  private static final class Fields {
    String[] names = {};
    byte[][] bytes = {}; // the names' bytes, which the cursor tries a start tag against
    Kind[] kinds = {};
    Fields[] objects = {};
    final Map<String, Integer> index = new HashMap<>();

    Fields add(String name, Kind kind) {
      return add(name, kind, null);
    }

    Fields add(String name, Kind kind, Fields object) {
      int n = names.length;
      index.put(name, n);
      names = Arrays.copyOf(names, n + 1);
      names[n] = name;
      bytes = Arrays.copyOf(bytes, n + 1);
      bytes[n] = name.getBytes(StandardCharsets.US_ASCII);
      kinds = Arrays.copyOf(kinds, n + 1);
      kinds[n] = kind;
      objects = Arrays.copyOf(objects, n + 1);
      objects[n] = object;
      return this;
    }
  }

  // ItemJson.write's fields, in its order: a test keeps the two equal for every item
  private static final Fields CATEGORY =
      new Fields().add("categoryId", Kind.TEXT).add("categoryName", Kind.TEXT);
  private static final Fields SHIPPING =
      new Fields()
          .add("shippingServiceCost", Kind.AMOUNT_OPT)
          .add("shippingType", Kind.TEXT)
          .add("shipToLocations", Kind.TEXTS)
          .add("expeditedShipping", Kind.BOOL)
          .add("oneDayShippingAvailable", Kind.BOOL)
          .add("handlingTime", Kind.INT);
  private static final Fields SELLING =
      new Fields()
          .add("currentPrice", Kind.AMOUNT_OPT)
          .add("convertedCurrentPrice", Kind.AMOUNT_OPT)
          .add("bidCount", Kind.INT_OPT)
          .add("sellingState", Kind.TEXT)
          .add("timeLeft", Kind.TEXT);
  private static final Fields LISTING =
      new Fields()
          .add("bestOfferEnabled", Kind.BOOL)
          .add("buyItNowAvailable", Kind.BOOL)
          .add("buyItNowPrice", Kind.AMOUNT_OPT)
          .add("convertedBuyItNowPrice", Kind.AMOUNT_OPT)
          .add("startTime", Kind.TEXT)
          .add("endTime", Kind.TEXT)
          .add("listingType", Kind.TEXT)
          .add("gift", Kind.BOOL);
  private static final Fields CONDITION =
      new Fields().add("conditionId", Kind.INT).add("conditionDisplayName", Kind.TEXT);
  private static final Fields ITEM =
      new Fields()
          .add("itemId", Kind.ID)
          .add("title", Kind.TEXT)
          .add("globalId", Kind.TEXT)
          .add("subtitle", Kind.TEXT_OPT)
          .add("primaryCategory", Kind.OBJECT_OPT, CATEGORY)
          .add("galleryURL", Kind.TEXT_OPT)
          .add("viewItemURL", Kind.TEXT_OPT)
          .add("productId", Kind.PRODUCT_ID_OPT)
          .add("paymentMethod", Kind.TEXTS)
          .add("autoPay", Kind.BOOL_OPT)
          .add("postalCode", Kind.TEXT_OPT)
          .add("location", Kind.TEXT)
          .add("country", Kind.TEXT_OPT)
          .add("shippingInfo", Kind.OBJECT_OPT, SHIPPING)
          .add("sellingStatus", Kind.OBJECT_OPT, SELLING)
          .add("listingInfo", Kind.OBJECT_OPT, LISTING)
          .add("returnsAccepted", Kind.BOOL)
          .add("condition", Kind.OBJECT_OPT, CONDITION)
          .add("isMultiVariationListing", Kind.BOOL);

  private final Utf8XmlCursor c;
  private final byte[] b;
  private final JsonGenerator g;
  private byte[] decoded = new byte[256]; // a text with references, decoded

  private FindingXmlJson(Utf8XmlCursor c, JsonGenerator g) {
    this.c = c;
    this.b = c.b;
    this.g = g;
  }

  /**
   * Writes the gateway's JSON for the answer in {@code body} to {@code out}, or throws (an {@link
   * Utf8XmlCursor.Unsupported}, IllegalArgumentException, XMLStreamException or
   * BackendPayloadException) having written part of it: the caller drops that part.
   */
  static void write(byte[] body, int offset, int length, OutputStream out)
      throws IOException, XMLStreamException, BackendPayloadException {
    Utf8XmlCursor c = new Utf8XmlCursor(body, offset, length);
    try (JsonGenerator g = GatewayJson.generator(out)) {
      new FindingXmlJson(c, g).document();
      c.finish();
    }
  }

  private void document() throws IOException, XMLStreamException, BackendPayloadException {
    c.nextStart();
    if (is(FindingXmlWriter.SOAP_NS, "Envelope")) {
      while (c.nextChild()) {
        if (is(FindingXmlWriter.SOAP_NS, "Body")) {
          if (!c.nextChild() || !is(FindingResponse.NAMESPACE, "findItemsByKeywordsResponse")) {
            Utf8XmlCursor.fail(); // an empty Body, a fault, another answer: the reader names it
          }
          response();
          return;
        }
        c.skip();
      }
      Utf8XmlCursor.fail();
    }
    if (!is(FindingResponse.NAMESPACE, "findItemsByKeywordsResponse")) {
      Utf8XmlCursor.fail();
    }
    response();
  }

  private void response() throws IOException, XMLStreamException, BackendPayloadException {
    List<ErrorData> errors = new ArrayList<>(2);
    String ack = null;
    boolean searchResult = false;
    g.writeStartObject();
    g.writeArrayFieldStart("item");
    while (c.nextChild()) {
      switch (c.localName()) {
        case "ack" -> ack = c.text();
        case "searchResult" -> {
          if (searchResult) {
            Utf8XmlCursor.fail(); // the view adds a second one's items: the reader's to say
          }
          searchResult = true;
          String count = c.attribute("count");
          int items = 0;
          while (c.nextChild()) {
            if ("item".equals(c.localName())) {
              object(ITEM);
              items++;
            } else {
              c.skip();
            }
          }
          if (count != null) {
            ItemCount.check("XML", XsdValues.parseInt(count), items);
          }
        }
        case "errorMessage" -> new FindingXmlReader(c).errorMessage(errors);
        default -> c.skip();
      }
    }
    FindingXmlReader.answered(ack, searchResult);
    g.writeEndArray();
    g.writeArrayFieldStart("errorMessage");
    for (ErrorData e : errors) {
      ItemJson.writeError(g, e);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** The current element as the JSON object {@code f}: fields in order, defaults for the absent. */
  private void object(Fields f) throws IOException {
    g.writeStartObject();
    int at = -1; // the last field written
    boolean arrayOpen = false;
    while (true) {
      // the next field in order is tried first, by its bytes; a list's next value before it
      int again = at >= 0 && f.kinds[at] == Kind.TEXTS ? at : -1;
      int k = c.nextChild(f.bytes, f.names, again, at + 1);
      if (k == Utf8XmlCursor.END) {
        break;
      }
      if (k == Utf8XmlCursor.OTHER) {
        Integer found = f.index.get(c.localName());
        if (found == null) {
          c.skip();
          continue;
        }
        k = found;
      }
      Kind kind = f.kinds[k];
      if (k == at && kind == Kind.TEXTS) {
        text();
        continue;
      }
      if (k <= at) {
        Utf8XmlCursor.fail(); // repeated or out of order: the view's answer
      }
      if (arrayOpen) {
        g.writeEndArray();
        arrayOpen = false;
      }
      absent(f, at + 1, k);
      at = k;
      g.writeFieldName(f.names[k]);
      switch (kind) {
        case ID, TEXT, TEXT_OPT -> text();
        case TEXTS -> {
          g.writeStartArray();
          arrayOpen = true;
          text();
        }
        case BOOL, BOOL_OPT -> g.writeBoolean(bool());
        case INT, INT_OPT -> {
          c.textSpan();
          int digits = c.textEntities ? -1 : XsdValues.digits(b, c.spanFrom, c.spanTo);
          g.writeNumber(digits >= 0 ? digits : XsdValues.parseInt(spanText()));
        }
        case AMOUNT_OPT -> amount();
        case PRODUCT_ID_OPT -> productId();
        case OBJECT_OPT -> object(f.objects[k]);
      }
    }
    if (arrayOpen) {
      g.writeEndArray();
    }
    absent(f, at + 1, f.names.length);
    g.writeEndObject();
  }

  /** Fields {@code from..to-1} were not sent: what the view gives for each, in the JSON. */
  private void absent(Fields f, int from, int to) throws IOException {
    for (int k = from; k < to; k++) {
      String name = f.names[k];
      switch (f.kinds[k]) {
        case ID -> Utf8XmlCursor.fail(); // an item without an itemId: the reader names it
        case TEXT -> g.writeStringField(name, "");
        case TEXTS -> {
          g.writeArrayFieldStart(name);
          g.writeEndArray();
        }
        case BOOL -> g.writeBooleanField(name, false);
        case INT -> g.writeNumberField(name, 0);
        default -> {} // optional: left out
      }
    }
  }

  private void amount() throws IOException {
    g.writeStartObject();
    g.writeFieldName("currencyId");
    attribute("currencyId");
    c.textSpan();
    double simple = c.textEntities ? -1 : XsdValues.simpleDecimal(b, c.spanFrom, c.spanTo);
    g.writeNumberField("value", simple >= 0 ? simple : XsdValues.parsePrice(spanText()));
    g.writeEndObject();
  }

  private void productId() throws IOException {
    g.writeStartObject();
    g.writeFieldName("type");
    attribute("type");
    g.writeFieldName("value");
    text();
    g.writeEndObject();
  }

  /** The current element's text, its end tag consumed, as a JSON string. */
  private void text() throws IOException {
    c.textSpan();
    int n = c.spanTo - c.spanFrom;
    if (c.textAstral) {
      g.writeString(spanText());
    } else if (!c.textEntities && !c.textEscapes) {
      g.writeRawUTF8String(b, c.spanFrom, n); // nothing JSON escapes: the bytes themselves
    } else if (!c.textEntities) {
      g.writeUTF8String(b, c.spanFrom, n);
    } else {
      if (decoded.length < n) {
        decoded = new byte[Math.max(n, 2 * decoded.length)];
      }
      int length = XmlBytes.decodeUtf8(b, c.spanTo, c.spanFrom, c.textReference, c.spanTo, decoded);
      if (length < 0) {
        g.writeString(spanText());
      } else {
        g.writeUTF8String(decoded, 0, length);
      }
    }
  }

  /** An attribute of the current start tag as a JSON string, "" if it is absent. */
  private void attribute(String name) throws IOException {
    if (!c.attributeSpan(name)) {
      g.writeString("");
      return;
    }
    for (int i = c.spanFrom; i < c.spanTo; i++) {
      if (b[i] >= -16 && b[i] < 0) { // a 4-byte sequence's lead byte
        g.writeString(XmlBytes.string(b, c.spanFrom, c.spanTo - c.spanFrom));
        return;
      }
    }
    g.writeUTF8String(b, c.spanFrom, c.spanTo - c.spanFrom);
  }

  private boolean bool() {
    c.textSpan();
    int n = c.spanTo - c.spanFrom;
    if (!c.textEntities && XmlBytes.sameAscii(b, "true", c.spanFrom, n)) {
      return true;
    }
    if (!c.textEntities && XmlBytes.sameAscii(b, "false", c.spanFrom, n)) {
      return false;
    }
    return XsdValues.parseBoolean(spanText());
  }

  private String spanText() {
    return c.textEntities
        ? XmlBytes.decode(b, c.spanTo, c.spanFrom, c.spanTo)
        : XmlBytes.string(b, c.spanFrom, c.spanTo - c.spanFrom);
  }

  private boolean is(String namespace, String localName) {
    return localName.equals(c.localName()) && namespace.equals(c.namespaceUri());
  }
}

package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLStreamException;
import org.wirebench.formats.finding.FindingResponse.ErrorData;
import org.wirebench.formats.finding.ItemSchema.Kind;

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
  /**
   * A JSON object of {@link ItemSchema} as the XML spells it: key k is the element of that name
   * (ItemJson's rule: keys are the XML element names), an amount or product id one element with an
   * attribute.
   */
  private static final class Fields {
    final ItemSchema.Obj schema;
    final String[] names;
    final byte[][] bytes; // the names' bytes, which the cursor tries a start tag against
    final byte[][] ends; // a text-only field's end tag, "</name>"; null for the others
    final Kind[] kinds;
    final Fields[] objects; // an OBJECT_OPT's
    final Map<String, Integer> index = new HashMap<>(); // for a name out of order, not per field

    Fields(ItemSchema.Obj o) {
      schema = o;
      names = o.keys;
      kinds = o.kinds;
      bytes = new byte[names.length][];
      ends = new byte[names.length][];
      objects = new Fields[names.length];
      for (int k = 0; k < names.length; k++) {
        bytes[k] = names[k].getBytes(StandardCharsets.US_ASCII);
        String end = "</" + names[k] + ">";
        ends[k] = TEXT_ONLY.contains(kinds[k]) ? end.getBytes(StandardCharsets.US_ASCII) : null;
        objects[k] = kinds[k] == Kind.OBJECT_OPT ? new Fields(o.objects[k]) : null;
        index.put(names[k], k);
      }
    }
  }

  /** The kinds whose element holds text alone, with no attribute: the cursor's bare leaves. */
  private static final Set<Kind> TEXT_ONLY =
      EnumSet.of(
          Kind.ID,
          Kind.TEXT,
          Kind.TEXT_OPT,
          Kind.TEXTS,
          Kind.BOOL,
          Kind.BOOL_OPT,
          Kind.INT,
          Kind.INT_OPT);

  private static final Fields ITEM = new Fields(ItemSchema.ITEM);

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
      int k = c.nextChild(f.bytes, f.names, f.ends, again, at + 1);
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
    if (!ItemSchema.writeAbsent(g, f.schema, from, to)) {
      Utf8XmlCursor.fail(); // an item without an itemId: the reader names it
    }
  }

  // an amount is <currentPrice currencyId="USD">229.0</currentPrice>: the attribute is its first
  // key, the text its second; a product id, <productId type="ReferenceID">…</productId>, the same
  private void amount() throws IOException {
    g.writeStartObject();
    g.writeFieldName(ItemSchema.AMOUNT.keys[0]);
    attribute("currencyId");
    c.textSpan();
    double simple = c.textEntities ? -1 : XsdValues.simpleDecimal(b, c.spanFrom, c.spanTo);
    double value = simple >= 0 ? simple : XsdValues.parsePrice(spanText());
    g.writeNumberField(ItemSchema.AMOUNT.keys[1], value);
    g.writeEndObject();
  }

  private void productId() throws IOException {
    g.writeStartObject();
    g.writeFieldName(ItemSchema.PRODUCT_ID.keys[0]);
    attribute("type");
    g.writeFieldName(ItemSchema.PRODUCT_ID.keys[1]);
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

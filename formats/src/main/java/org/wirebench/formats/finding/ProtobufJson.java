package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonGenerator;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.wirebench.formats.finding.ItemSchema.Kind;

/**
 * The gateway's JSON written as the protobuf backend's answer is read with protobuf-java's {@link
 * CodedInputStream}, with no generated message, view or String in between: each string goes from
 * the backend's bytes into Jackson's ({@code writeRawUTF8String} when JSON escapes nothing in it).
 * Parsing into the generated messages, copying them into the view and writing the view made this
 * path 1.8× its JSON floor: in its profile protobuf-java's parse (its Strings, builders and
 * messages) and the copy were 43% of the samples, the JSON write the rest.
 *
 * <p>It takes what has one answer as it comes: every field of a message at most once (a repeated
 * field's values together) and in field-number order, which is the JSON's and the order
 * protobuf-java writes. A field out of that order or repeated (which protobuf merges or lets the
 * last win), a field finding.proto does not define or with another wire type, a string that is not
 * UTF-8, and every fault the view would name (no ack, no searchResult or itemId, a count that
 * differs, a price that is not finite, truncated or malformed bytes) throw {@link Doubt}; the
 * caller drops what was written and writes from {@link ProtobufBackend#decode}'s view, which gives
 * the same bytes or names the error. Every value is read and checked as the generated parser checks
 * it, the ones the gateway drops (version, timestamp, pagination) included.
 */
final class ProtobufJson {
  /** The answer is not one this reader takes as it comes; the view decides. */
  static final class Doubt extends Exception {
    private static final Doubt INSTANCE = new Doubt();

    private Doubt() {
      super("not read as it comes", null, false, false);
    }
  }

  /**
   * A finding.proto message as {@link ItemSchema} gives its JSON object: field number k + 1 is key
   * k (ItemSchemaTest checks finding.proto's descriptor for it), sent with the tag its kind's wire
   * type makes.
   */
  private static final class Fields {
    final ItemSchema.Obj schema;
    final String[] names;
    final Kind[] kinds;
    final int[] tags;
    final Fields[] objects; // an amount's, a product id's, another object's message

    Fields(ItemSchema.Obj o) {
      schema = o;
      names = o.keys;
      kinds = o.kinds;
      tags = new int[names.length];
      objects = new Fields[names.length];
      for (int k = 0; k < names.length; k++) {
        tags[k] = tag(k + 1, wireType(kinds[k]));
        objects[k] = o.objects[k] == null ? null : new Fields(o.objects[k]);
      }
    }

    private static int wireType(Kind kind) {
      return switch (kind) {
        case BOOL, BOOL_OPT, INT, INT_OPT, LONG -> WireFormat.WIRETYPE_VARINT;
        case PRICE -> WireFormat.WIRETYPE_FIXED64;
        default -> WireFormat.WIRETYPE_LENGTH_DELIMITED;
      };
    }
  }

  private static final Fields ITEM = new Fields(ItemSchema.ITEM);
  private static final Fields ERROR = new Fields(ItemSchema.ERROR);

  private static final int STRING = WireFormat.WIRETYPE_LENGTH_DELIMITED;
  private static final int VARINT = WireFormat.WIRETYPE_VARINT;

  /** FindItemsByKeywordsResponse's tags by field number: ack, version, timestamp, … */
  private static final int[] RESPONSE = {
    0,
    tag(1, STRING),
    tag(2, STRING),
    tag(3, STRING),
    tag(4, STRING),
    tag(5, STRING),
    tag(6, STRING),
    tag(7, STRING)
  };

  private final CodedInputStream in;
  private final byte[] b;
  private final int offset;
  private final JsonGenerator g;

  private ProtobufJson(byte[] body, int offset, int length, JsonGenerator g) {
    this.in = CodedInputStream.newInstance(body, offset, length);
    this.b = body;
    this.offset = offset;
    this.g = g;
  }

  /**
   * Writes the gateway's JSON for the answer in {@code body} to {@code out}, or throws (a {@link
   * Doubt}, an IllegalArgumentException or protobuf's InvalidProtocolBufferException) having
   * written part of it: the caller drops that part.
   */
  static void write(byte[] body, int offset, int length, OutputStream out)
      throws IOException, Doubt {
    try (JsonGenerator g = GatewayJson.generator(out)) {
      new ProtobufJson(body, offset, length, g).response();
    }
  }

  private void response() throws IOException, Doubt {
    boolean ack = false, searchResult = false, errors = false;
    g.writeStartObject();
    g.writeArrayFieldStart("item");
    int at = 0;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      int n = WireFormat.getTagFieldNumber(tag);
      if (n <= at || n >= RESPONSE.length || tag != RESPONSE[n]) {
        throw Doubt.INSTANCE; // repeated, out of order or not finding.proto's: the view's
      }
      at = n;
      switch (n) {
        case 1 -> ack = checkedString() > 0;
        case 2, 3, 6 -> checkedString(); // version, timestamp, itemSearchUrl: checked, not kept
        case 4 -> {
          int limit = in.pushLimit(in.readRawVarint32());
          searchResult();
          in.popLimit(limit);
          searchResult = true;
        }
        case 5 -> {
          int limit = in.pushLimit(in.readRawVarint32());
          pagination();
          in.popLimit(limit);
        }
        default -> { // 7, errorMessage
          int limit = in.pushLimit(in.readRawVarint32());
          g.writeEndArray();
          g.writeArrayFieldStart("errorMessage");
          errors = true;
          while (!in.isAtEnd()) {
            if (in.readTag() != tag(1, STRING)) {
              throw Doubt.INSTANCE;
            }
            message(ERROR);
          }
          in.popLimit(limit);
        }
      }
    }
    if (!ack || !searchResult) {
      throw Doubt.INSTANCE; // the view names what is missing
    }
    if (!errors) {
      g.writeEndArray();
      g.writeArrayFieldStart("errorMessage");
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private void searchResult() throws IOException, Doubt {
    int count = 0, items = 0;
    int tag = in.readTag();
    if (tag == tag(1, VARINT)) {
      count = in.readInt32();
      tag = in.readTag();
    }
    while (tag == tag(2, STRING)) {
      message(ITEM);
      items++;
      tag = in.readTag();
    }
    if (tag != 0 || count != items) {
      throw Doubt.INSTANCE; // another field or order, or a count the view will name
    }
  }

  private void pagination() throws IOException, Doubt {
    int at = 0;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      int n = WireFormat.getTagFieldNumber(tag);
      if (n <= at || n > 4 || tag != tag(n, VARINT)) {
        throw Doubt.INSTANCE;
      }
      at = n;
      in.readInt32();
    }
  }

  /** A length-delimited message {@code f} as a JSON object: its fields, defaults for the absent. */
  private void message(Fields f) throws IOException, Doubt {
    int limit = in.pushLimit(in.readRawVarint32());
    g.writeStartObject();
    int at = -1; // the last field written
    boolean arrayOpen = false;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      int k = WireFormat.getTagFieldNumber(tag) - 1;
      if (k < 0 || k >= f.tags.length || tag != f.tags[k]) {
        throw Doubt.INSTANCE; // not finding.proto's: KnownFields names it
      }
      Kind kind = f.kinds[k];
      if (k == at && kind == Kind.TEXTS) {
        string();
        continue;
      }
      if (k <= at) {
        throw Doubt.INSTANCE; // repeated or out of order: the view's answer
      }
      if (arrayOpen) {
        g.writeEndArray();
        arrayOpen = false;
      }
      absent(f, at + 1, k);
      at = k;
      g.writeFieldName(f.names[k]);
      switch (kind) {
        case ID -> {
          if (string() == 0) {
            throw Doubt.INSTANCE; // an empty itemId: the view names it
          }
        }
        case TEXT, TEXT_OPT -> string();
        case TEXTS -> {
          g.writeStartArray();
          arrayOpen = true;
          string();
        }
        case BOOL, BOOL_OPT -> g.writeBoolean(in.readBool());
        case INT, INT_OPT -> g.writeNumber(in.readInt32());
        case LONG -> g.writeNumber(in.readInt64());
        case PRICE -> g.writeNumber(XsdValues.checkPrice(in.readDouble()));
        case AMOUNT_OPT, PRODUCT_ID_OPT, OBJECT_OPT -> message(f.objects[k]);
      }
    }
    if (arrayOpen) {
      g.writeEndArray();
    }
    absent(f, at + 1, f.names.length);
    g.writeEndObject();
    in.popLimit(limit);
  }

  /** Fields {@code from..to-1} were not sent: what the view gives for each (proto3's defaults). */
  private void absent(Fields f, int from, int to) throws IOException, Doubt {
    if (!ItemSchema.writeAbsent(g, f.schema, from, to)) {
      throw Doubt.INSTANCE; // an item without an itemId: the view names it
    }
  }

  /**
   * A string field's bytes as a JSON string, checked as UTF-8 as protobuf-java checks a proto3
   * string; its length in bytes.
   */
  private int string() throws IOException, Doubt {
    int n = in.readRawVarint32();
    int p = offset + in.getTotalBytesRead();
    in.skipRawBytes(n); // refuses a negative length or one past the message
    int end = p + n;
    boolean escapes = false;
    for (int i = XmlWords.skipPlain(b, p, end); i < end; i = XmlWords.skipPlain(b, i + 1, end)) {
      byte c = b[i];
      if (c < 0) {
        nonAscii(p, n);
        return n;
      }
      escapes |= c < 0x20 || c == '"' || c == '\\';
    }
    if (escapes) {
      g.writeUTF8String(b, p, n); // escapes as writeString does
    } else {
      g.writeRawUTF8String(b, p, n); // nothing JSON escapes: the bytes themselves
    }
    return n;
  }

  private void nonAscii(int p, int n) throws IOException, Doubt {
    if (!UnsafeByteOperations.unsafeWrap(b, p, n).isValidUtf8()) {
      throw Doubt.INSTANCE; // the generated parser refuses it: the view names it
    }
    for (int i = p; i < p + n; i++) {
      if (b[i] >= -16 && b[i] < 0) { // a 4-byte sequence's lead byte
        // Jackson writes a character past U+FFFF as from the view only from a String
        g.writeString(new String(b, p, n, StandardCharsets.UTF_8));
        return;
      }
    }
    g.writeUTF8String(b, p, n);
  }

  /** A string field not kept: its bytes checked as UTF-8 as the generated parser checks them. */
  private int checkedString() throws IOException, Doubt {
    int n = in.readRawVarint32();
    int p = offset + in.getTotalBytesRead();
    in.skipRawBytes(n);
    if (!UnsafeByteOperations.unsafeWrap(b, p, n).isValidUtf8()) {
      throw Doubt.INSTANCE;
    }
    return n;
  }

  /** A field's tag: its number and wire type, as protobuf writes it before the value. */
  private static int tag(int field, int wireType) {
    return field << 3 | wireType;
  }
}

package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.Type;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.finding.ItemSchema.Kind;
import org.wirebench.formats.finding.ItemSchema.Obj;
import org.wirebench.formats.finding.proto.ErrorData;
import org.wirebench.formats.finding.proto.SearchItem;

/**
 * The one item schema agrees with what the writers take from elsewhere: finding.proto's field
 * numbers and types (ProtobufJson reads key k as field k + 1) and the view's hand-written writer,
 * ItemJson, whose keys and order the streamed writers must give.
 */
class ItemSchemaTest {
  @Test
  void keyKIsFindingProtosFieldKPlusOneOfTheKindsType() {
    descriptorAgrees(ItemSchema.ITEM, SearchItem.getDescriptor());
    descriptorAgrees(ItemSchema.ERROR, ErrorData.getDescriptor());
  }

  private static void descriptorAgrees(Obj o, Descriptor d) {
    List<FieldDescriptor> fields = d.getFields();
    assertEquals(o.keys.length, fields.size(), d.getName() + "'s fields");
    for (int k = 0; k < o.keys.length; k++) {
      FieldDescriptor f = fields.get(k);
      String where = d.getName() + "." + f.getName() + " as " + o.keys[k];
      assertEquals(k + 1, f.getNumber(), where);
      // the proto's camel case spells URL as Url: the same name apart from case
      assertTrue(o.keys[k].equalsIgnoreCase(f.getJsonName()), where);
      Kind kind = o.kinds[k];
      assertEquals(type(kind), f.getType(), where);
      assertEquals(kind == Kind.TEXTS, f.isRepeated(), where + ": repeated");
      boolean optional = kind.name().endsWith("_OPT");
      // a message always has presence; a scalar the view leaves out is proto3 optional
      if (f.getType() != Type.MESSAGE) {
        assertEquals(optional, f.hasPresence(), where + ": optional");
      } else {
        assertTrue(optional, where + ": a message may be absent");
        descriptorAgrees(o.objects[k], f.getMessageType());
      }
    }
  }

  private static Type type(Kind kind) {
    return switch (kind) {
      case ID, TEXT, TEXT_OPT, TEXTS -> Type.STRING;
      case BOOL, BOOL_OPT -> Type.BOOL;
      case INT, INT_OPT -> Type.INT32;
      case LONG -> Type.INT64;
      case PRICE -> Type.DOUBLE;
      case AMOUNT_OPT, PRODUCT_ID_OPT, OBJECT_OPT -> Type.MESSAGE;
    };
  }

  @Test
  void theViewsWriterWritesTheSchemasKeysInItsOrder() throws Exception {
    Item base = FindingGenerator.item(FindingGenerator.DEFAULT_SEED, 0);
    Item.Amount price = new Item.Amount("USD", 1.5);
    Item full =
        new Item(
            "1",
            "t",
            "g",
            "s",
            base.primaryCategory(),
            "u",
            "v",
            new Item.ProductId("a", "b"),
            List.of("p"),
            true,
            "z",
            "l",
            "c",
            new Item.ShippingInfo(price, "Flat", List.of("US"), true, true, 1),
            new Item.SellingStatus(price, price, 2, "Active", "P1D"),
            new Item.ListingInfo(true, true, price, price, "s", "e", "t", true),
            true,
            base.condition(),
            true);
    assertEquals(keys(ItemSchema.ITEM, true), written(full, ItemSchema.ITEM));
    Item bare =
        new Item(
            "1", null, null, null, null, null, null, null, List.of(), null, null, null, null, null,
            null, null, false, null, false);
    assertEquals(keys(ItemSchema.ITEM, false), written(bare, ItemSchema.ITEM));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = GatewayJson.generator(out)) {
      ItemJson.writeError(g, new FindingResponse.ErrorData(1, "d", "s", "c", "m", "u"));
    }
    assertEquals(keys(ItemSchema.ERROR, true), read(out.toByteArray(), ItemSchema.ERROR));
  }

  /** Every key of {@code o} and its objects, depth first; the optional ones only if wanted. */
  static List<String> keys(Obj o, boolean optional) {
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < o.keys.length; k++) {
      if (optional || !o.kinds[k].name().endsWith("_OPT")) {
        keys.add(o.keys[k]);
        if (o.objects[k] != null) {
          keys.addAll(keys(o.objects[k], optional));
        }
      }
    }
    return keys;
  }

  private static List<String> written(Item item, Obj o) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = GatewayJson.generator(out)) {
      ItemJson.write(g, item);
    }
    return read(out.toByteArray(), o);
  }

  private static List<String> read(byte[] json, Obj o) throws Exception {
    try (JsonParser p = JsonBackend.JSON.createParser(json)) {
      p.nextToken();
      List<String> keys = new ArrayList<>();
      object(p, o, keys);
      return keys;
    }
  }

  /** The keys of the object the parser is on, depth first, each checked to be of {@code o}. */
  private static void object(JsonParser p, Obj o, List<String> keys) throws Exception {
    assertEquals(JsonToken.START_OBJECT, p.currentToken());
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      keys.add(key);
      int k = List.of(o.keys).indexOf(key);
      assertTrue(k >= 0, key + " is not a key of the schema");
      p.nextToken();
      if (o.objects[k] != null) {
        object(p, o.objects[k], keys);
      } else {
        p.skipChildren();
      }
    }
  }
}

package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.finding.proto.Amount;
import org.wirebench.formats.finding.proto.Category;
import org.wirebench.formats.finding.proto.FindItemsByKeywordsResponse;
import org.wirebench.formats.finding.proto.SearchItem;
import org.wirebench.formats.finding.proto.SellingStatus;

/**
 * The protobuf answer's JSON written as it is read gives the bytes the view gives, or the view's
 * error: for the generated answers and hostile text (straight, with no fallback), for every shape
 * protobuf accepts that it leaves to the view (fields merged, repeated, out of order), for every
 * fault, and for every single-byte edit and cut of an answer.
 */
class ProtobufJsonTest {
  private static final ProtobufBackend PROTOBUF = new ProtobufBackend();

  /** The streamed path alone; throws where it gives up. */
  static byte[] streamed(byte[] body) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ProtobufJson.write(body, 0, body.length, out);
    return out.toByteArray();
  }

  /** What the gateway answers: its JSON, or the error's message; nothing written with an error. */
  static String gateway(byte[] body) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      PROTOBUF.writeGatewayJson(body, 0, body.length, out, out::reset);
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    } catch (BackendPayloadException e) {
      assertEquals(0, out.size(), "a refused answer left JSON behind");
      return "refused: " + e.getMessage();
    }
  }

  /** The same from the view: what the gateway answered before it wrote as it read. */
  static String fromView(byte[] body) {
    try {
      return new String(GatewayJson.toBytes(PROTOBUF.decode(body)), StandardCharsets.UTF_8);
    } catch (BackendPayloadException e) {
      return "refused: " + e.getMessage();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 5, 50, 500})
  void theGeneratedAnswersAreStreamedToTheViewsBytes(int n) throws Exception {
    FindingResponse r = FindingGenerator.response(n, FindingGenerator.DEFAULT_SEED, "ipad");
    byte[] expected = GatewayJson.toBytes(r.view());
    assertArrayEquals(expected, streamed(PROTOBUF.encode(r)), n + " items, no fallback");
  }

  @Test
  void hostileTextAndDefaultsAreStreamedAsTheViewWritesThem() throws Exception {
    Item base = FindingGenerator.item(1, 0);
    String hostile =
        "a & b < c > d \"q\" \\ 'a' é 日本 \uD83D\uDE00 tab\there\nline\u0001\u007f end of it";
    Item.Amount nothing = new Item.Amount("", 0.0);
    Item full =
        new Item(
            base.itemId(),
            hostile,
            hostile.substring(0, 9),
            hostile,
            new Item.Category("1", hostile),
            "\uD83D\uDE00",
            "é",
            new Item.ProductId("Ref&<", hostile),
            List.of(hostile, "", "PayPal"),
            false,
            "",
            hostile,
            "",
            new Item.ShippingInfo(nothing, "", List.of(), false, false, 0),
            new Item.SellingStatus(nothing, null, 0, "", ""),
            new Item.ListingInfo(false, false, null, nothing, "", "", "", false),
            false,
            new Item.Condition(0, ""),
            false);
    // all but the id left out: every default the view gives, in its place
    Item bare =
        new Item(
            "7", null, null, null, null, null, null, null, List.of(), null, null, null, null, null,
            null, null, false, null, false);
    FindingResponse r =
        new FindingResponse(
            "Warning",
            "1.12.0 é",
            "t",
            List.of(full, bare, base),
            new FindingResponse.Pagination(1, 1, 1, 1),
            "u&v",
            List.of(
                new FindingResponse.ErrorData(
                    -5, "Marketplace", "Warning", "Request", hostile, "Search"),
                new FindingResponse.ErrorData(0, "", "", "", "", "")));
    byte[] body = PROTOBUF.encode(r);
    assertEquals(r.view(), PROTOBUF.decode(body));
    assertArrayEquals(GatewayJson.toBytes(r.view()), streamed(body), "no fallback");
    // inside a larger buffer, as a server's may hold it: the offset is where the answer starts
    byte[] framed = new byte[body.length + 13];
    java.util.Arrays.fill(framed, (byte) 0xFF);
    System.arraycopy(body, 0, framed, 7, body.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ProtobufJson.write(framed, 7, body.length, out);
    assertArrayEquals(GatewayJson.toBytes(r.view()), out.toByteArray(), "at offset 7");
  }

  /** Protobuf accepts these; the view's answer (the last value, merged messages) is the one. */
  @Test
  void shapesLeftToTheViewGiveTheViewsBytes() throws Exception {
    FindingResponse five = FindingGenerator.response(5, FindingGenerator.DEFAULT_SEED, "ipad");
    byte[] answer = PROTOBUF.encode(five);
    byte[] item = itemBytes(five, 0);
    byte[][] laterParts = {
      SearchItem.newBuilder().setTitle("a later title").build().toByteArray(),
      SearchItem.newBuilder().setItemId("a later id").build().toByteArray(),
      SearchItem.newBuilder()
          .setPrimaryCategory(Category.newBuilder().setCategoryName("merged"))
          .build()
          .toByteArray(),
      SearchItem.newBuilder().addPaymentMethod("Later").build().toByteArray(),
      SearchItem.newBuilder()
          .setSellingStatus(
              SellingStatus.newBuilder()
                  .setCurrentPrice(Amount.newBuilder().setValue(2.5).setCurrencyId("EUR")))
          .build()
          .toByteArray(),
      SearchItem.newBuilder().setReturnsAccepted(true).build().toByteArray(),
    };
    List<byte[]> bodies = new ArrayList<>();
    for (byte[] later : laterParts) {
      bodies.add(response(1, concat(item, later))); // the same field again, after others
      bodies.add(response(1, concat(later, item))); // a field before one it follows
    }
    bodies.add(
        concat(
            answer,
            FindItemsByKeywordsResponse.newBuilder().setAck("Warning").build().toByteArray()));
    bodies.add(searchResultFirst(item)); // the count after the items
    for (byte[] body : bodies) {
      assertThrows(Exception.class, () -> streamed(body), "left to the view");
      String view = fromView(body);
      assertFalse(view.startsWith("refused"), view);
      assertEquals(view, gateway(body));
    }
  }

  @Test
  void faultsAreTheViewsErrorWithNothingWritten() throws Exception {
    FindingResponse one = FindingGenerator.response(1, FindingGenerator.DEFAULT_SEED, "ipad");
    byte[] item = itemBytes(one, 0);
    byte[] badUtf8 = {(byte) 0xC3, 0x28};
    byte[][] faults = {
      response(2, item), // a count that differs
      response(1, concat(item, field(99, "x".getBytes(StandardCharsets.UTF_8)))), // unknown
      response(1, concat(item, new byte[] {0x10, 0x01})), // title (2) as a varint
      response(1, concat(item, field(2, badUtf8))), // a title that is not UTF-8
      response(1, SearchItem.newBuilder().setTitle("no id").build().toByteArray()),
      response(1, concat(item, field(1, new byte[0]))), // an empty itemId, the last one
      response(
          1,
          concat(
              item,
              SearchItem.newBuilder()
                  .setSellingStatus(
                      SellingStatus.newBuilder()
                          .setConvertedCurrentPrice(Amount.newBuilder().setValue(Double.NaN)))
                  .build()
                  .toByteArray())),
      concat(field(2, badUtf8), response(1, item)), // a version that is not UTF-8
      FindItemsByKeywordsResponse.newBuilder().setVersion("1").build().toByteArray(), // no ack
      FindItemsByKeywordsResponse.newBuilder().setAck("Success").build().toByteArray(),
      new byte[0],
      concat(response(1, item), response(1, item)), // merged: two items, count 1
      concat(response(1, item), new byte[] {0x0C}), // an end-group tag
    };
    for (byte[] body : faults) {
      String view = fromView(body);
      assertTrue(view.startsWith("refused"), view);
      assertEquals(view, gateway(body));
    }
  }

  @Test
  void everySingleByteEditAndCutGivesTheViewsAnswer() throws Exception {
    byte[] one =
        PROTOBUF.encode(FindingGenerator.response(1, FindingGenerator.DEFAULT_SEED, "ipad"));
    byte[] values = {
      0x00,
      0x01,
      0x08,
      0x0A,
      0x12,
      0x22,
      0x5C,
      0x7F,
      (byte) 0x80,
      (byte) 0xC3,
      (byte) 0xF0,
      (byte) 0xFF
    };
    for (int i = 0; i < one.length; i++) {
      for (byte v : values) {
        if (one[i] != v) {
          byte[] edited = one.clone();
          edited[i] = v;
          assertEquals(fromView(edited), gateway(edited), "byte " + i + " set to " + (v & 0xFF));
        }
      }
      byte[] cut = java.util.Arrays.copyOf(one, i);
      assertEquals(fromView(cut), gateway(cut), "cut at " + i);
    }
    Random random = new Random(27);
    byte[] five =
        PROTOBUF.encode(FindingGenerator.response(5, FindingGenerator.DEFAULT_SEED, "ipad"));
    for (int trial = 0; trial < 1_000; trial++) {
      byte[] edited = five.clone();
      for (int k = 0; k < 1 + random.nextInt(3); k++) {
        edited[random.nextInt(edited.length)] = (byte) random.nextInt(256);
      }
      assertEquals(fromView(edited), gateway(edited), "trial " + trial);
    }
  }

  private static byte[] itemBytes(FindingResponse r, int i) throws Exception {
    return FindItemsByKeywordsResponse.parseFrom(PROTOBUF.encode(r))
        .getSearchResult()
        .getItem(i)
        .toByteArray();
  }

  /** An answer with an ack, and a searchResult of {@code count} and these items' bytes. */
  private static byte[] response(int count, byte[]... items) throws Exception {
    ByteArrayOutputStream result = new ByteArrayOutputStream();
    CodedOutputStream r = CodedOutputStream.newInstance(result);
    r.writeInt32(1, count);
    for (byte[] item : items) {
      r.writeByteArray(2, item);
    }
    r.flush();
    return concat(
        field(1, "Success".getBytes(StandardCharsets.UTF_8)), field(4, result.toByteArray()));
  }

  private static byte[] searchResultFirst(byte[] item) throws Exception {
    ByteArrayOutputStream result = new ByteArrayOutputStream();
    CodedOutputStream r = CodedOutputStream.newInstance(result);
    r.writeByteArray(2, item);
    r.writeInt32(1, 1);
    r.flush();
    return concat(
        field(1, "Success".getBytes(StandardCharsets.UTF_8)), field(4, result.toByteArray()));
  }

  /** A length-delimited field {@code number} holding {@code value}. */
  private static byte[] field(int number, byte[] value) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CodedOutputStream c = CodedOutputStream.newInstance(out);
    c.writeByteArray(number, value);
    c.flush();
    return out.toByteArray();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}

package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The XML answer's JSON written as it is read gives the bytes the view gives, or the view's error:
 * for the generated answers (straight, with no fallback), for every shape it leaves to the view,
 * and for every single-byte edit of an answer.
 */
class FindingXmlJsonTest {
  private static final XmlBackend XML = new XmlBackend();
  static final String ONE =
      new String(
          FindingXmlWriter.write(FindingGenerator.response(1, FindingGenerator.DEFAULT_SEED, "x")),
          StandardCharsets.UTF_8);

  /** The streamed path alone; throws where it gives up. */
  static byte[] streamed(byte[] body) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    FindingXmlJson.write(body, 0, body.length, out);
    return out.toByteArray();
  }

  /** What the gateway answers: its JSON, or the error's message; nothing written with an error. */
  static Object gateway(byte[] body) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XML.writeGatewayJson(body, 0, body.length, out, out::reset);
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    } catch (BackendPayloadException e) {
      assertEquals(0, out.size(), "a refused answer left JSON behind");
      return "refused: " + e.getMessage();
    }
  }

  /** The same from the view: what the gateway answered before it wrote as it read. */
  static Object fromView(byte[] body) {
    try {
      return new String(GatewayJson.toBytes(XML.decode(body)), StandardCharsets.UTF_8);
    } catch (BackendPayloadException e) {
      return "refused: " + e.getMessage();
    }
  }

  static void agree(String doc, String what) throws Exception {
    byte[] body = doc.getBytes(StandardCharsets.UTF_8);
    assertEquals(fromView(body), gateway(body), what);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 5, 50, 500})
  void theGeneratedAnswersAreStreamedToTheViewsBytes(int n) throws Exception {
    FindingResponse r = FindingGenerator.response(n, FindingGenerator.DEFAULT_SEED, "ipad");
    byte[] expected = GatewayJson.toBytes(r.view());
    assertArrayEquals(expected, streamed(FindingXmlWriter.write(r)), n + " items, no fallback");
  }

  @Test
  void hostileTextIsEscapedAsJacksonEscapesAString() throws Exception {
    Item base = FindingGenerator.item(1, 0);
    // a 4-byte character Jackson writes as an escaped surrogate pair; tabs, line ends, quotes
    String hostile = "a & b < c > d ]]> \"q\" \\ 'a' é 日本 \uD83D\uDE00 tab\there\nline";
    Item item =
        new Item(
            base.itemId(),
            hostile,
            base.globalId(),
            hostile,
            new Item.Category("1", hostile),
            null,
            null,
            new Item.ProductId("Refé\uD83D\uDE00", hostile),
            List.of(hostile, ""),
            null,
            null,
            hostile,
            null,
            base.shippingInfo(),
            base.sellingStatus(),
            base.listingInfo(),
            true,
            base.condition(),
            true);
    FindingResponse r =
        new FindingResponse(
            "Warning",
            "1.12.0",
            "t",
            List.of(item),
            new FindingResponse.Pagination(1, 1, 1, 1),
            "u",
            List.of(new FindingResponse.ErrorData(5, "M", "Warning", "R", hostile, "S")));
    byte[] body = FindingXmlWriter.write(r);
    assertArrayEquals(GatewayJson.toBytes(r.view()), streamed(body), "no fallback");
  }

  @Test
  void shapesLeftToTheViewGiveTheViewsBytes() throws Exception {
    String item = ONE.substring(ONE.indexOf("<item>"), ONE.indexOf("</item>") + 7);
    String[][] edits = {
      {"<itemId>", "<title>First</title><itemId>"}, // out of order, then repeated
      {"</item>", "<title>Again</title></item>"}, // repeated: the view keeps the last
      {"<location>", "<paymentMethod>Late</paymentMethod><location>"}, // a list split
      {"<globalId>", "<unknown a='1'><title>x</title></unknown><globalId>"}, // skipped
      {"</searchResult>", "</searchResult><searchResult count='1'>" + item + "</searchResult>"},
      {
        "<ack>Success</ack>",
        "<errorMessage><error><errorId>7</errorId></error></errorMessage>" + "<ack>Warning</ack>"
      },
      {"<ack>Success</ack>", "<ack> Success </ack><ack>Success</ack>"},
      {"<searchResult count=\"1\">", "<searchResult>"},
    };
    for (String[] e : edits) {
      String doc = ONE.replaceFirst(java.util.regex.Pattern.quote(e[0]), e[1]);
      agree(doc, e[1]);
    }
    // every optional or required field of an item left out, one at a time; an amount and a
    // product id are one element each, their keys are not elements
    List<String> fields = ItemSchemaTest.keys(ItemSchema.ITEM, true);
    fields.removeAll(List.of("currencyId", "value", "type"));
    for (String f : fields) {
      String doc = ONE.replaceAll("<" + f + "\\b[^>]*>.*?</" + f + ">", "");
      agree(doc, "without " + f);
      agree(ONE.replaceAll("<" + f + "\\b[^>]*>.*?</" + f + ">", "<" + f + "/>"), f + " empty");
    }
    agree(ONE.replace("<gift>false</gift>", "<gift> 1 </gift>"), "a boolean in another form");
  }

  @Test
  void aFaultFoundAfterTheItemsIsTheViewsErrorWithNothingWritten() throws Exception {
    String[] faults = {
      ONE.replace("<searchResult count=\"1\">", "<searchResult count=\"2\">"),
      ONE.replace("<ack>Success</ack>", "<ack></ack>"),
      ONE.replace("<gift>false</gift>", "<gift>maybe</gift>"),
      ONE.replaceFirst("<searchResult[^>]*>.*</searchResult>", ""),
      ONE.replaceFirst("<itemId>[^<]*</itemId>", ""),
      ONE.replaceFirst("(<currentPrice[^>]*>)[^<]*", "$1NaN"),
    };
    for (String doc : faults) {
      byte[] body = doc.getBytes(StandardCharsets.UTF_8);
      assertThrows(Exception.class, () -> streamed(body));
      Object answer = gateway(body);
      assertEquals(fromView(body), answer);
      assertEquals("refused: ", answer.toString().substring(0, 9), doc);
    }
  }

  @Test
  void aSimplePriceIsReadAsDoubleParseDoubleReadsIt() {
    java.util.Random r = new java.util.Random(20120622L);
    for (int i = 0; i < 200_000; i++) {
      int scale = r.nextInt(16);
      long digits = (long) (r.nextDouble() * Math.pow(10, 1 + r.nextInt(15)));
      String s = java.math.BigDecimal.valueOf(digits, scale).toPlainString();
      double expected = Double.parseDouble(s);
      double simple = XsdValues.simpleDecimal(s);
      if (simple >= 0) {
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(simple), s);
      }
      assertEquals(expected, XsdValues.parsePrice(s), s);
    }
    for (String other : List.of("1.", ".5", "1..2", "1e3", "+1", "-1", " 1", "1234567890123456")) {
      assertEquals(-1, XsdValues.simpleDecimal(other), other);
    }
  }

  @Test
  void everySingleByteEditGivesTheViewsAnswer() throws Exception {
    byte[] one = ONE.getBytes(StandardCharsets.UTF_8);
    byte[] edits = {'<', '&', '/', '"', '1', 0x0D, (byte) 0xF0};
    for (int i = 0; i < one.length; i++) {
      for (byte e : edits) {
        if (one[i] != e) {
          byte[] edited = one.clone();
          edited[i] = e;
          assertEquals(fromView(edited), gateway(edited), "byte " + i + " set to " + (e & 0xFF));
        }
      }
    }
  }
}

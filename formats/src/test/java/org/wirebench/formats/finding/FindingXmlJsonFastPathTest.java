package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.formats.finding.FindingXmlJsonTest.ONE;
import static org.wirebench.formats.finding.FindingXmlJsonTest.agree;
import static org.wirebench.formats.finding.FindingXmlJsonTest.fromView;
import static org.wirebench.formats.finding.FindingXmlJsonTest.gateway;
import static org.wirebench.formats.finding.FindingXmlJsonTest.streamed;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The streamed XML path's shortcuts give the view's bytes or error on the inputs that would tell a
 * shortcut from the long way: a name that only begins like the field expected next, a text with
 * references of every length (and one past U+FFFF), integers and prices in every form, every cut.
 */
class FindingXmlJsonFastPathTest {
  private static String replace(String doc, String from, String to) {
    if (!doc.contains(from)) {
      throw new AssertionError("the generated answer has no " + from);
    }
    return doc.replace(from, to);
  }

  @Test
  void aNameThatOnlyBeginsLikeTheNextFieldIsNotTakenForIt() throws Exception {
    // the fifth: whether the answer is still read as it comes (well-formed, in order)
    String[][] edits = {
      {"<title>", "<titleX>", "</title>", "</titleX>", "streamed"}, // longer: unknown, skipped
      {"<title>", "<titl>", "</title>", "</titl>", "streamed"}, // shorter
      {"<title>", "<title.x>", "</title>", "</title.x>", "streamed"},
      {"<title>", "<title-x>", "</title>", "</title-x>", "streamed"},
      {"<title>", "<x:title xmlns:x='urn:x'>", "</title>", "</x:title>", "streamed"}, // prefixed
      {"<title>", "<title:x xmlns:title='urn:x'>", "</title>", "</title:x>", "streamed"},
      {"<title>", "<title >", "</title>", "</title >", "streamed"},
      {"<title>", "<title\n\t\r>", "</title>", "</title\n>", "streamed"},
      {"<title>", "<title a='1'>", "</title>", "</title>", "streamed"},
      {"<title>", "<Title>", "</title>", "</Title>", "streamed"},
      {"<title>", "<title>", "</title>", "</titleX>", "refused"}, // end tag longer than the start
      {"<title>", "<title>", "</title>", "</titl>", "refused"},
      {"<title>", "<titleX>", "</title>", "</title>", "refused"},
      {"<paymentMethod>", "<paymentMethods>", "</paymentMethod>", "</paymentMethods>", "streamed"},
      {"<condition>", "<conditionId>", "</condition>", "</conditionId>", "streamed"},
      {"<gift>", "<giftX>", "</gift>", "</giftX>", "streamed"},
    };
    for (String[] e : edits) {
      String doc = replace(replace(ONE, e[0], e[1]), e[2], e[3]);
      agree(doc, e[1] + " … " + e[3]);
      byte[] body = doc.getBytes(StandardCharsets.UTF_8);
      if (e[4].equals("streamed")) {
        assertEquals(fromView(body), new String(streamed(body), StandardCharsets.UTF_8), e[1]);
      } else {
        assertTrue(fromView(body).toString().startsWith("refused: "), e[3]);
      }
    }
    String[] more = {
      "<title/>",
      "<title />",
      "<title\n/>",
      "<titleX/>",
      "<title></title>",
      "<title>x</title><title/>"
    };
    for (String m : more) {
      agree(ONE.replaceFirst("<title>[^<]*</title>", m), m);
    }
    // a list's next value, a list split by another field, a list's name that only begins alike
    String pay = "<paymentMethod>PayPal</paymentMethod>";
    for (String m :
        List.of(
            pay + "<paymentMethod>Visa</paymentMethod><paymentMethod/>",
            pay + "<paymentMethodX>Visa</paymentMethodX><paymentMethod>Amex</paymentMethod>",
            pay + "<!-- c --><paymentMethod>Visa</paymentMethod>",
            pay + "<autoPay>true</autoPay><paymentMethod>Visa</paymentMethod>")) {
      agree(replace(ONE, pay, m), m);
    }
  }

  @Test
  void aLeafReadThroughItsEndTagAtOnceEndsAsTheLongWayEndsIt() throws Exception {
    // a text-only element with a bare start tag is read through its end tag in one go: an end
    // tag other than the bare one, a child, empty elements, attributes and a binding (the long way,
    // which must end the binding with the element)
    String price = "<currentPrice currencyId=\"USD\">";
    String[][] edits = {
      {"</title>", "</title >", "streamed"},
      {"</title>", "</title\n\t>", "streamed"},
      {"</handlingTime>", "</handlingTime >", "streamed"},
      {"</currentPrice>", "</currentPrice >", "streamed"},
      {"</title>", "</titl>", "refused"},
      {"</title>", "</titleX>", "refused"},
      {"</title>", "</title", "refused"},
      {"</title>", "<b/></title>", "left"}, // a child or a comment: left to the view
      {"</title>", "<!-- c --></title>", "left"},
      {"<title>", "<title xmlns:x='urn:x'>", "streamed"},
      {"</title>", "</title><x:title/>", "refused"}, // its prefix unbound again
      {"<title>", "<title xmlns:x='urn:x'>", "</title>", "</title><x:title/>", "refused"},
      {"<title>", "<title xmlns='urn:other'>", "streamed"}, // the view reads local names only
      {price, "<currentPrice currencyId=\"USD\" a='1'>", "streamed"},
      {price, "<currentPrice currencyId=\"EUR\"\n>", "streamed"},
      {"<globalId>EBAY-US</globalId>", "<globalId/>", "streamed"},
      {"<globalId>EBAY-US</globalId>", "<globalId  />", "streamed"},
      {"<globalId>EBAY-US</globalId>", "<globalId x='1'/>", "streamed"},
    };
    for (String[] e : edits) {
      String doc = replace(ONE, e[0], e[1]);
      if (e.length == 5) {
        doc = replace(doc, e[2], e[3]);
      }
      String expected = e[e.length - 1];
      agree(doc, String.join(" … ", e));
      byte[] body = doc.getBytes(StandardCharsets.UTF_8);
      Object view = fromView(body);
      if (expected.equals("streamed")) {
        assertEquals(view, new String(streamed(body), StandardCharsets.UTF_8), e[1]);
      } else if (expected.equals("refused")) {
        assertTrue(view.toString().startsWith("refused: "), e[1] + ": " + view);
      }
    }
  }

  @Test
  void aTextWithReferencesIsWrittenAsTheViewWritesIt() throws Exception {
    // one byte, two, three, four (past U+FFFF: Jackson escapes it from a String), and bad ones
    String[] texts = {
      "&#233;",
      "&#xE9;&#x20AC;",
      "a&#x1F600;b",
      "&#13;&#9;&#10;&#x7F;",
      "&lt;&gt;&amp;&quot;&apos;",
      "&#0;",
      "&#xD800;",
      "&#xFFFE;",
      "&#x110000;",
      "&nbsp;",
      "&#x;",
      "&#;",
      "&amp",
      "&#12345678901;",
      "\\\"\u0001",
      "a\"b",
      "a\\b",
      "a\tb",
      "a\nb",
      "/\u007f\u00e9",
      "\u00e9\u20ac\uD83D\uDE00",
      "<![CDATA[<x>]]>",
      "a<!-- c -->b",
      "a\r\nb",
      "]]>"
    };
    String[] targets = {
      "<title>",
      "<categoryName>",
      "<location>",
      "<paymentMethod>",
      "<conditionDisplayName>",
      "<shippingServiceCost currencyId=\"USD\">",
      "<handlingTime>",
      "<gift>"
    };
    for (String t : targets) {
      for (String text : texts) {
        String doc = replace(ONE, t, t + text);
        agree(doc, t + text);
        agree(
            ONE.replaceFirst(Pattern.quote(t) + "[^<]*", Matcher.quoteReplacement(t + text)), text);
      }
    }
    // an attribute with a 4-byte character, and one with a reference (Woodstox's to read)
    for (String v : List.of("U\uD83D\uDE00", "U&#x1F600;", "&amp;", "")) {
      agree(ONE.replaceFirst("currencyId=\"USD\"", "currencyId=\"" + v + "\""), v);
    }
  }

  @Test
  void integersAndPricesInEveryFormAreReadAsTheViewReadsThem() throws Exception {
    String[] ints = {
      "0",
      "007",
      "+5",
      "-0",
      "-5",
      " 5 ",
      "5 ",
      "\n5",
      "999999999",
      "1234567890",
      "2147483647",
      "2147483648",
      "9999999999",
      "4294967297",
      "-2147483648",
      "00000000000000000001",
      "",
      "5.0",
      "5e0",
      "\u0665",
      "0x5",
      "1_0"
    };
    for (String v : ints) {
      agree(
          ONE.replace("<handlingTime>1</handlingTime>", "<handlingTime>" + v + "</handlingTime>"),
          v);
      agree(
          ONE.replace("<conditionId>2500</conditionId>", "<conditionId>" + v + "</conditionId>"),
          v);
    }
    String[] prices = {
      "21.17",
      "021.170",
      "0.0",
      "0",
      "1.",
      ".5",
      "1..2",
      "1e3",
      "1E-3",
      "+1",
      "-1.0",
      " 21.17",
      "21.17 ",
      "123456789012345",
      "1234567890123456",
      "12345678901234.5",
      "1234567890123.45",
      "0.000000000000001",
      "0.1000000000000000",
      "1.7976931348623157E309",
      "NaN",
      "INF",
      "",
      "2\u00b9"
    };
    for (String v : prices) {
      agree(ONE.replaceFirst("(<currentPrice[^>]*>)[^<]*", "$1" + Matcher.quoteReplacement(v)), v);
    }
  }

  @Test
  void everyCutOfAnAnswerIsTheViewsError() throws Exception {
    byte[] one = ONE.getBytes(StandardCharsets.UTF_8);
    for (int length = 0; length < one.length; length++) {
      byte[] cut = Arrays.copyOf(one, length);
      assertEquals(fromView(cut), gateway(cut), "cut at " + length);
    }
  }

  @Test
  void theFiftyItemAnswerIsStreamedWithNoFallback() throws Exception {
    FindingResponse r = FindingGenerator.response(50, 7, "ipad");
    byte[] body = FindingXmlWriter.write(r);
    assertArrayEquals(GatewayJson.toBytes(r.view()), streamed(body));
  }
}

package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fast XML reader may give up on any document, but what it accepts Woodstox must accept with
 * the same view: checked on the generated answers, on every cut and on thousands of single-byte
 * edits of one, and on each construct the fast reader leaves to Woodstox.
 */
class Utf8XmlCursorTest {
  private static final byte[] ONE =
      FindingXmlWriter.write(FindingGenerator.response(1, FindingGenerator.DEFAULT_SEED, "ipad"));

  /** The view, or the error's message: what a decoder's caller can see. */
  private static Object outcome(Decoder d, byte[] body) {
    try {
      return d.decode(body);
    } catch (BackendPayloadException e) {
      return "refused: " + e.getMessage();
    }
  }

  interface Decoder {
    GatewayView decode(byte[] body) throws BackendPayloadException;
  }

  /** The fast reader's view (null when it gave up) agrees with Woodstox, and read with both. */
  private static GatewayView agree(byte[] body, String what) {
    Object woodstox = outcome(b -> FindingXmlReader.readWoodstox(b, 0, b.length), body);
    GatewayView fast;
    try {
      fast = FindingXmlReader.readFast(body, 0, body.length);
    } catch (Exception e) {
      fast = null;
    }
    if (fast != null) {
      assertEquals(woodstox, fast, what + ": the fast reader accepted what Woodstox reads so");
    }
    assertEquals(woodstox, outcome(b -> FindingXmlReader.read(b, 0, b.length), body), what);
    return fast;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 5, 50})
  void theGeneratedAnswersTakeTheFastPath(int n) throws Exception {
    FindingResponse r = FindingGenerator.response(n, FindingGenerator.DEFAULT_SEED, "ipad");
    byte[] body = FindingXmlWriter.write(r);
    assertEquals(r.view(), FindingXmlReader.readFast(body, 0, body.length));
    assertEquals(r.view(), agree(body, n + " items"));
  }

  @Test
  void everyCutAgreesWithWoodstox() {
    for (int length = 0; length <= ONE.length; length++) {
      byte[] cut = java.util.Arrays.copyOf(ONE, length);
      agree(cut, "cut at " + length);
    }
  }

  @Test
  void everySingleByteEditAgreesWithWoodstox() {
    byte[] edits = {
      '<',
      '>',
      '&',
      '/',
      ' ',
      '"',
      ':',
      '!',
      ']',
      ';',
      0,
      0x0D,
      (byte) 0xC3,
      (byte) 0xED,
      (byte) 0xFF
    };
    for (int i = 0; i < ONE.length; i++) {
      for (byte e : edits) {
        if (ONE[i] != e) {
          byte[] edited = ONE.clone();
          edited[i] = e;
          agree(edited, "byte " + i + " set to " + (e & 0xFF));
        }
      }
    }
  }

  @Test
  void whatTheFastReaderLeavesToWoodstoxIsReadAsWoodstoxReadsIt() {
    String doc = new String(ONE, StandardCharsets.UTF_8);
    String[][] edits = {
      {"<ack>Success</ack>", "<ack>Suc\r\ncess</ack>"},
      {"<ack>Success</ack>", "<ack>Suc&#13;&#x10000;&lt;&amp;&gt;&quot;&apos;cess</ack>"},
      {"<ack>Success</ack>", "<ack><![CDATA[Succ]]>ess</ack>"},
      {"<ack>Success</ack>", "<ack>Succ<!-- c -->ess</ack>"},
      {"<ack>Success</ack>", "<ack>Succ<?pi x?>ess</ack>"},
      {"<ack>Success</ack>", "<ack>Succ]]>ess</ack>"},
      {"<ack>Success</ack>", "<ack>Success</ack><!-- a -- b -->"},
      {"<ack>Success</ack>", "<ack>Success</ack><x:y/>"},
      {"<ack>Success</ack>", "<ack>Success</ack><x:y xmlns:x='u'/>"},
      {"<ack>Success</ack>", "<ack>Success</ack><y a='1' a='2'/>"},
      {"<ack>Success</ack>", "<ack>Success</ack><y a='1'b='2'/>"},
      {"<ack>Success</ack>", "<ack>Success</ack><y x:a='1' xmlns:x='u'/>"},
      {"<ack>Success</ack>", "<ack>Success</ack><y xmlns:x=''/>"},
      {"<ack>Success</ack>", "<ack>Success</ack><y a='&#0;'/>"},
      {"<ack>Success</ack>", "<ack>Success&#xFFFE;</ack>"},
      {"<ack>Success</ack>", "<ack>Success&#55296;</ack>"},
      {"<ack>Success</ack>", "<ack>Success&nbsp;</ack>"},
      {"<ack>Success</ack>", "<ack>Succ\u00e9ss \uD83D\uDE00</ack>"},
      {"<ack>Success</ack>", "<ack >Success</ack >"},
      {"<ack>Success</ack>", "<ack>Success</acK>"},
      {"<ack>Success</ack>", "<ack>Success</ack><ack/>"},
      {"<ack>Success</ack>", "<ack/>"},
      {"count=\"1\"", "count=\"1\" count2=\"&amp;\""},
      {"count=\"1\"", "count=\" 1\""},
      {"count=\"1\"", "count=\"1\t\""},
      {"</soapenv:Envelope>", "</soapenv:Envelope><!-- after -->\n"},
      {"</soapenv:Envelope>", "</soapenv:Envelope><again/>"},
      {"</soapenv:Envelope>", "</soapenv:Envelope>text"},
      {"</soapenv:Envelope>", "</soapenv:Envelope"},
      {"</soapenv:Body>", "</soapenv:Body><soapenv:Extra>&x;</soapenv:Extra>"},
      {"<?xml version='1.0' encoding='utf-8'?>", ""},
      {"<?xml version='1.0' encoding='utf-8'?>", "\uFEFF"},
      {"<?xml version='1.0' encoding='utf-8'?>", "<?xml version='1.1'?>"},
      {"<?xml version='1.0' encoding='utf-8'?>", "<?xml version='1.0' encoding='ISO-8859-1'?>"},
      {"<?xml version='1.0' encoding='utf-8'?>", "<!-- first -->"},
      {"<?xml version='1.0' encoding='utf-8'?>", " <?xml version='1.0'?>"},
      {"<?xml version='1.0' encoding='utf-8'?>", "<!DOCTYPE x>"},
    };
    int matched = 0;
    for (String[] e : edits) {
      if (doc.contains(e[0])) {
        matched++;
        agree(utf8(doc.replace(e[0], e[1])), e[1]);
      }
    }
    assertEquals(edits.length, matched, "every edit applies to the generated document");
  }

  @Test
  void aDocumentTooDeepOrWithManyAttributesIsLeftToWoodstox() {
    String deep = "<a>".repeat(100) + "</a>".repeat(100);
    String doc = new String(ONE, StandardCharsets.UTF_8);
    agree(utf8(doc.replace("<ack>Success</ack>", "<ack>Success</ack>" + deep)), "deep");
    StringBuilder many = new StringBuilder("<y");
    for (int i = 0; i < 20; i++) {
      many.append(" a").append(i).append("='1'");
    }
    agree(utf8(doc.replace("<ack>Success</ack>", "<ack>Success</ack>" + many + "/>")), "many");
  }

  @Test
  void theFastReaderGivesUpOnADoctypeWithoutReadingIt() {
    byte[] xxe =
        utf8(
            "<!DOCTYPE r [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><findItemsByKeywordsResponse"
                + " xmlns='"
                + FindingResponse.NAMESPACE
                + "'><ack>&x;</ack></findItemsByKeywordsResponse>");
    assertThrows(
        Utf8XmlCursor.Unsupported.class, () -> FindingXmlReader.readFast(xxe, 0, xxe.length));
  }

  /** Woodstox reads a text when asked for it, and threw its unchecked WstxLazyException then. */
  @Test
  void aBadCharacterReferenceIsAPayloadErrorNotAnUncheckedOne() {
    String doc = new String(ONE, StandardCharsets.UTF_8);
    for (String bad : List.of("&#xFFFE;", "&#t;", "&#", "&#55296;")) {
      byte[] body = utf8(doc.replace("<ack>Success</ack>", "<ack>Success" + bad + "</ack>"));
      BackendPayloadException e =
          assertThrows(
              BackendPayloadException.class, () -> BackendFormats.get("xml").decode(body), bad);
      assertTrue(e.getMessage().startsWith("the XML backend's answer is not well-formed"), bad);
    }
  }
}

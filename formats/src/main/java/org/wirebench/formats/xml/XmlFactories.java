package org.wirebench.formats.xml;

import com.ctc.wstx.api.WstxOutputProperties;
import com.ctc.wstx.exc.WstxLazyException;
import com.ctc.wstx.stax.WstxInputFactory;
import com.ctc.wstx.stax.WstxOutputFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.XMLOutputFactory2;
import org.codehaus.stax2.XMLStreamWriter2;
import org.codehaus.stax2.io.Stax2ByteArraySource;

/**
 * Woodstox factories, configured once. Readers never load a DTD or resolve an external entity;
 * writers skip the structural checks our encoders do not need.
 */
public final class XmlFactories {
  private static final WstxInputFactory INPUT = newInputFactory();
  private static final WstxOutputFactory OUTPUT = new WstxOutputFactory();

  /**
   * How Woodstox words a limit of its own it stopped at: "Attribute limit (1000) exceeded",
   * "Maximum attribute size limit (524288) exceeded", "Text size limit (…) exceeded", "Maximum
   * Element Depth limit (1000) Exceeded", "Maximum entity expansion count limit (…) exceeded" …
   * (its StreamScanner, AttributeCollector and InputElementStack); its exception is the one it
   * throws for XML that is not well-formed.
   */
  private static final Pattern LIMIT = Pattern.compile("(?i)[^\\n]*\\blimit \\(\\d+\\) exceeded");

  static {
    OUTPUT.setProperty(XMLOutputFactory2.P_AUTOMATIC_EMPTY_ELEMENTS, false);
    OUTPUT.setProperty(WstxOutputProperties.P_OUTPUT_VALIDATE_STRUCTURE, false);
  }

  private XmlFactories() {}

  /**
   * A reader factory configured as every reader here is (namespace-aware, coalescing, no DTD, no
   * entity replaced or resolved), for a caller that sets a limit of its own on it.
   */
  public static WstxInputFactory newInputFactory() {
    WstxInputFactory f = new WstxInputFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
    f.setProperty(XMLInputFactory.IS_COALESCING, true);
    f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
    return f;
  }

  /**
   * The line naming the reader's own limit that {@code e} or one of its causes reports, or null
   * when it reports none (XML that is not well-formed, or anything else): a request may be
   * well-formed and only larger than the reader takes, which is no malformed request.
   */
  public static String limitExceeded(Throwable e) {
    Throwable t = e;
    for (int i = 0; t != null && i < 8; i++, t = t.getCause()) { // a few causes: no cycle followed
      if (t.getMessage() != null) {
        Matcher m = LIMIT.matcher(t.getMessage());
        if (m.find()) {
          return m.group().strip();
        }
      }
    }
    return null;
  }

  /** A reading of a Woodstox reader that may refuse what it reads with {@code E}. */
  @FunctionalInterface
  public interface Reading<T, E extends Exception> {
    T read() throws XMLStreamException, E;
  }

  /**
   * {@code reading}, every parse error it meets thrown as the {@link XMLStreamException} it is.
   * Woodstox parses a text only when it is asked for it ({@code getText}, {@code getElementText}, a
   * value checked against a schema), and from a method that declares no exception throws the error
   * then, wrapped in the unchecked {@link WstxLazyException}: a reader of a client's or a backend's
   * XML that turns XMLStreamException into the protocol's own error (a reference to a character XML
   * forbids, {@code &#1;}, in a text) answered it with a 500 instead.
   */
  public static <T, E extends Exception> T reading(Reading<T, E> reading)
      throws XMLStreamException, E {
    try {
      return reading.read();
    } catch (WstxLazyException e) {
      // its own message prefixes the wrapper's class name: the wrapped error is the one to tell
      throw e.getCause() instanceof XMLStreamException x
          ? x
          : new XMLStreamException(
              e.getCause() == null ? "unreadable" : String.valueOf(e.getCause().getMessage()), e);
    }
  }

  /**
   * The XML version {@code r}'s document declares when it is not 1.0, else null (1.0, or no
   * declaration). Woodstox also reads XML 1.1, whose references to control characters ({@code
   * &#1;}) XML 1.0 forbids; a client's XML is read here as XML 1.0 only, as the formats it carries
   * (SOAP 1.1, FES, their XML Schema 1.0 types) are defined, and as every answer is written: an XML
   * 1.1 value echoed into an XML 1.0 answer made it not well-formed.
   */
  public static String notXml10(XMLStreamReader r) {
    String version = r.getVersion();
    return version == null || version.equals("1.0") ? null : version;
  }

  /** A UTF-8 writer on {@code out}; closing it does not close {@code out}. */
  public static XMLStreamWriter2 writer(OutputStream out) throws IOException {
    try {
      return (XMLStreamWriter2) OUTPUT.createXMLStreamWriter(out, "UTF-8");
    } catch (XMLStreamException e) {
      throw new IOException(e);
    }
  }

  /**
   * Moves {@code r} from a start tag to its matching end tag, past everything inside.
   *
   * @throws XMLStreamException if the document ends first
   */
  public static void skipElement(javax.xml.stream.XMLStreamReader r) throws XMLStreamException {
    for (int depth = 1; depth > 0; ) {
      int event = r.next();
      if (event == javax.xml.stream.XMLStreamConstants.START_ELEMENT) {
        depth++;
      } else if (event == javax.xml.stream.XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
  }

  /** A namespace-aware reader over bytes already in memory; refuses DTDs and external entities. */
  public static XMLStreamReader reader(byte[] bytes, int offset, int length) throws IOException {
    try {
      return INPUT.createXMLStreamReader(new Stax2ByteArraySource(bytes, offset, length));
    } catch (XMLStreamException e) {
      throw new IOException("not XML: " + e.getMessage(), e);
    }
  }

  /**
   * A namespace-aware reader over XML that arrived as characters (a query parameter's value), read
   * as those characters: an XML declaration's {@code encoding} cannot change them, and is left to
   * the caller to check ({@link XMLStreamReader#getCharacterEncodingScheme()}).
   */
  public static XMLStreamReader reader(String text) throws IOException {
    try {
      return INPUT.createXMLStreamReader(new java.io.StringReader(text));
    } catch (XMLStreamException e) {
      throw new IOException("not XML: " + e.getMessage(), e);
    }
  }

  /** A namespace-aware reader that refuses DTDs and external entities. */
  public static XMLStreamReader reader(InputStream in) throws IOException {
    try {
      return INPUT.createXMLStreamReader(in);
    } catch (XMLStreamException e) {
      throw new IOException("not XML: " + e.getMessage(), e);
    }
  }

  /**
   * {@code text} with every character XML 1.0 cannot carry (controls other than tab, newline and
   * carriage return; lone surrogates; U+FFFE and U+FFFF) replaced by U+FFFD, so that an error
   * report quoting a client's bad input can always be written.
   */
  public static String xmlSafe(String text) {
    int bad = notXmlAt(text, 0);
    if (bad < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int from = 0;
    for (; bad >= 0; bad = notXmlAt(text, from)) {
      out.append(text, from, bad).append('\uFFFD');
      from = bad + 1;
    }
    return out.append(text, from, text.length()).toString();
  }

  /**
   * The first character of {@code text} XML 1.0 cannot carry, as a client is told of it ("U+0001, a
   * control character XML does not allow"; U+FFFE and U+FFFF are noncharacters, U+D800 alone an
   * unpaired surrogate, neither a control character), or null when XML carries them all.
   */
  public static String notXml(String text) {
    int at = notXmlAt(text, 0);
    if (at < 0) {
      return null;
    }
    char c = text.charAt(at);
    String kind =
        Character.isSurrogate(c)
            ? "an unpaired surrogate"
            : c == '\uFFFE' || c == '\uFFFF' ? "a noncharacter" : "a control character";
    return String.format(java.util.Locale.ROOT, "U+%04X, %s XML does not allow", (int) c, kind);
  }

  /** The index of the first character from {@code from} that XML 1.0 cannot carry, else -1. */
  private static int notXmlAt(String text, int from) {
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++; // a pair: a character past U+FFFF, which XML allows
        continue;
      }
      boolean ok =
          c == '\t'
              || c == '\n'
              || c == '\r'
              || (c >= 0x20 && c <= 0xD7FF)
              || (c >= 0xE000 && c <= 0xFFFD);
      if (!ok) {
        return i;
      }
    }
    return -1;
  }
}

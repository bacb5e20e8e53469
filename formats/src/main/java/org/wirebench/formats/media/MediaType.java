package org.wirebench.formats.media;

import com.google.common.base.Ascii;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.wirebench.formats.finding.Quote;

/**
 * A media type as RFC 9110 §8.3.1 and §5.6.6 write it, the one reading of every media type a client
 * sends here (a WFS outputFormat, a WMS FORMAT, a SOAP Content-Type): {@code type "/" subtype *(
 * OWS ";" OWS [ name "=" value ] )}, the value a token or a quoted-string whose quoted-pairs stand
 * for the character after the backslash, white space only round the ';' (none round the '=', §5.6.6
 * says so in a note). Type, subtype and parameter names are compared without case, a token and the
 * same text quoted are one value, and a parameter named twice is refused (RFC 6838 §4.3: an error),
 * as are an unclosed quote and a quoted-pair escaping a control character. The OGC services write
 * their media types with a '/' in an unquoted value ({@code text/xml; subtype=gml/3.1.1}: WFS 1.1.0
 * and 2.0.0 list it so, and their schemas have it as outputFormat's default), which RFC 9110's
 * token does not hold: {@link #parseOws} reads those too, and is the grammar the WFS and WMS
 * compare their values in ({@link #same}). Guava's MediaType takes a parameter twice, refuses the
 * empty parameters the grammar allows ({@code text/xml;}) and lets controls into a quoted-string,
 * so it is not used.
 *
 * @param type the type in lower case (ASCII)
 * @param subtype the subtype in lower case (ASCII)
 * @param parameters each parameter in the order sent, its name as sent and its value as meant
 *     (quotes and quoted-pairs undone)
 */
public record MediaType(String type, String subtype, List<Parameter> parameters) {
  public MediaType {
    parameters = List.copyOf(parameters);
  }

  /** One parameter: its name as sent (compared without case), its value as meant. */
  public record Parameter(String name, String value) {}

  /**
   * Why a text is no media type: {@link #why} in words, {@link #rest} the text from where the
   * grammar stopped taking it ("" at its end), {@link #parameter} the name of the parameter it
   * stopped in (null when in none).
   */
  public static final class Malformed extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String why;
    private final String rest;
    private final String parameter;

    Malformed(String why, String rest, String parameter) {
      super(
          "not a media type (RFC 9110): "
              + why
              + (rest.isEmpty() ? " at its end" : " at " + Quote.of(rest, 40)));
      this.why = why;
      this.rest = rest;
      this.parameter = parameter;
    }

    public String why() {
      return why;
    }

    public String rest() {
      return rest;
    }

    public String parameter() {
      return parameter;
    }
  }

  /**
   * {@code text} read as a media type, without white space at either end (a header's OWS).
   *
   * @throws Malformed when it is none
   */
  public static MediaType parse(String text) {
    return new Reader(text, false).mediaType();
  }

  /**
   * {@link #parse}, but a parameter's unquoted value may hold a '/', as the OGC services write
   * theirs ({@code subtype=gml/3.2} is {@code subtype="gml/3.2"}).
   *
   * @throws Malformed when it is none
   */
  public static MediaType parseOws(String text) {
    return new Reader(text, true).mediaType();
  }

  /** Why {@code text} is no media type as the OGC services write one ({@link #parseOws}). */
  public static Optional<String> problem(String text) {
    try {
      parseOws(text);
      return Optional.empty();
    } catch (Malformed e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * The items of a comma-separated list of media types (RFC 9110 §5.6.1's {@code #element}, as OWS
   * Common's AcceptFormats or an Accept field writes one), split at each comma outside a
   * quoted-string: a parameter's quoted value may hold commas ({@code text/xml; subtype="gml/3.2,
   * x"} is one item). Each item as written, white space and all; an empty item is kept, for the
   * caller to say whether its list allows one. A quote left open runs to the list's end, where
   * {@link #parse} and {@link #parseOws} refuse that item.
   */
  public static List<String> list(String text) {
    List<String> items = new ArrayList<>();
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted && c == '\\') {
        i++; // a quoted-pair: the next character stands for itself
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        items.add(text.substring(start, i));
        start = i + 1;
      }
    }
    items.add(text.substring(start));
    return items;
  }

  /** {@code type/subtype} without parameters. */
  public String essence() {
    return type + "/" + subtype;
  }

  /** The value of parameter {@code name} (any case), if given. */
  public Optional<String> parameter(String name) {
    return parameters.stream()
        .filter(p -> Ascii.equalsIgnoreCase(p.name(), name))
        .map(Parameter::value)
        .findFirst();
  }

  /**
   * One spelling for every way of writing this media type, parameter values in lower case too (the
   * server's media types compare them so: {@code subtype=GML/3.2} is {@code subtype=gml/3.2}): two
   * media types are the same when their keys are.
   */
  public String key() {
    StringBuilder b = new StringBuilder(essence());
    for (Parameter p : parameters) {
      b.append(';').append(Ascii.toLowerCase(p.name())).append('=');
      String v = Ascii.toLowerCase(p.value());
      if (!v.isEmpty() && v.chars().allMatch(MediaType::tchar)) {
        b.append(v);
      } else {
        b.append('"').append(v.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      }
    }
    return b.toString();
  }

  /**
   * Whether {@code asked} is a media type as the OGC services write one ({@link #parseOws}) and the
   * same as {@code offered} ({@link #key}); a text that is no media type is the same as none.
   */
  public static boolean same(String asked, String offered) {
    try {
      return parseOws(asked).key().equals(parseOws(offered).key());
    } catch (Malformed e) {
      return false;
    }
  }

  /**
   * The one of {@code offered} that {@code asked} is the same media type as ({@link #same}), as
   * offered, or empty.
   */
  public static Optional<String> among(String asked, java.util.Collection<String> offered) {
    return offered.stream().filter(o -> same(asked, o)).findFirst();
  }

  /** RFC 9110's tchar. */
  static boolean tchar(int c) {
    return c < 0x80 && (Character.isLetterOrDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0);
  }

  /** The grammar, read left to right once. */
  private static final class Reader {
    private final String s;
    private final boolean slashInValues;
    private int i;
    private String parameter;

    Reader(String text, boolean slashInValues) {
      this.s = strip(text);
      this.slashInValues = slashInValues;
    }

    private static String strip(String text) {
      int start = 0;
      int end = text.length();
      while (start < end && ows(text.charAt(start))) {
        start++;
      }
      while (end > start && ows(text.charAt(end - 1))) {
        end--;
      }
      return text.substring(start, end);
    }

    MediaType mediaType() {
      String type = token("a type");
      if (i == s.length() || s.charAt(i) != '/') {
        throw refused("a type and a subtype are written type/subtype");
      }
      i++;
      String subtype = token("a subtype");
      List<Parameter> parameters = new ArrayList<>();
      while (true) {
        skipOws();
        if (i == s.length()) {
          break;
        }
        if (s.charAt(i) != ';') {
          throw refused("parameters follow a ';'");
        }
        i++;
        skipOws();
        if (i == s.length() || s.charAt(i) == ';') {
          continue; // an empty parameter: the grammar's [ parameter ]
        }
        String name = token("a parameter name");
        parameter = name;
        if (i == s.length() || s.charAt(i) != '=') {
          throw refused(
              "parameter "
                  + name
                  + " is without a value (name=value, no white space round the '=')");
        }
        i++;
        String value;
        if (i < s.length() && s.charAt(i) == '"') {
          value = quoted();
        } else if (i < s.length() && valueChar(s.charAt(i))) {
          int start = i;
          while (i < s.length() && valueChar(s.charAt(i))) {
            i++;
          }
          value = s.substring(start, i);
        } else {
          throw refused("parameter " + name + " is without a value");
        }
        for (Parameter p : parameters) {
          if (Ascii.equalsIgnoreCase(p.name(), name)) {
            throw refused("parameter " + name + " is given twice");
          }
        }
        parameters.add(new Parameter(name, value));
        parameter = null;
      }
      return new MediaType(Ascii.toLowerCase(type), Ascii.toLowerCase(subtype), parameters);
    }

    private String token(String what) {
      int start = i;
      while (i < s.length() && tchar(s.charAt(i))) {
        i++;
      }
      if (i == start) {
        throw refused(what + " is expected");
      }
      return s.substring(start, i);
    }

    private boolean valueChar(char c) {
      return tchar(c) || (slashInValues && c == '/');
    }

    /** RFC 9110's quoted-string at i: its qdtext and quoted-pairs, the text they stand for. */
    private String quoted() {
      StringBuilder b = new StringBuilder();
      i++; // the opening quote
      while (i < s.length()) {
        char c = s.charAt(i++);
        if (c == '"') {
          return b.toString();
        }
        if (c == '\\') {
          if (i == s.length()) {
            break;
          }
          c = s.charAt(i++);
          if (!text(c)) {
            throw refused("a quoted-pair escapes a character no quoted-string may hold");
          }
        } else if (!text(c)) {
          throw refused("a quoted-string holds a control character");
        }
        b.append(c);
      }
      throw refused("a quote is not closed");
    }

    /** What a quoted-string may hold as itself or after a backslash: HTAB, SP, VCHAR, obs-text. */
    private static boolean text(char c) {
      return c == '\t' || (c >= 0x20 && c != 0x7f && c <= 0xff);
    }

    private void skipOws() {
      while (i < s.length() && ows(s.charAt(i))) {
        i++;
      }
    }

    private static boolean ows(char c) {
      return c == ' ' || c == '\t';
    }

    /** The refusal for {@code why}, naming the text from i on without the white space there. */
    private Malformed refused(String why) {
      int at = i;
      while (at < s.length() && ows(s.charAt(at))) {
        at++;
      }
      return new Malformed(why, s.substring(at), parameter);
    }
  }
}

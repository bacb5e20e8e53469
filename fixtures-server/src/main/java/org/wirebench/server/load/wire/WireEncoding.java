package org.wirebench.server.load.wire;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.wirebench.server.http.ContentCoding;
import org.wirebench.server.load.LoadPlan;

/**
 * The content codings the wire scenario can ask for (identity, gzip, br, zstd), each one of the
 * server's {@link ContentCoding}s, whose decoder (Jetty's compression modules: the JDK's inflater,
 * brotli4j, zstd-jni) reads its answers. Names are HTTP's content-coding tokens.
 */
public enum WireEncoding {
  IDENTITY(ContentCoding.IDENTITY),
  GZIP(ContentCoding.GZIP),
  BR(ContentCoding.BR),
  ZSTD(ContentCoding.ZSTD);

  /** Tokens HTTP registers that the server does not send: refused by name, never dropped. */
  static final List<String> KNOWN_ELSEWHERE = List.of("deflate", "compress");

  public final String token;
  private final ContentCoding coding;

  WireEncoding(ContentCoding coding) {
    this.coding = coding;
    this.token = coding.token();
  }

  public static List<String> names() {
    return Arrays.stream(values()).map(e -> e.token).toList();
  }

  /**
   * @throws IllegalArgumentException naming the valid ones
   */
  public static WireEncoding of(String name) {
    for (WireEncoding e : values()) {
      if (e.token.equals(name)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "--wire-encodings: "
            + (KNOWN_ELSEWHERE.contains(name)
                ? name + " is a content coding the fixture server does not send"
                : "unknown content coding '" + name + "'")
            + "; valid: "
            + String.join(", ", names()));
  }

  /** The Accept-Encoding header to send, or null (identity sends none, as JMeter and ab). */
  public String acceptEncoding() {
    return this == IDENTITY ? null : token;
  }

  /**
   * Whether an answer's Content-Encoding header (null when absent) is this coding: a server that
   * answers another coding is wrong for the point, whatever the bytes decode to.
   */
  public boolean matches(String contentEncoding) {
    return this == IDENTITY
        ? contentEncoding == null || contentEncoding.isBlank()
        : token.equalsIgnoreCase(contentEncoding == null ? "" : contentEncoding.trim());
  }

  /** The body as sent, decoded. */
  public InputStream decoding(InputStream coded) throws IOException {
    return coding.decoder(coded);
  }

  /** Asks the load driver for this coding (it decodes before counting and validating). */
  public LoadPlan configure(LoadPlan plan) {
    return plan.encoding(coding);
  }
}

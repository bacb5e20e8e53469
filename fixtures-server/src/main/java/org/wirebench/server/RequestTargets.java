package org.wirebench.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.http.HttpTokens;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * HTTP/1.1 connections that remember the start of each request line as it arrived. When Jetty
 * refuses a request it cannot parse (a request line over the header limit: 414; a %-escape that is
 * not one, {@code %00}: 400) it hands its error page a made-up path ({@code /badMessage}, {@code
 * /badURI}), and the page could not tell which service the client was talking to. The first {@value
 * #KEPT_BYTES} bytes are enough to tell, so the refusal is written in that service's format.
 */
final class RequestTargets extends HttpConnectionFactory {
  /** Bytes of a request line kept: method, path and the start of the query. */
  static final int KEPT_BYTES = 512;

  RequestTargets(HttpConfiguration config) {
    super(config);
  }

  @Override
  public Connection newConnection(Connector connector, EndPoint endPoint) {
    Remembering connection = new Remembering(getHttpConfiguration(), connector, endPoint);
    connection.setUseInputDirectByteBuffers(isUseInputDirectByteBuffers());
    connection.setUseOutputDirectByteBuffers(isUseOutputDirectByteBuffers());
    connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
    return configure(connection, connector, endPoint);
  }

  /** The request target of the last request line on this connection, as far as kept, or null. */
  static String lastTarget(ConnectionMetaData connection) {
    if (!(connection instanceof Remembering r)) {
      return null;
    }
    String line = r.requestLine();
    int space = blank(line, 0);
    if (space < 0) {
      return null;
    }
    int end = blank(line, space + 1);
    return line.substring(space + 1, end < 0 ? line.length() : end);
  }

  /**
   * The index of the first space or tab in {@code line} from {@code from}, or -1: a line whose
   * words are parted by tabs (refused, RFC 9112 §3 wants one SP) still names its target, so that
   * the refusal is written in that path's format.
   */
  private static int blank(String line, int from) {
    for (int i = from; i < line.length(); i++) {
      if (line.charAt(i) == ' ' || line.charAt(i) == '\t') {
        return i;
      }
    }
    return -1;
  }

  /**
   * Whether the last request line on this connection starts with a method that is no HTTP token
   * (RFC 9110 5.6.2: a control character, a byte past ASCII, a separator), false when none is kept.
   */
  static boolean badMethod(ConnectionMetaData connection) {
    if (!(connection instanceof Remembering r)) {
      return false;
    }
    String line = r.requestLine();
    int space = blank(line, 0);
    String method = space < 0 ? line : line.substring(0, space);
    if (method.isEmpty()) {
      return space == 0;
    }
    for (int i = 0; i < method.length(); i++) {
      char c = method.charAt(i);
      // Jetty's own token table (RFC 9110 tchar); a char past ASCII is never one
      if (c >= 0x80 || !HttpTokens.getToken((byte) c).isRfc2616Token()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the parser refused the chunked framing of the request body being read on {@code
   * connection} (a chunk size that is not hex digits or overflows, a bad chunk end or trailer): not
   * the client leaving, which Jetty reports the same way.
   */
  static boolean brokenChunk(ConnectionMetaData connection) {
    return connection instanceof Remembering r && r.brokenChunk;
  }

  /**
   * Where the chunked body being read on this {@code connection} ends at the least, in body bytes:
   * the bytes before its latest chunk plus that chunk's declared size, as the parser met it (0
   * before any), so that a chunk declared above the body limit is refused before its data arrives.
   */
  static long chunkedAtLeast(ConnectionMetaData connection) {
    return connection instanceof Remembering r ? r.chunks.atLeast() : 0;
  }

  /**
   * Whether the last request line on this connection, kept whole, is not {@code METHOD SP target SP
   * HTTP/d.d} ending in CR LF (words after the version, no version, a control byte after it, a CR
   * not followed by LF): the fault is then the line's, not its target's. False when the line was
   * longer than what is kept, or none is kept.
   */
  static boolean badLine(ConnectionMetaData connection) {
    if (!(connection instanceof Remembering r)) {
      return false;
    }
    if (r.bareCr) {
      return true;
    }
    String line = r.requestLine();
    if (line.length() >= KEPT_BYTES) {
      return false;
    }
    String[] parts = line.split(" ", -1);
    return parts.length != 3 || !parts[2].matches("HTTP/[0-9]\\.[0-9]");
  }

  /** The path of a request target (origin or absolute form), or null. */
  static String path(String target) {
    int scheme = target == null ? -1 : target.indexOf("://");
    if (scheme > 0 && target.substring(0, scheme).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
      int slash = target.indexOf('/', scheme + 3);
      target = slash < 0 ? null : target.substring(slash);
    }
    if (target == null || !target.startsWith("/")) {
      return null;
    }
    int q = target.indexOf('?');
    return q < 0 ? target : target.substring(0, q);
  }

  /**
   * Whether a path's dot segments ({@code ..}, or escaped as {@code %2e%2e}) climb above the root,
   * as {@code /../etc/passwd} does; false for null.
   */
  static boolean climbsAboveRoot(String path) {
    if (path == null) {
      return false;
    }
    int depth = 0;
    String[] segments = path.split("/", -1);
    for (int i = 1; i < segments.length; i++) {
      String s = segments[i].replaceAll("%2[eE]", ".");
      if (s.equals("..")) {
        if (--depth < 0) {
          return true;
        }
      } else if (!s.equals(".") && (i < segments.length - 1 || !s.isEmpty())) {
        depth++;
      }
    }
    return false;
  }

  static String query(String target) {
    int q = target == null ? -1 : target.indexOf('?');
    return q < 0 ? null : target.substring(q + 1);
  }

  /**
   * Has {@code onHeadBegun} told the number (1, 2, ...) of each request head on {@code connection}
   * as its first byte arrives, a blank line before a request line included; nothing for a
   * connection not made here.
   */
  static void onHeadBegun(Connection connection, java.util.function.IntConsumer onHeadBegun) {
    if (connection instanceof Remembering r) {
      r.onHeadBegun = onHeadBegun;
    }
  }

  /** Why a request line that is not METHOD SP target SP HTTP-version CR LF is refused. */
  static final String BAD_LINE = "the request line is not METHOD /path HTTP/1.1 ending in CR LF";

  /**
   * Whether the request line being handled on {@code connection} parts its words by more than one
   * space ({@code GET /ows HTTP/1.1}, {@code GET /ows HTTP/1.1}), which Jetty reads past: RFC 9112
   * §3 wants one SP, as for the tabs Jetty refuses. False for a connection not made here.
   */
  static boolean extraBlanks(ConnectionMetaData connection) {
    return connection instanceof Remembering r && r.lineBlanks > 2;
  }

  /** "HTTP/", the name every HTTP-version is spelt with (RFC 9112 §2.3), from Jetty's constant. */
  private static final String VERSION_NAME =
      HttpVersion.HTTP_1_1
          .asString()
          .substring(0, HttpVersion.HTTP_1_1.asString().indexOf('/') + 1);

  /**
   * The HTTP-version of the request line being handled on {@code connection} as sent (up to 16
   * characters) when it is there but not spelt {@code HTTP/} in capitals ({@code http/1.1}, which
   * Jetty reads as HTTP/1.1: RFC 9112 §2.3 makes the name case-sensitive), else null, as for a line
   * without one or a connection not made here. Only a refused version is made a String: every other
   * request's is compared where it was kept.
   */
  static String misspeltVersion(ConnectionMetaData connection) {
    if (!(connection instanceof Remembering r)) {
      return null;
    }
    StringBuilder v = r.version;
    return v.length() == 0 || v.indexOf(VERSION_NAME) == 0 ? null : v.toString();
  }

  /**
   * How many request heads on {@code connection} have been read whole (0 for one not made here).
   */
  static int headsDone(Connection connection) {
    return connection instanceof Remembering r ? r.headsDone : 0;
  }

  /** The parser's states inside a chunked body's framing. */
  private static final java.util.Set<HttpParser.State> CHUNK_STATES =
      java.util.EnumSet.of(
          HttpParser.State.CHUNKED_CONTENT,
          HttpParser.State.CHUNK_SIZE,
          HttpParser.State.CHUNK,
          HttpParser.State.CHUNK_END,
          HttpParser.State.TRAILER);

  private static final class Remembering extends HttpConnection {
    // set from the super constructor (newRequestHandler runs there): no initializer
    private RequestHandler handler;

    /**
     * The request line's first bytes as they arrived, made a String only when asked (a refusal):
     * written and read on the connection's one parsing thread at a time, its length published last.
     */
    private final byte[] line = new byte[KEPT_BYTES];

    private volatile int length;

    /** Whether the kept line ended in a CR that the next byte was no LF after. */
    private volatile boolean bareCr;

    /** Whether the parser refused the chunked framing of the body being read. */
    private volatile boolean brokenChunk;

    /** See {@link #chunkedAtLeast}; reset at each request's start. */
    private final ChunkSizes chunks = new ChunkSizes();

    /** Request heads whose first byte has arrived, and those read whole: parsing thread only. */
    private int headsBegun;

    private volatile int headsDone;

    private volatile java.util.function.IntConsumer onHeadBegun;

    /**
     * The request line's words after its second blank, as they arrive, and how far the line has
     * been read: parsing thread only, read by the request's handler after its head is parsed.
     */
    private final StringBuilder version = new StringBuilder(16);

    private int lineBlanks;

    /** The request line's bytes read so far, of which the first {@value #KEPT_BYTES} are kept. */
    private int lineBytes;

    private boolean lineStarted;
    private boolean lineEnded;

    Remembering(HttpConfiguration config, Connector connector, EndPoint endPoint) {
      super(config, connector, endPoint);
    }

    @Override
    protected RequestHandler newRequestHandler() {
      handler = super.newRequestHandler();
      return handler;
    }

    @Override
    protected HttpParser newHttpParser(HttpCompliance compliance) {
      HttpParser parser =
          new HttpParser(handler, getHttpConfiguration().getRequestHeaderSize(), compliance) {
            @Override
            public boolean parseNext(ByteBuffer buffer) {
              scanLine(getState(), buffer);
              if (getState() == HttpParser.State.START
                  && buffer.hasRemaining()
                  && headsBegun == headsDone) {
                headsBegun++;
                java.util.function.IntConsumer listener = onHeadBegun;
                if (listener != null) {
                  listener.accept(headsBegun);
                }
              }
              boolean handled = super.parseNext(buffer);
              if (headsDone < headsBegun
                  && getState().ordinal() > HttpParser.State.HEADER.ordinal()) {
                headsDone = headsBegun;
              }
              return handled;
            }

            /**
             * A chunked body's framing refused (a chunk size that is not hex or overflows, a bad
             * chunk end or trailer): Jetty goes on to report it as an early EOF, its reason
             * dropped. Noted here, before the failure is published to whoever waits for content,
             * and only for a refusal: a client that really leaves mid-chunk never comes here.
             */
            @Override
            protected boolean parseContent(ByteBuffer buffer) {
              chunks.before(getState(), getContentRead(), buffer);
              return super.parseContent(buffer);
            }

            @Override
            protected void badMessage(HttpException failure) {
              if (CHUNK_STATES.contains(getState())) {
                brokenChunk = true;
              }
              super.badMessage(failure);
            }
          };
      parser.setHeaderCacheSize(getHttpConfiguration().getHeaderCacheSize());
      parser.setHeaderCacheCaseSensitive(getHttpConfiguration().isHeaderCacheCaseSensitive());
      return parser;
    }

    /**
     * Reads the request line's bytes in {@code buffer} once, as they arrive: the first {@value
     * #KEPT_BYTES} kept while the parser is at most at the target, the words after the second blank
     * taken as the version, the line's end noted (a CR not followed by LF among it).
     */
    private void scanLine(HttpParser.State state, ByteBuffer buffer) {
      if (state == HttpParser.State.START) {
        chunks.reset();
        length = 0;
        lineBytes = 0;
        bareCr = false;
        version.setLength(0);
        lineBlanks = 0;
        lineStarted = false;
        lineEnded = false;
      } else if (lineEnded || state.ordinal() > HttpParser.State.REQUEST_VERSION.ordinal()) {
        return;
      }
      boolean keeping = state.ordinal() <= HttpParser.State.URI.ordinal();
      int n = lineBytes;
      int end = buffer.limit();
      for (int i = buffer.position(); i < end; i++) {
        byte b = buffer.get(i);
        if (isLineEnd(b)) {
          if (!lineStarted) {
            continue; // blank lines before a request line are allowed
          }
          lineEnded = true;
          if (keeping && n <= KEPT_BYTES && b == '\r' && i + 1 < end && buffer.get(i + 1) != '\n') {
            bareCr = true;
          }
          break;
        }
        lineStarted = true;
        if (keeping && n < KEPT_BYTES) {
          line[n] = b;
        }
        n++;
        if (b == ' ' || b == '\t') {
          lineBlanks++;
        } else if (lineBlanks >= 2 && version.length() < 16) {
          version.append((char) (b & 0xff));
        }
      }
      lineBytes = n;
      if (keeping) {
        length = Math.min(n, KEPT_BYTES);
      }
    }

    private static boolean isLineEnd(byte b) {
      return b == '\r' || b == '\n';
    }

    String requestLine() {
      return new String(line, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
  }
}

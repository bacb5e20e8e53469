package org.wirebench.server.load;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.wirebench.server.http.ContentCoding;

/**
 * Response bodies as they came over the wire, in the content coding a plan asked for: whether the
 * answer is in that coding, and what it decodes to. The driver decodes them itself (Jetty's client
 * would too, but then only the decoded bytes are seen, never the bytes on the wire).
 */
final class CodedBodies {
  /** A body decoding to more than this is refused, not held: a server's answer is not trusted. */
  static final long MAX_DECODED_BYTES = 1L << 30;

  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[65536]);

  private CodedBodies() {}

  /**
   * Null when an answer whose {@code Content-Encoding} is {@code contentEncoding} (null: none) is
   * in the coding asked for, else one line saying what came instead.
   */
  static String codingProblem(ContentCoding asked, String contentEncoding) {
    boolean none = contentEncoding == null || contentEncoding.isBlank();
    boolean same =
        asked == ContentCoding.IDENTITY
            ? none
            : !none && asked.token().equalsIgnoreCase(contentEncoding.trim());
    if (same) {
      return null;
    }
    return "asked for "
        + (asked == ContentCoding.IDENTITY
            ? "no coding (no Accept-Encoding)"
            : "Accept-Encoding: " + asked.token())
        + ", the answer came with "
        + (none ? "no Content-Encoding" : "Content-Encoding: " + contentEncoding.trim());
  }

  /** The decoded body. */
  static byte[] decode(ContentCoding coding, byte[] wire) throws IOException {
    if (coding == ContentCoding.IDENTITY) {
      return wire;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(32, wire.length * 4));
    read(coding, wire, out);
    return out.toByteArray();
  }

  /** The decoded body's length, without keeping it. */
  static long decodedLength(ContentCoding coding, byte[] wire) throws IOException {
    return decodedLength(coding, wire, MAX_DECODED_BYTES);
  }

  /** The same, refusing a body that decodes to more than {@code limit} bytes. */
  static long decodedLength(ContentCoding coding, byte[] wire, long limit) throws IOException {
    return coding == ContentCoding.IDENTITY ? wire.length : read(coding, wire, null, limit);
  }

  private static long read(ContentCoding coding, byte[] wire, ByteArrayOutputStream out)
      throws IOException {
    return read(coding, wire, out, MAX_DECODED_BYTES);
  }

  private static long read(ContentCoding coding, byte[] wire, ByteArrayOutputStream out, long limit)
      throws IOException {
    byte[] buf = SCRATCH.get();
    long total = 0;
    try (InputStream in = coding.decoder(new ByteArrayInputStream(wire))) {
      for (int n; (n = in.read(buf)) >= 0; ) {
        total += n;
        if (total > limit) {
          throw new IOException("it decodes to more than " + limit + " bytes");
        }
        if (out != null) {
          out.write(buf, 0, n);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new IOException(
          "the " + coding.token() + " body does not decode: " + e.getMessage(), e);
    }
    return total;
  }
}

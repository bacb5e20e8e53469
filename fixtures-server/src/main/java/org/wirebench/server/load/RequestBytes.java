package org.wirebench.server.load;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.wirebench.server.http.ContentCoding;

/**
 * Each target's whole request, encoded once before a run and written as is for every request (as
 * wrk does): request line, Host, the plan's headers, Accept-Encoding for the coding asked for (none
 * for identity, as JMeter and ab sent), and for a POST its Content-Type, Content-Length and body.
 * No User-Agent, cookies or Connection header, as the Jetty client the driver used sent none.
 */
final class RequestBytes {
  private RequestBytes() {}

  /** One read-only buffer per target of {@code plan}, in its order. */
  static ByteBuffer[] encode(LoadPlan plan) {
    ByteBuffer[] out = new ByteBuffer[plan.targets.size()];
    for (int i = 0; i < out.length; i++) {
      byte[] head = head(plan, plan.targets.get(i)).getBytes(StandardCharsets.ISO_8859_1);
      int body = plan.body == null ? 0 : plan.body.length;
      ByteBuffer b = ByteBuffer.allocateDirect(head.length + body);
      b.put(head);
      if (plan.body != null) {
        b.put(plan.body);
      }
      out[i] = b.flip().asReadOnlyBuffer();
    }
    return out;
  }

  static String head(LoadPlan plan, URI target) {
    StringBuilder s = new StringBuilder(256);
    String path =
        target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
    s.append(plan.method).append(' ').append(path);
    if (target.getRawQuery() != null) {
      s.append('?').append(target.getRawQuery());
    }
    s.append(" HTTP/1.1\r\n");
    int port = target.getPort();
    line(s, "Host", port < 0 || port == 80 ? target.getHost() : target.getHost() + ":" + port);
    boolean typed = false;
    for (Map.Entry<String, String> h : plan.headers.entrySet()) {
      String name = h.getKey();
      if (name.equalsIgnoreCase("Host")
          || name.equalsIgnoreCase("Content-Length")
          || name.equalsIgnoreCase("Transfer-Encoding")) {
        throw new IllegalArgumentException(
            "the driver writes " + name + " itself: not a plan header");
      }
      typed |= name.equalsIgnoreCase("Content-Type");
      line(s, name, h.getValue());
    }
    if (plan.encoding != ContentCoding.IDENTITY) {
      line(s, "Accept-Encoding", plan.encoding.token());
    }
    if (plan.body != null) {
      if (!typed) {
        line(s, "Content-Type", "application/octet-stream");
      }
      line(s, "Content-Length", Integer.toString(plan.body.length));
    }
    return s.append("\r\n").toString();
  }

  private static void line(StringBuilder s, String name, String value) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c <= ' ' || c >= 0x7F || c == ':') {
        throw new IllegalArgumentException("not a header name: " + name);
      }
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\r' || c == '\n' || c > 0xFF) {
        throw new IllegalArgumentException("not a header value for " + name + ": " + value);
      }
    }
    s.append(name).append(": ").append(value).append("\r\n");
  }
}

package org.wirebench.server;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Requests written byte for byte on a loopback socket: what no HTTP client library would send. */
public final class RawHttp {
  private RawHttp() {}

  /** An answer as read off the wire: the status line and headers, and the body as text. */
  public record Answer(int status, String head, String body) {
    public String header(String name) {
      String prefix = name.toLowerCase(Locale.ROOT) + ":";
      return head.lines()
          .filter(l -> l.toLowerCase(Locale.ROOT).startsWith(prefix))
          .map(l -> l.substring(prefix.length()).trim())
          .findFirst()
          .orElse("");
    }

    @Override
    public String toString() {
      return head + "\n\n" + body;
    }
  }

  /** Sends {@code request} as is (with a closing empty line added), reads to the end. */
  public static Answer send(URI server, String request) throws IOException {
    try (Socket s = new Socket(server.getHost(), server.getPort())) {
      s.setSoTimeout(60_000); // a bound for a starved machine, not a pace
      s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().flush();
      return parse(new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  public static Answer get(URI server, String target) throws IOException {
    return send(server, "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  }

  public static Answer parse(String answer) {
    int split = answer.indexOf("\r\n\r\n");
    String head = split < 0 ? answer : answer.substring(0, split);
    String body = split < 0 ? "" : answer.substring(split + 4);
    int status = head.length() >= 12 ? Integer.parseInt(head.substring(9, 12)) : -1;
    return new Answer(status, head, body);
  }
}

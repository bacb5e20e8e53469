package org.wirebench.server.load;

import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A Jetty server on an ephemeral loopback port answering 10 bytes, counting the connections it
 * accepted (and the most open at once), the requests, and each request's query in arrival order;
 * optionally closing each connection after its answer, or answering {@code delayMs} late (from
 * Jetty's scheduler, holding no thread), as a slow endpoint does.
 */
final class CountingServer implements AutoCloseable {
  final AtomicInteger connections = new AtomicInteger();
  final AtomicInteger mostOpen = new AtomicInteger();
  final AtomicInteger requests = new AtomicInteger();
  final List<String> queries = Collections.synchronizedList(new ArrayList<>());
  private final AtomicInteger open = new AtomicInteger();
  private final Server server = new Server();
  private final ServerConnector connector = new ServerConnector(server);

  CountingServer(boolean closeEach) throws Exception {
    this(closeEach, 0);
  }

  CountingServer(boolean closeEach, long delayMs) throws Exception {
    connector.setHost("127.0.0.1");
    connector.addEventListener(
        new Connection.Listener() {
          @Override
          public void onOpened(Connection connection) {
            connections.incrementAndGet();
            mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
          }

          @Override
          public void onClosed(Connection connection) {
            open.decrementAndGet();
          }
        });
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract.NonBlocking() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            requests.incrementAndGet();
            queries.add(request.getHttpURI().getQuery());
            if (closeEach) {
              response.getHeaders().put(HttpHeader.CONNECTION, "close");
            }
            Runnable answer = () -> response.write(true, ByteBuffer.wrap(new byte[10]), callback);
            if (delayMs > 0) {
              server.getScheduler().schedule(answer, delayMs, TimeUnit.MILLISECONDS);
            } else {
              answer.run();
            }
            return true;
          }
        });
    server.start();
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}

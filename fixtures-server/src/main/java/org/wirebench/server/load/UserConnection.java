package org.wirebench.server.load;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.Connection;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.util.Promise;

/**
 * One closed-model user's own connection, or one of the open model's ({@link OpenModel}), as wrk
 * gives each of its connections one request at a time: the requests go straight onto it instead of
 * through the client's pool, whose acquire searches every pooled connection for an idle one
 * (Jetty's FIRST strategy: 7.5% of the driver's CPU at 512 users, 1% at 32). A user without an open
 * connection (the first request, or after the server closed it or an exchange failed, which closes
 * it) connects first; that connect belongs to the request's latency and timeout, as it did in the
 * pool, and its failure is the request's.
 *
 * <p>One request at a time touches it: the user's chain, or the open model's request holding it.
 */
final class UserConnection {
  private final Destination destination;
  private volatile Connection connection;

  UserConnection(Destination destination) {
    this.destination = destination;
  }

  /**
   * Sends {@code request} on this user's connection; {@code listener} hears the whole answer (the
   * connection registers each of its listener interfaces, content included).
   */
  void send(Request request, Response.Listener listener) {
    Connection open = connection;
    if (open != null && !open.isClosed()) {
      open.send(request, listener);
      return;
    }
    long connectingNs = System.nanoTime();
    destination.newConnection(
        new Promise<>() {
          @Override
          public void succeeded(Connection opened) {
            connection = opened;
            // the connect spends the request's timeout, as in the pool (where the request's
            // clock started when it was queued): the request gets what is left of it
            long timeoutMs = request.getTimeout();
            if (timeoutMs > 0) {
              long leftMs = timeoutMs - (System.nanoTime() - connectingNs) / 1_000_000;
              if (leftMs <= 0) {
                listener.onComplete(new Result(request, new TimeoutException(), null));
                return;
              }
              request.timeout(leftMs, TimeUnit.MILLISECONDS);
            }
            opened.send(request, listener);
          }

          @Override
          public void failed(Throwable failure) {
            listener.onComplete(new Result(request, failure, null));
          }
        });
  }

  /** Closes the connection, if the user has one. */
  void close() {
    Connection open = connection;
    if (open != null) {
      open.close();
    }
  }
}

package org.wirebench.server.finding;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The backend exchanges one client address may have in flight at once: half the gateway's pooled
 * connections to its backend, so the other half is always there for everyone else. A gateway
 * request holds no server thread while its backend works, so the per-client thread limit ({@code
 * ClientThreads}) never counted it: one client with a few hundred connections held every pooled
 * connection to a slow backend, and every other client's request queued behind its exchanges and
 * got 504. A client's exchanges past its share wait in a queue of their own, in order, and each
 * starts when one of that client's earlier ones has ended and its answer has been written (an
 * answer waiting for a client that reads slowly is held in memory, and is counted so); other
 * clients' never wait behind them.
 */
final class BackendShare {
  private final int perClient;

  /** Clients with exchanges in flight; guarded by this. */
  private final Map<String, Client> clients = new HashMap<>();

  /** One client's backend exchange, started when its turn comes. */
  @FunctionalInterface
  interface Exchange {
    /**
     * @param waited whether it waited for its turn behind its client's earlier exchanges
     * @return true when an exchange started (it calls {@link BackendShare#done} when it ends),
     *     false when the request was answered without one
     */
    boolean start(boolean waited);
  }

  private static final class Client {
    int running;
    final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
  }

  /**
   * @param perClient exchanges one client address may have in flight, 1..
   */
  BackendShare(int perClient) {
    if (perClient < 1) {
      throw new IllegalArgumentException("exchanges per client must be 1 or more: " + perClient);
    }
    this.perClient = perClient;
  }

  /** The share of a backend pool of {@code connections}: half of it, at least one. */
  static int of(int connections) {
    return Math.max(1, connections / 2);
  }

  int perClient() {
    return perClient;
  }

  /**
   * Starts {@code exchange} now when {@code client} has fewer than its share in flight, else once
   * its earlier ones have made room. {@code exchange} returns true when it started an exchange,
   * which then calls {@link #done} exactly once when it ends; false when it answered without one
   * (its client left, or its time ran out while it waited), which frees its place at once. {@code
   * queued} runs when it has to wait, before any other thread can start it: there it can be watched
   * for its client leaving, and {@link #cancel}led.
   */
  void start(String client, Exchange exchange, Runnable queued) {
    synchronized (this) {
      Client c = clients.computeIfAbsent(client, k -> new Client());
      if (c.running >= perClient) {
        c.waiting.addLast(exchange);
        queued.run();
        return;
      }
      c.running++;
    }
    if (!exchange.start(false)) {
      done(client);
    }
  }

  /**
   * Takes {@code exchange} out of {@code client}'s queue: true when it was still waiting (it will
   * never start, and holds nothing), false when its turn has come already.
   */
  synchronized boolean cancel(String client, Exchange exchange) {
    Client c = clients.get(client);
    return c != null && c.waiting.removeFirstOccurrence(exchange);
  }

  /**
   * One of {@code client}'s exchanges ended: its next waiting one, if any, takes the place (in a
   * loop, not recursively: a queue of exchanges that each end at once cannot grow the stack).
   */
  void done(String client) {
    while (true) {
      Exchange next;
      synchronized (this) {
        Client c = clients.get(client);
        if (c == null) {
          throw new IllegalStateException("no exchange of " + client + " in flight");
        }
        next = c.waiting.pollFirst();
        if (next == null) {
          if (--c.running == 0) {
            clients.remove(client);
          }
          return;
        }
      }
      if (next.start(true)) {
        return;
      }
    }
  }

  /** Exchanges {@code client} has in flight now, for tests. */
  synchronized int running(String client) {
    Client c = clients.get(client);
    return c == null ? 0 : c.running;
  }

  /** Exchanges of {@code client} waiting for their turn now, for tests. */
  synchronized int waiting(String client) {
    Client c = clients.get(client);
    return c == null ? 0 : c.waiting.size();
  }
}

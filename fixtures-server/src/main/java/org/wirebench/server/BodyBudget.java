package org.wirebench.server;

import java.util.HashMap;
import java.util.Map;

/**
 * The bytes of request bodies held in memory at once ({@link BodyGate}): by all clients together,
 * at most the budget, and by one client address, at most its share of it. Without the share one
 * client took the whole budget with 16 connections each declaring the 16 MiB limit and sending one
 * byte, and every other client's POST was refused for the 10 s the bodies could take to arrive. The
 * share is the client's share of the server's threads ({@code --threads-per-client} of {@value
 * ClientThreads#POOL_THREADS}, half by default), never less than one body at the limit, and never
 * more than the budget less one such body: the budget being at least two bodies at the limit, the
 * others keep room for one at least, whatever the share of threads. A client is its address as the
 * socket sees it, as for the thread limit.
 */
final class BodyBudget {
  /** What {@link #reserve} decided. */
  enum Outcome {
    TAKEN,
    /** The client holds its share: 429. */
    CLIENT_FULL,
    /** All clients together hold the budget: 503. */
    SERVER_FULL
  }

  private final long maxBytes;
  private final Map<String, Long> byClient = new HashMap<>();
  private long total;
  private long budgetBytes;
  private int threadsPerClient = ClientThreads.DEFAULT_LIMIT;

  /**
   * The least budget for bodies of up to {@code maxBytes}: two bodies at the limit, so that the
   * others keep room for one whatever a client's share (what serve weighs against its heap too,
   * {@link ServeMemory}).
   */
  static long leastBytes(long maxBytes) {
    return 2 * maxBytes;
  }

  BodyBudget(long maxBytes, long budgetBytes) {
    this.maxBytes = maxBytes;
    this.budgetBytes = budgetBytes;
  }

  synchronized void budgetBytes(long bytes) {
    budgetBytes = bytes;
  }

  /** The client's share follows its share of threads, 1..{@value ClientThreads#MAX_LIMIT}. */
  synchronized void threadsPerClient(int threads) {
    threadsPerClient = threads;
  }

  /**
   * Bytes one client address may hold at once: its share of threads, but never so much that the
   * others lose room for one body at the limit (a share above half the threads would take it).
   */
  synchronized long clientBytes() {
    long share = budgetBytes / ClientThreads.POOL_THREADS * threadsPerClient;
    return Math.max(maxBytes, Math.min(share, budgetBytes - maxBytes));
  }

  synchronized long total() {
    return total;
  }

  synchronized Outcome reserve(String client, long n) {
    long held = byClient.getOrDefault(client, 0L);
    if (held + n > clientBytes()) {
      return Outcome.CLIENT_FULL;
    }
    if (total + n > budgetBytes) {
      return Outcome.SERVER_FULL;
    }
    byClient.put(client, held + n);
    total += n;
    return Outcome.TAKEN;
  }

  synchronized void release(String client, long n) {
    if (n == 0) {
      return;
    }
    long left = byClient.getOrDefault(client, 0L) - n;
    if (left <= 0) {
      byClient.remove(client);
    } else {
      byClient.put(client, left);
    }
    total -= n;
  }
}

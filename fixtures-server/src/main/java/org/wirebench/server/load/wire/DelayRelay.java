package org.wirebench.server.load.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A TCP delay line: every byte a client sends to {@link #address} reaches {@code upstream} one
 * way's delay after the relay read it, and every byte back the same; nothing is throttled. Each
 * direction of a connection has a reader, which stamps each chunk it reads (what one {@code read}
 * returned, at most 64 KiB) with its due time, and a writer, which sleeps until the oldest chunk is
 * due and writes it: bytes keep their order and their spacing, shifted by the delay. A new
 * connection's first bytes go no earlier than a round trip after it was accepted plus the one-way
 * delay, as a client's request would after TCP's handshake over the same line.
 *
 * <p>Bounded: a direction holds at most {@code maxQueuedBytes} read and not yet written (its reader
 * then waits, and TCP's flow control holds the sender back). Every chunk's lateness (its write
 * start minus its due time) is recorded: of the chunks a writer slept for, the relay's own
 * precision ({@link #lateness}); of those already due when the writer came to them, the wait behind
 * an earlier write that a slow receiver held up ({@link #behind}).
 *
 * <p>What it does not reproduce: the sender's TCP sees the relay's acknowledgements at once, so
 * slow start and congestion windows grow as on a short path, not over the delay; and packets are
 * delayed as the relay reads them, in chunks, not one by one.
 */
public final class DelayRelay implements AutoCloseable {
  private static final int CHUNK = 64 * 1024;

  private final ServerSocket listener;
  private final InetSocketAddress upstream;
  private final long delayNs;
  private final long maxQueuedBytes;
  private final Histogram lateness = new ConcurrentHistogram(TimeUnit.SECONDS.toNanos(60), 3);
  private final Histogram behind = new ConcurrentHistogram(TimeUnit.SECONDS.toNanos(60), 3);
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong maxQueued = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean closed;

  private DelayRelay(
      ServerSocket listener, InetSocketAddress upstream, long delayNs, long maxQueuedBytes) {
    this.listener = listener;
    this.upstream = upstream;
    this.delayNs = delayNs;
    this.maxQueuedBytes = maxQueuedBytes;
    this.acceptor = new Thread(this::accept, "relay-accept");
    acceptor.setDaemon(true);
  }

  /**
   * Listens on {@code listen} (port 0: any free one) and relays each connection to {@code
   * upstream}.
   *
   * @param oneWayNs the delay each way, ns (half the round-trip time added)
   * @param maxQueuedBytes what a direction of a connection may hold, bytes
   */
  public static DelayRelay start(
      InetSocketAddress listen, InetSocketAddress upstream, long oneWayNs, long maxQueuedBytes)
      throws IOException {
    if (oneWayNs < 0 || maxQueuedBytes < CHUNK) {
      throw new IllegalArgumentException("a delay of 0 ns or more and a queue of 64 KiB or more");
    }
    ServerSocket s = new ServerSocket();
    s.bind(listen, 128);
    DelayRelay relay = new DelayRelay(s, upstream, oneWayNs, maxQueuedBytes);
    relay.acceptor.start();
    return relay;
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) listener.getLocalSocketAddress();
  }

  /**
   * The relay's precision: for each chunk its writer slept for, the write's start minus the chunk's
   * due time, ns (how late the writer woke and got to write).
   */
  public Histogram lateness() {
    return lateness.copy();
  }

  /**
   * Chunks already due when their writer came to them, because the write before had not finished
   * (the receiver read slower than the line, or this JVM paused): write start minus due time, ns.
   */
  public Histogram behind() {
    return behind.copy();
  }

  /** The most one direction of a connection has held at once, bytes (never above the bound). */
  long maxQueued() {
    return maxQueued.get();
  }

  /** Connections accepted so far. */
  public long connections() {
    return connections.get();
  }

  /** Bytes relayed so far, both directions. */
  public long bytes() {
    return bytes.get();
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      long acceptedNs = System.nanoTime();
      connections.incrementAndGet();
      Socket server = new Socket();
      try {
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        server.connect(upstream, 10_000);
      } catch (IOException e) {
        quietly(client);
        quietly(server);
        continue; // the client sees its connection closed, as a refused one
      }
      open.add(client);
      open.add(server);
      Runnable bothDone = countdown(2, () -> close(client, server));
      long handshake = acceptedNs + 2 * delayNs; // when a real client could first have sent
      new Pipe(client, server, handshake, bothDone).start("relay-up");
      new Pipe(server, client, Long.MIN_VALUE, bothDone).start("relay-down");
    }
  }

  private static Runnable countdown(int n, Runnable then) {
    AtomicLong left = new AtomicLong(n);
    return () -> {
      if (left.decrementAndGet() == 0) {
        then.run();
      }
    };
  }

  private void close(Socket a, Socket b) {
    quietly(a);
    quietly(b);
    open.remove(a);
    open.remove(b);
  }

  private static void quietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing: nothing left to tell
    }
  }

  /** Stops accepting and cuts every connection. */
  @Override
  public void close() throws IOException {
    closed = true;
    listener.close();
    for (Socket s : List.copyOf(open)) {
      quietly(s);
    }
  }

  /** One direction: a reader thread stamps chunks, a writer thread sends them when due. */
  private final class Pipe {
    private record Chunk(byte[] data, int length, long dueNs) {}

    private final Socket from;
    private final Socket to;
    private final long notBeforeNs;
    private final Runnable done;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
    private long queued;
    private boolean ended; // the reader saw the end (or a failure) of its input
    private boolean failed; // cut both ways instead of passing the end on
    private boolean writerGone;

    Pipe(Socket from, Socket to, long notBeforeNs, Runnable done) {
      this.from = from;
      this.to = to;
      this.notBeforeNs = notBeforeNs;
      this.done = done;
    }

    void start(String name) {
      Thread r = new Thread(this::read, name + "-read");
      Thread w = new Thread(this::write, name + "-write");
      r.setDaemon(true);
      w.setDaemon(true);
      r.start();
      w.start();
    }

    private void read() {
      boolean first = true;
      try {
        InputStream in = from.getInputStream();
        byte[] buf = new byte[CHUNK];
        while (true) {
          int n = in.read(buf);
          long now = System.nanoTime();
          if (n < 0) {
            put(new Chunk(null, 0, now + delayNs));
            return;
          }
          long sent = first ? Math.max(now, notBeforeNs) : now;
          first = false;
          // a copy of what was read, no more: a queue of small reads stays small in memory
          if (!put(new Chunk(java.util.Arrays.copyOf(buf, n), n, sent + delayNs))) {
            return;
          }
        }
      } catch (IOException e) {
        lock.lock();
        try {
          failed = true;
          ended = true;
          changed.signalAll();
        } finally {
          lock.unlock();
        }
      }
    }

    /**
     * Queues a chunk, waiting while the direction holds its maximum; false once the writer left.
     */
    private boolean put(Chunk c) {
      lock.lock();
      try {
        // a chunk is at most 64 KiB and the bound at least that: it fits once the queue drains
        while (queued + c.length() > maxQueuedBytes && !writerGone) {
          changed.awaitUninterruptibly();
        }
        if (writerGone) {
          return false;
        }
        queue.addLast(c);
        queued += c.length();
        long held = queued;
        maxQueued.accumulateAndGet(held, Math::max);
        if (c.data() == null) {
          ended = true;
        }
        changed.signalAll();
        return true;
      } finally {
        lock.unlock();
      }
    }

    private void write() {
      try {
        OutputStream out = to.getOutputStream();
        while (true) {
          Chunk c;
          lock.lock();
          try {
            while (queue.isEmpty() && !failed) {
              changed.awaitUninterruptibly();
            }
            if (failed) {
              // a reset or error on the way in: the other side must not see a clean end
              close(from, to);
              return;
            }
            c = queue.peekFirst();
          } finally {
            lock.unlock();
          }
          boolean waited = false;
          for (long wait = c.dueNs() - System.nanoTime();
              wait > 0;
              wait = c.dueNs() - System.nanoTime()) {
            LockSupport.parkNanos(wait);
            waited = true;
          }
          // a chunk the writer slept for measures the relay's own wake-up; one already due when
          // the writer came to it waited behind earlier writes (a receiver slower than the line)
          Histogram h = waited ? lateness : behind;
          h.recordValue(Math.min(System.nanoTime() - c.dueNs(), h.getHighestTrackableValue()));
          if (c.data() == null) {
            to.shutdownOutput(); // pass the end on: HTTP keeps reading the other way
            return;
          }
          out.write(c.data(), 0, c.length());
          bytes.addAndGet(c.length());
          lock.lock();
          try {
            queue.pollFirst();
            queued -= c.length();
            changed.signalAll();
          } finally {
            lock.unlock();
          }
        }
      } catch (IOException e) {
        close(from, to);
      } finally {
        lock.lock();
        try {
          writerGone = true;
          changed.signalAll();
        } finally {
          lock.unlock();
        }
        done.run();
      }
    }
  }
}

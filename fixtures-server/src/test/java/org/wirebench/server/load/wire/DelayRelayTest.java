package org.wirebench.server.load.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The delay line on loopback, no namespaces: every byte arrives, in order, and never before the
 * one-way delay after it was sent (the sender's write start is the earliest it could have left); a
 * new connection's first bytes no earlier than a handshake's round trip later; ends passed on; what
 * a direction holds is bounded.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DelayRelayTest {
  private static final long DELAY_NS = TimeUnit.MILLISECONDS.toNanos(40);
  private static final InetSocketAddress ANY =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  /** A write or a read: when it started (write) or returned (read), and the bytes it covered. */
  private record Mark(long ns, long from, long to) {}

  /** Writes {@code data} in 16 KiB writes, noting when each write started. */
  private static List<Mark> send(OutputStream out, byte[] data) throws Exception {
    List<Mark> marks = new ArrayList<>();
    for (int off = 0; off < data.length; off += 16 * 1024) {
      int n = Math.min(16 * 1024, data.length - off);
      marks.add(new Mark(System.nanoTime(), off, off + n));
      out.write(data, off, n);
    }
    return marks;
  }

  /** Reads to the end, noting when each read returned and what it held. */
  private static byte[] receive(InputStream in, List<Mark> marks) throws Exception {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
      long now = System.nanoTime();
      marks.add(new Mark(now, got.size(), got.size() + n));
      got.write(buf, 0, n);
    }
    return got.toByteArray();
  }

  /** Each read's last byte was written no later than the read minus the delay. */
  private static void neverEarly(List<Mark> writes, List<Mark> reads, String way) {
    assertTrue(!reads.isEmpty(), way + ": nothing arrived");
    for (Mark r : reads) {
      long last = r.to() - 1;
      Mark w =
          writes.stream().filter(m -> m.from() <= last && last < m.to()).findFirst().orElseThrow();
      assertTrue(
          r.ns() - w.ns() >= DELAY_NS,
          way + ": byte " + last + " arrived " + (r.ns() - w.ns()) / 1e6 + " ms after its write");
    }
  }

  @Test
  void bytesArriveIntactInOrderAndNotBeforeTheirDueTime() throws Exception {
    Random random = new Random(28);
    byte[] up = new byte[1 << 20];
    byte[] down = new byte[1 << 20];
    random.nextBytes(up);
    random.nextBytes(down);
    List<Mark> upReads = new ArrayList<>();
    List<Mark> downWrites = new ArrayList<>();
    try (ServerSocket server = new ServerSocket()) {
      server.bind(ANY);
      CompletableFuture<byte[]> upstream =
          CompletableFuture.supplyAsync(
              () -> {
                try (Socket s = server.accept()) {
                  byte[] got = receive(s.getInputStream(), upReads); // to the client's end
                  downWrites.addAll(send(s.getOutputStream(), down));
                  return got;
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              });
      try (DelayRelay relay =
              DelayRelay.start(
                  ANY, (InetSocketAddress) server.getLocalSocketAddress(), DELAY_NS, 1 << 20);
          Socket client = new Socket()) {
        long connectStart = System.nanoTime();
        client.connect(relay.address());
        List<Mark> upWrites = send(client.getOutputStream(), up);
        client.shutdownOutput();
        List<Mark> downReads = new ArrayList<>();
        byte[] back = receive(client.getInputStream(), downReads);
        assertArrayEquals(up, upstream.get(60, TimeUnit.SECONDS), "client to server");
        assertArrayEquals(down, back, "server to client");
        neverEarly(upWrites, upReads, "up");
        neverEarly(downWrites, downReads, "down");
        // the first bytes wait as for a handshake: a round trip, then the way there
        assertTrue(
            upReads.get(0).ns() - connectStart >= 3 * DELAY_NS,
            "first bytes after " + (upReads.get(0).ns() - connectStart) / 1e6 + " ms");
        assertTrue(relay.lateness().getTotalCount() > 0, "every chunk's lateness is recorded");
        assertEquals(2L << 20, relay.bytes());
      }
    }
  }

  @Test
  void aDirectionHoldsNoMoreThanItsBoundAndTheSenderWaits() throws Exception {
    long bound = 256 * 1024;
    try (ServerSocket server = new ServerSocket()) {
      server.bind(ANY);
      CompletableFuture<Socket> stalled =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  Socket s = server.accept(); // never read
                  s.setReceiveBufferSize(16 * 1024);
                  return s;
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              });
      AtomicLong written = new AtomicLong();
      try (DelayRelay relay =
              DelayRelay.start(ANY, (InetSocketAddress) server.getLocalSocketAddress(), 0, bound);
          Socket client = new Socket()) {
        client.connect(relay.address());
        Thread writer =
            new Thread(
                () -> {
                  byte[] chunk = new byte[64 * 1024];
                  try {
                    OutputStream out = client.getOutputStream();
                    while (true) {
                      out.write(chunk);
                      written.addAndGet(chunk.length);
                    }
                  } catch (Exception e) {
                    // cut at the end of the test
                  }
                });
        writer.setDaemon(true);
        writer.start();
        long last = -1;
        // sockets' buffers fill too; wait until the writer has stopped moving (judged by the loop
        // alone: reading the count again after it could catch a writer that had only been starved
        // of the CPU for a sample, and was counted stopped, moving again)
        boolean stopped = false;
        for (int i = 0; i < 100 && !stopped; i++) {
          long now = written.get();
          stopped = now == last;
          last = now;
          Thread.sleep(200);
        }
        assertTrue(stopped, "the sender must be held back");
        assertTrue(relay.maxQueued() <= bound, relay.maxQueued() + " bytes held, bound " + bound);
        assertTrue(relay.maxQueued() > 0, "the relay held what it read");
        stalled.get(60, TimeUnit.SECONDS).close();
      }
    }
  }

  @Test
  void closingTheRelayCutsItsConnections() throws Exception {
    try (ServerSocket server = new ServerSocket()) {
      server.bind(ANY);
      CompletableFuture<Socket> accepted =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return server.accept();
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              });
      DelayRelay relay =
          DelayRelay.start(ANY, (InetSocketAddress) server.getLocalSocketAddress(), 0, 1 << 20);
      try (Socket client = new Socket()) {
        client.connect(relay.address());
        client.setSoTimeout(60_000); // bounds for a broken relay, not a pace
        Socket far = accepted.get(60, TimeUnit.SECONDS);
        relay.close();
        int r;
        try {
          r = client.getInputStream().read();
        } catch (java.io.IOException e) {
          r = -1; // a reset is a cut too
        }
        assertEquals(-1, r, "the client's connection ends");
        far.close();
      }
    }
  }
}

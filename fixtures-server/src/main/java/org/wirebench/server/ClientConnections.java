package org.wirebench.server;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wirebench.server.http.ClientAddress;

/**
 * The connections one client address may hold open at once: all the server takes but a reserve for
 * everyone else. Every connection is a file descriptor, and a kept-alive one costs its client a
 * request every 30 s (the idle timeout): one client holding as many as the process may open left
 * none for anybody (Jetty's accept failed with "Too many open files", logged a stack trace a
 * second, and every other client waited in the kernel's queue), and none for the server's own files
 * and its gateway's backend connections. A connection past the share is closed as soon as it is
 * accepted, before anything is read: answering would mean holding it until its request came. The
 * whole server's connections are held below the process's file limit by Jetty's {@link
 * NetworkConnectionLimit} (accepting pauses there), so its own files always open.
 */
final class ClientConnections implements Connection.Listener {
  private static final Logger LOG = LoggerFactory.getLogger(ClientConnections.class);

  private volatile int perClient;

  /** Open connections by client address; guarded by this. */
  private final Map<String, Integer> open = new HashMap<>();

  /** Each open connection's client; guarded by this. */
  private final Map<Connection, String> clients = new HashMap<>();

  /** Clients the log was told of as past their share, until their connections all close. */
  private final Set<String> told = new HashSet<>();

  ClientConnections(int perClient) {
    limit(perClient);
  }

  /**
   * The connections a server of {@code total} gives one client: all but an eighth (at least one
   * connection) kept for the others.
   */
  static int share(int total) {
    return Math.max(1, total - Math.max(1, total / 8));
  }

  void limit(int connections) {
    if (connections < 1) {
      throw new IllegalArgumentException("connections per client must be 1 or more");
    }
    perClient = connections;
  }

  int perClient() {
    return perClient;
  }

  @Override
  public void onOpened(Connection connection) {
    String client = ClientAddress.of(connection.getEndPoint().getRemoteSocketAddress());
    boolean over;
    boolean tell = false;
    synchronized (this) {
      clients.put(connection, client);
      over = open.merge(client, 1, Integer::sum) > perClient;
      if (over) {
        // one line a client until all its connections have closed, not one a connection it tries
        tell = told.add(client);
      }
    }
    if (tell) {
      LOG.info(
          "{} holds {} connections, its share: further ones are closed at once", client, perClient);
    }
    if (over) {
      connection.getEndPoint().close();
    }
  }

  @Override
  public void onClosed(Connection connection) {
    synchronized (this) {
      // the address as it was at the opening: a closed socket no longer says it
      String client = clients.remove(connection);
      if (client != null
          && open.computeIfPresent(client, (c, n) -> n == 1 ? null : n - 1) == null) {
        told.remove(client);
      }
    }
  }

  /**
   * Puts the limits on {@code connector}'s connections: the whole server's below the process's file
   * limit, less a reserve for its own files and for the gateway's {@code backendConnections} (a
   * backend on this server holds both ends' descriptors), and each client's share of them.
   */
  static ClientConnections install(
      Server server, ServerConnector connector, int backendConnections) {
    int total = total(fileLimit(), openFiles() + backendConnections);
    server.addBean(new NetworkConnectionLimit(total, connector));
    ClientConnections connections = new ClientConnections(share(total));
    connector.addEventListener(connections);
    return connections;
  }

  /**
   * The connections a server may hold at once in a process that may open {@code fileLimit} files
   * and has {@code otherFiles} open or kept for other uses: all of them but those and 256 more (at
   * most half the limit); unbounded when the limit is not known.
   */
  static int total(long fileLimit, long otherFiles) {
    if (fileLimit <= 0) {
      return Integer.MAX_VALUE / 2;
    }
    long reserve = Math.min(256 + otherFiles, fileLimit / 2);
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE / 2, fileLimit - reserve));
  }

  /** The files this process has open now (its jars, sockets, logs), or 0 when not known. */
  static long openFiles() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
        ? unix.getOpenFileDescriptorCount()
        : 0;
  }

  /** The files this process may open (the JVM raises its soft limit to the hard one), or -1. */
  static long fileLimit() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
        ? unix.getMaxFileDescriptorCount()
        : -1;
  }

  /** Connections {@code client} holds open now, for tests. */
  synchronized int open(String client) {
    return open.getOrDefault(client, 0);
  }
}

package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A server JVM started for a run must not outlive the run's JVM, even one killed with -9. */
class OrphanServerTest {

  /** A stand-in for the load driver: starts a server JVM, prints its URI, waits to be killed. */
  public static final class Parent {
    public static void main(String[] args) throws Exception {
      ServerProcess server = ServerProcess.start(null, JvmProfile.byName("default"), List.of());
      System.out.println("SERVER " + server.uri());
      System.out.flush();
      Thread.sleep(TimeUnit.MINUTES.toMillis(5));
    }
  }

  @Test
  void aServerStartedByAKilledProcessStops() throws Exception {
    Process parent =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Parent.class.getName())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    URI uri = null;
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8));
      for (String line; (line = out.readLine()) != null; ) {
        if (line.startsWith("SERVER ")) {
          uri = URI.create(line.substring(7));
          break;
        }
      }
      assertNotNull(uri, "the parent never reported its server");
      assertTrue(listening(uri), "the server should be up while its parent lives");
    } finally {
      parent.destroyForcibly(); // SIGKILL: no shutdown hook of the parent runs
      parent.waitFor();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // a bound, not a pace
    while (listening(uri) && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertTrue(!listening(uri), "the orphaned server still listens on " + uri);
  }

  /**
   * A server JVM whose starter is gone while it is still starting stops there, never serving: it
   * watched for its starter only once started, so it finished starting (seconds: the WMS's raster,
   * the SOAP stacks), took its port and said it served, to nobody, before it stopped.
   */
  @Test
  void aServerWhoseStarterDiesWhileItStartsNeverServes() throws Exception {
    Process server =
        new ProcessBuilder(
                ServerProcess.command(null, JvmProfile.byName("default"), List.of("--port", "0")))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    server.getOutputStream().close(); // its starter's end of the pipe: as if the starter died
    try {
      String served = null;
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      for (String line; (line = out.readLine()) != null; ) {
        if (line.contains(ServerProcess.READY)) {
          served = line;
        }
      }
      assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the server JVM did not end");
      assertTrue(served == null, "it started serving for nobody: " + served);
    } finally {
      server.destroyForcibly();
    }
  }

  private static boolean listening(URI uri) throws Exception {
    try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
      return true;
    } catch (ConnectException e) {
      return false;
    }
  }
}

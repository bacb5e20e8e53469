package org.wirebench.server;

import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A real fixture server on an ephemeral port (default settings) and a started Jetty client, shared
 * by the tests of one class: extend it. Test classes run one after another, so the static pair
 * belongs to the class running.
 */
public abstract class LiveServerTest {
  protected static FixtureServer server;
  protected static HttpClient client;

  @BeforeAll
  static void startLiveServer() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults()).start();
    client = new HttpClient();
    client.start();
  }

  @AfterAll
  static void stopLiveServer() throws Exception {
    client.stop();
    server.close();
  }
}

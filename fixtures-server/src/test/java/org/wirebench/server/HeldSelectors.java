package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Each of a connector's selectors held in a task of its own, so that a close the kernel has already
 * seen is not yet heard by the server: the last-look tests' way to make the late flag late on
 * purpose, deterministically.
 */
final class HeldSelectors {
  private HeldSelectors() {}

  /**
   * Holds every selector of {@code connector} until {@code release} opens, at most {@code boundS}
   * seconds (a bound on a broken server, not a measure); returns once all are held.
   */
  static void hold(ServerConnector connector, CountDownLatch release, long boundS)
      throws InterruptedException {
    var selectors = connector.getSelectorManager().getBeans(ManagedSelector.class);
    assertTrue(!selectors.isEmpty(), "no selector to hold");
    CountDownLatch held = new CountDownLatch(selectors.size());
    for (ManagedSelector selector : selectors) {
      selector.submit(
          nio -> {
            held.countDown();
            try {
              release.await(boundS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
    }
    assertTrue(held.await(boundS, TimeUnit.SECONDS), "the selectors were not held");
  }
}

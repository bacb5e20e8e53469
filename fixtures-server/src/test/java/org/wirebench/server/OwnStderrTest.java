package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * LoadCommandTest once read two lines where its refusal wrote one: another thread's line (a server
 * of an earlier test, stopping) fell into the System.err it had swapped for the whole JVM.
 */
class OwnStderrTest {
  @Test
  void anotherThreadsLineInTheMeantimeIsNotKept() throws Exception {
    OwnStderr own = new OwnStderr();
    own.capture(
        () -> {
          System.err.println("mine");
          Thread other = new Thread(() -> System.err.println("another thread's log line"));
          other.start();
          other.join();
          return null;
        });
    assertEquals("mine" + System.lineSeparator(), own.text());
  }
}

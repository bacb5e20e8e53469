package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.wirebench.results.NewFolders;

/**
 * The run folders this JVM is writing, removed when it is stopped before they complete (Ctrl-C,
 * SIGTERM: its shutdown hooks run), once the processes it started (JMH's forks, the load step's
 * drivers and server) have ended, so that a stopped suite, profile or jmeter-import leaves neither
 * a process nor a {@code tmp-} folder. Only a kill no hook sees ({@code kill -9}, the power) leaves
 * the folder, which the next suite and report list and discard-incomplete removes.
 */
final class StoppedRuns {
  private StoppedRuns() {}

  /** How long the processes this JVM started get to end on SIGTERM before they are killed. */
  static final long CHILDREN_GRACE_MS = 10_000;

  private static final Map<Path, Thread> HOOKS = new ConcurrentHashMap<>();

  /**
   * Removes {@code run} if this JVM is stopped before {@link #forget} is called for it, and then
   * those of the folders {@code made} for it (outermost first) that are left empty.
   */
  static void watch(Path run, List<Path> made) {
    Thread hook =
        new Thread(() -> stopped(run, made), "wirebench stopped run " + run.getFileName());
    if (HOOKS.putIfAbsent(run, hook) == null) {
      try {
        Runtime.getRuntime().addShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        HOOKS.remove(run);
      }
    }
  }

  /** The run completed, or its writer removed it: nothing left to do on the way out. */
  static void forget(Path run) {
    Thread hook = HOOKS.remove(run);
    if (hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is already running: it finds the folder completed or gone
      }
    }
  }

  private static void stopped(Path run, List<Path> made) {
    if (!Files.isDirectory(run)) {
      return;
    }
    // before the forks are ended: the failure their end causes in the run is not printed after
    // the one line below
    org.wirebench.server.Mains.stopping();
    endChildren();
    // twice: a writer still running (JMH's host thread) may add a file while the tree goes
    for (int attempt = 0; attempt < 2 && Files.exists(run); attempt++) {
      deleteTree(run);
    }
    NewFolders.removeEmpty(made);
    System.err.println(
        Files.exists(run)
            ? "wirebench: stopped; could not remove the unfinished run "
                + run
                + " (./wirebench discard-incomplete removes it)"
            : "wirebench: stopped; removed the unfinished run " + run);
  }

  /**
   * Asks each process this JVM started to end (SIGTERM), waits for every one below it, and kills
   * those it started that are still running after {@link #CHILDREN_GRACE_MS}. Their own children
   * are never killed here: a wire run's clean-up process, in a session of its own, must outlive its
   * JVM to delete the namespaces.
   */
  private static void endChildren() {
    List<ProcessHandle> children = ProcessHandle.current().children().toList();
    List<ProcessHandle> below = ProcessHandle.current().descendants().toList();
    children.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CHILDREN_GRACE_MS);
    for (ProcessHandle p : children) {
      await(p, deadline);
    }
    children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle p : below) {
      await(p, deadline + TimeUnit.SECONDS.toNanos(5));
    }
  }

  private static void await(ProcessHandle p, long deadlineNs) {
    long left = deadlineNs - System.nanoTime();
    try {
      p.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // still running: the caller kills what it started, the rest is left to end on its own
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void deleteTree(Path run) {
    try (Stream<Path> files = Files.walk(run)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      // a file that went meanwhile, or one that cannot go: tried again, then named
    }
  }
}

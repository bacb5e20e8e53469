package org.wirebench.bench.pair;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A variant that notes the thread of every call, for the tests of where a fork's rounds run. */
public final class RoundThreads {
  static final List<Thread> CALLED_ON = new CopyOnWriteArrayList<>();

  public long call() {
    Thread t = Thread.currentThread();
    if (CALLED_ON.isEmpty() || CALLED_ON.get(CALLED_ON.size() - 1) != t) {
      CALLED_ON.add(t);
    }
    return t.getId();
  }
}

package org.wirebench.server.wfs;

import java.util.concurrent.atomic.LongAdder;
import org.wirebench.server.http.ClientGone;
import org.wirebench.server.http.ClientWatch;

/**
 * The features one GetFeature visits: each is counted (into the handler's total, which tests and
 * operators read) and, every {@value #CHECK_EVERY} features, the client is looked at: once it has
 * gone the query stops with {@link ClientGone.Left}, whether or not it had written anything yet (a
 * scan that matches nothing never writes, and would otherwise run on for minutes after its client
 * left); and, as often, the request's {@link WorkBudget}.
 */
final class Visits {
  static final int CHECK_EVERY = 256;

  private final LongAdder total;
  private final ClientWatch watch;
  private final WorkBudget budget;
  private int sinceCheck;

  /**
   * @param total where the server counts visited features
   * @param watch the request's client, or null for work outside a request (never gone)
   * @param budget the request's work budget, or null for none
   */
  Visits(LongAdder total, ClientWatch watch, WorkBudget budget) {
    this.total = total;
    this.watch = watch;
    this.budget = budget;
  }

  /** For work outside a request: counts nothing, never stops. */
  static Visits none() {
    return new Visits(new LongAdder(), null, null);
  }

  /**
   * One feature visited; throws {@link ClientGone.Left} once the client has gone, {@link
   * WorkBudget.Spent} once the request's work passed its budget.
   */
  void visit() {
    total.increment();
    if (++sinceCheck >= CHECK_EVERY) {
      sinceCheck = 0;
      check();
      if (budget != null) {
        budget.check();
      }
    }
  }

  /** Whether the client has gone, without stopping. */
  boolean clientLeft() {
    return watch != null && watch.gone();
  }

  /**
   * Has {@code action} run as soon as the client is heard leaving, for a wait that cannot look as
   * it goes ({@link ClientWatch#onGone}: it must not block).
   */
  void whenClientLeaves(Runnable action) {
    if (watch != null) {
      watch.onGone(action);
    }
  }

  /** Throws {@link ClientGone.Left} if the client has gone. */
  void check() {
    if (clientLeft()) {
      throw new ClientGone.Left("the client closed the connection");
    }
  }
}

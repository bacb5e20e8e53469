package org.wirebench.server.wfs;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.wirebench.server.http.ClientGone;

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
  private final BooleanSupplier gone;
  private final WorkBudget budget;
  private int sinceCheck;

  /**
   * @param total where the server counts visited features
   * @param gone whether the client has left
   * @param budget the request's work budget, or null for none
   */
  Visits(LongAdder total, BooleanSupplier gone, WorkBudget budget) {
    this.total = total;
    this.gone = gone;
    this.budget = budget;
  }

  /** For work outside a request: counts nothing, never stops. */
  static Visits none() {
    return new Visits(new LongAdder(), () -> false, null);
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
    return gone.getAsBoolean();
  }

  /** Throws {@link ClientGone.Left} if the client has gone. */
  void check() {
    if (clientLeft()) {
      throw new ClientGone.Left("the client closed the connection");
    }
  }
}

package org.wirebench.server.wfs;

import java.io.OutputStream;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.server.http.ClientGone;
import org.wirebench.server.http.ClientWatch;
import org.wirebench.server.http.GatheredBody;
import org.wirebench.server.http.OwsException;

/**
 * A WFS answer written to its client: gathered into pieces (the minimum read rate holds every
 * response, {@link org.wirebench.server.http.ReadRateHandler}), its work within its budget, and
 * ended as the client's leaving, the budget, the server's failure or a timeout each call for (an
 * exception report, an abort, a 499 in the access log); the log is the handler's.
 */
final class AnswerStream {
  /**
   * A response's piece: a body up to this size goes out in one write with a Content-Length, a
   * larger one in chunks of it, its end with the last. 256 KiB puts every answer of the study (200
   * features: 38-223 KB on the four layers, GML 3.2 on osm_mainroads the largest) in one write; at
   * 128 KiB the osm_mainroads answers (147-223 KB) took three, two chunks and the chunked end on
   * its own, for 5-10% more of the server's CPU a request (docs/results.md, session 29).
   */
  static final int PIECE_BYTES = 256 * 1024;

  private static final Logger LOG = LoggerFactory.getLogger(WfsHandler.class);

  private AnswerStream() {}

  interface Body {
    void writeTo(OutputStream out) throws Exception;
  }

  /**
   * Streams {@code body} into the response and completes it. Each write to the response is a
   * blocking network write, so writes are gathered into pieces ({@link #PIECE_BYTES}, {@link
   * GatheredBody}, the last one sent with the response's end): the codecs' own buffers and flushes
   * must not decide how often the server goes to the network. A failure before anything was sent
   * becomes an exception report with 500; after that it can only abort the response (the client
   * sees a truncated body, never a success), and the server's log says which.
   */
  static void stream(Request request, Response response, Callback callback, Body body) {
    stream(request, response, callback, body, null, null);
  }

  /**
   * The same, with a watch on the client that must end before the response completes, and the
   * request's work budget, looked at before each full piece goes out (or null).
   */
  static void stream(
      Request request,
      Response response,
      Callback callback,
      Body body,
      ClientWatch watch,
      WorkBudget budget) {
    try {
      writeBody(response, body, budget, watch);
    } catch (Throwable x) {
      if (watch != null) {
        watch.close();
      }
      failed(request, response, callback, x);
      return;
    }
    if (watch != null) {
      watch.close();
    }
    callback.succeeded();
  }

  private static void writeBody(Response response, Body body, WorkBudget budget, ClientWatch watch)
      throws Exception {
    GatheredBody out =
        new GatheredBody(
            response,
            PIECE_BYTES,
            budget == null ? null : budget::check,
            watch == null ? null : () -> stopIfGoneNow(watch));
    // only a body written to its end ends the response: the writer's own close does not
    body.writeTo(out.writerView());
    out.close();
  }

  /**
   * The look before an answer's first bytes, which decides between the answer and 499, asks the
   * socket itself ({@link ClientWatch#goneNow}): a query that looked at its client as it went hears
   * of a close a selector's wake-up later, so its flag alone would answer a client that left 200 or
   * 499 by the timing. A query that never looked (fewer than {@value Visits#CHECK_EVERY} features
   * visited) is answered, as it was never watched.
   */
  private static void stopIfGoneNow(ClientWatch watch) {
    if (watch.looked() && watch.goneNow()) {
      throw new ClientGone.Left("the client closed the connection before its answer was sent");
    }
  }

  /**
   * Ends a request whose answer failed with {@code x}, before or after its first bytes: the one
   * place a spent work budget, a client gone and the server's own failure are each answered.
   */
  static void failed(Request request, Response response, Callback callback, Throwable x) {
    String what = request.getHttpURI().getPathQuery();
    WorkBudget.Spent spent = spent(x);
    if (spent != null) {
      // any client can cause it at will: one line, no stack trace
      if (!response.isCommitted()) {
        LOG.warn(
            "stopped {} before its first bytes; answered with an exception report: {}",
            what,
            spent.getMessage());
        response.reset();
        WfsHandler.writeReport(response, callback, spent.version(), spent.report());
      } else {
        LOG.warn(
            "stopped {} after its first bytes; cut the connection: {}", what, spent.getMessage());
        request.getConnectionMetaData().getConnection().getEndPoint().close();
        callback.failed(spent);
      }
      return;
    }
    if (ClientGone.left(x, request.getConnectionMetaData())) {
      // not the server's failure, and any client can cause it at will: one line, no stack trace,
      // so that hanging up cannot fill the log with a trace a request
      LOG.info("the client left while its answer to {} was written: {}", what, x.toString());
      if (response.isCommitted()) {
        callback.failed(x);
      } else {
        ClientGone.end(request, response, callback, x.toString());
      }
      return;
    }
    if (!response.isCommitted()) {
      LOG.warn("failed writing the response to {}; answered with an exception report", what, x);
      response.reset();
      WfsHandler.writeReport(
          response,
          callback,
          WfsVersion.V2_0_0,
          new OwsException(
              "NoApplicableCode",
              null,
              "the server failed writing the response",
              HttpStatus.INTERNAL_SERVER_ERROR_500));
      return;
    }
    if (timedOut(x)) {
      // a client that stops reading ends here by the idle timeout, which any client can cause at
      // will: one line, no stack trace (before, about 60 lines a time)
      LOG.warn(
          "failed writing the response to {} after its first bytes (the client stopped reading);"
              + " aborted it: {}",
          what,
          x.toString());
      callback.failed(x);
      return;
    }
    LOG.warn("failed writing the response to {} after its first bytes; aborted it", what, x);
    callback.failed(x);
  }

  /** The budget's stop in {@code x}'s causes (a codec may wrap what its stream threw), or null. */
  private static WorkBudget.Spent spent(Throwable x) {
    for (Throwable t = x; t != null; t = t.getCause()) {
      if (t instanceof WorkBudget.Spent s) {
        return s;
      }
    }
    return null;
  }

  /** Whether {@code x} is the connection's idle timeout: a client that stopped reading. */
  private static boolean timedOut(Throwable x) {
    for (Throwable t = x; t != null; t = t.getCause()) {
      if (t instanceof java.util.concurrent.TimeoutException) {
        return true;
      }
    }
    return false;
  }
}

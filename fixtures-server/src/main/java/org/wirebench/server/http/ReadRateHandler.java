package org.wirebench.server.http;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Holds every response to the minimum read rate ({@link ReadRate}), whichever handler writes it:
 * the WFS's gathered pieces, the WMS's maps, the SOAP stacks' servlet streams, the gateway's and
 * the mock backend's answers, {@code /static/N}, capabilities, WSDLs and every error page. It wraps
 * the response once, outside every handler that writes (and outside the compression, so that the
 * bytes counted are the bytes on the wire); the error pages Jetty writes itself, outside any
 * handler, are wrapped by {@link #rated} in the error handler. Held only in one service's writer,
 * the rule left every other answer to a client reading a few bytes at a time: a large map, WSDL or
 * static body held its buffers (and a SOAP servlet its thread) for as long as the client kept
 * reading.
 */
public final class ReadRateHandler extends Handler.Wrapper {
  private final Scheduler scheduler;
  private volatile long bytesPerSecond = ReadRate.MIN_BYTES_PER_SECOND;
  private volatile long graceMillis = ReadRate.GRACE_MILLIS;

  /**
   * @param scheduler ends the writes whose time is up (the connector's)
   */
  public ReadRateHandler(Handler next, Scheduler scheduler) {
    super(next);
    this.scheduler = scheduler;
  }

  /**
   * Another rule than {@link ReadRate#MIN_BYTES_PER_SECOND} after {@link ReadRate#GRACE_MILLIS},
   * for tests (a grace of 0 and a rate no client reaches cut every write that has to wait).
   */
  public void rule(long bytesPerSecond, long graceMillis) {
    ReadRate.check(bytesPerSecond, graceMillis);
    this.bytesPerSecond = bytesPerSecond;
    this.graceMillis = graceMillis;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    return super.handle(request, rated(request, response), callback);
  }

  /** {@code response} held to the rule: itself when it is already. */
  public Response rated(Request request, Response response) {
    if (Response.as(response, Rated.class) != null) {
      return response;
    }
    return new Rated(
        request,
        response,
        new ReadRate(
            bytesPerSecond,
            graceMillis,
            System::nanoTime,
            (task, nanos) -> scheduler.schedule(task, nanos, TimeUnit.NANOSECONDS)::cancel,
            () -> request.getConnectionMetaData().getConnection().getEndPoint().close()));
  }

  /** A response whose every write goes through its body's {@link ReadRate}. */
  private static final class Rated extends Response.Wrapper {
    private final ReadRate rate;

    Rated(Request request, Response wrapped, ReadRate rate) {
      super(request, wrapped);
      this.rate = rate;
    }

    @Override
    public void write(boolean last, ByteBuffer buffer, Callback callback) {
      rate.write(getWrapped(), last, buffer, callback);
    }
  }
}

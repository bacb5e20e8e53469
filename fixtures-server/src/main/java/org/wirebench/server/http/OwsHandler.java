package org.wirebench.server.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.StringUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every OGC KVP endpoint of this server shares (the WFS and the two WMS): the query string
 * read as UTF-8, GET and HEAD only, each parameter once in any spelling, dispatch on REQUEST to the
 * operations the service registers, and every refusal or failure answered with the service's own
 * exception report and status — never the container's error page. A service brings its request
 * parser, its operations and its report writer; the version a report is written in comes from the
 * query, whatever else is wrong with it.
 *
 * @param <R> the service's parsed request
 */
public abstract class OwsHandler<R extends OwsHandler.Parsed> extends Handler.Abstract {
  private static final Logger LOG = LoggerFactory.getLogger(OwsHandler.class);

  /** A request the service has parsed: it names the operation asked for. */
  public interface Parsed {
    /** REQUEST's value as sent. */
    String operation();
  }

  /** One operation of the service, given the parsed request. */
  @FunctionalInterface
  public interface Operation<R> {
    void serve(R parsed, Request request, Response response, Callback callback) throws Exception;
  }

  /**
   * How a service names things in its reports.
   *
   * @param service its name in messages ("WFS", "WMS")
   * @param requestLocator how it spells REQUEST as an exception's locator
   * @param parsingFailedCode its code for a query it cannot read (WFS 2.0: {@code
   *     OperationParsingFailed}; WMS: {@code InvalidParameterValue})
   * @param failedCode its code for a failure of the server's own, or null where it names none (WMS)
   */
  public record Dialect(
      String service, String requestLocator, String parsingFailedCode, String failedCode) {}

  private final Dialect dialect;
  private final Map<String, Operation<R>> operations = new LinkedHashMap<>();
  private final List<String> advertised = new ArrayList<>();

  protected OwsHandler(Dialect dialect) {
    this.dialect = dialect;
  }

  /**
   * Registers an operation under its name as the service advertises it and under older spellings
   * (WMS 1.0's {@code map}), all matched without regard to case.
   */
  protected final void operation(String name, Operation<R> operation, String... aliases) {
    advertised.add(name);
    operations.put(StringUtil.asciiToLowerCase(name), operation);
    for (String alias : aliases) {
      operations.put(StringUtil.asciiToLowerCase(alias), operation);
    }
  }

  /** The version a report about a request with these parameters is written in. */
  protected abstract String reportVersion(Map<String, String> lowerCaseParams);

  /** The service's request, checked as far as the service checks before dispatching. */
  protected abstract R parse(Map<String, String> lowerCaseParams) throws OwsException;

  /** Writes {@code e} as the service's exception report in {@code version}, with its status. */
  protected abstract void report(
      Response response, Callback callback, String version, OwsException e);

  /** Called before each request is read; nothing by default. */
  protected void beforeRequest() {}

  @Override
  public final boolean handle(Request request, Response response, Callback callback) {
    beforeRequest();
    KvpQuery query = KvpQuery.read(request);
    if (query == null) {
      report(
          response,
          callback,
          reportVersion(Map.of()),
          new OwsException(
              dialect.parsingFailedCode(),
              null,
              "the query string is not valid UTF-8 percent-encoding"));
      return true;
    }
    Map<String, String> params = query.lowerCased();
    String version = reportVersion(params);
    if (!KvpQuery.readOnly(request)) {
      response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
      report(
          response,
          callback,
          version,
          new OwsException(
              "OperationNotSupported",
              dialect.requestLocator(),
              "HTTP "
                  + request.getMethod()
                  + " is not served: this "
                  + dialect.service()
                  + " takes KVP requests over GET",
              HttpStatus.METHOD_NOT_ALLOWED_405));
      return true;
    }
    try {
      String duplicate = query.firstDuplicate();
      if (duplicate != null) {
        throw new OwsException(
            dialect.parsingFailedCode(),
            duplicate,
            "the parameter " + duplicate + " is given more than once");
      }
      R parsed = parse(params);
      Operation<R> operation = operations.get(StringUtil.asciiToLowerCase(parsed.operation()));
      if (operation == null) {
        throw new OwsException(
            "OperationNotSupported",
            dialect.requestLocator(),
            dialect.requestLocator()
                + "="
                + parsed.operation()
                + " is not supported; use "
                + advertised);
      }
      operation.serve(parsed, request, response, callback);
    } catch (OwsException e) {
      report(response, callback, version, e);
    } catch (Exception e) {
      failed(request, response, callback, version, e);
    }
    return true;
  }

  /**
   * An operation failed on the server's side (a source missing, a codec failing): the cause goes to
   * the log, the client gets a report with 500 while nothing was sent, else an aborted response.
   */
  private void failed(
      Request request, Response response, Callback callback, String version, Exception e) {
    String what = request.getHttpURI().getPathQuery();
    if (response.isCommitted()) {
      LOG.warn(
          "{} request failed after its first bytes; aborted it: {}", dialect.service(), what, e);
      callback.failed(e);
      return;
    }
    LOG.warn("{} request failed: {}", dialect.service(), what, e);
    response.reset();
    report(
        response,
        callback,
        version,
        new OwsException(
            dialect.failedCode(),
            null,
            // the exception's class and stack are the log's, never the client's
            "the server failed answering this request (an internal error; the server's log holds"
                + " its cause)",
            HttpStatus.INTERNAL_SERVER_ERROR_500));
  }
}

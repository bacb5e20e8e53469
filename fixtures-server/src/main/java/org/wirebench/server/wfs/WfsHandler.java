package org.wirebench.server.wfs;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wirebench.formats.geo.Dataset;
import org.wirebench.formats.geo.FeatureCollection;
import org.wirebench.formats.geo.QueryResults;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.WfsVersion;
import org.wirebench.formats.geo.schema.FeatureSchemas;
import org.wirebench.formats.geo.schema.XmlSchema;
import org.wirebench.server.http.ClientWatch;
import org.wirebench.server.http.KvpQuery;
import org.wirebench.server.http.OwsException;
import org.wirebench.server.http.OwsHandler;

/**
 * The WFS endpoint (KVP over GET): GetCapabilities, DescribeFeatureType and GetFeature for WFS
 * 1.0.0, 1.1.0 and 2.0.0 (and 2.0's stored queries), every registered dataset a layer, every
 * registered codec an output format. Features stream from the encoder into the response. A request
 * it cannot answer gets an OGC exception report and 400, never a 500.
 */
public final class WfsHandler extends OwsHandler<WfsRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(WfsHandler.class);

  /** What capabilities, stored query lists and exception reports are sent as, in UTF-8. */
  private static final String XML = "application/xml; charset=UTF-8";

  /** The public base URL ending in "/", or null: URLs are then built from the listening socket. */
  private volatile String publicBase;

  private volatile HeavyQueries heavy = HeavyQueries.defaults();
  private final LongAdder visited = new LongAdder();

  /**
   * A page of more features than this is a heavy query ({@link HeavyQueries#LARGE_PAGE}): one a
   * core at a time, and 503 beyond the places. What a load driver may ask for without meeting that
   * gate.
   */
  public static final int LARGE_PAGE = HeavyQueries.LARGE_PAGE;

  /**
   * The CPU time one GetFeature's work (its filter, sort and encoding) may take, in ms ({@link
   * WorkBudget}): past it the query is stopped, answered with an exception report while nothing was
   * sent, else cut. The costliest query the benchmarks, the load scenarios, the JMeter plans and
   * the scripts send is a scan of a 1,000,000-feature layer (a box before the layer's index:
   * 1.8–4.4 s on the 2-core VM, 2026-11-25; a SORTBY visits as many), or a page of 100,000 features
   * (about 0.1 s of encoding by the codecs' JMH cost); a box query that finds its layer's index
   * unbuilt may build it (one pass; every layer's together about 15 s of CPU, {@link
   * #beforeRequest}). 30 s is about seven times the slowest scan and twice every index together,
   * and bounds what no honest query asks: 16 types in one request, each scanned with a 32-operator
   * filter.
   */
  public static final long WORK_BUDGET_MILLIS = 30_000;

  private volatile long workBudgetMillis = WORK_BUDGET_MILLIS;
  private volatile java.util.function.LongSupplier workClock = WorkBudget.THREAD_CPU;

  /** Heavy GetFeatures one client address may have running or waiting, by default. */
  public static final int DEFAULT_HEAVY_PER_CLIENT = HeavyQueries.DEFAULT_PER_CLIENT;

  /** The places for heavy GetFeatures on this machine, running and waiting: 3 a core. */
  public static final int HEAVY_PLACES = HeavyQueries.DEFAULT_PLACES;

  /**
   * The most heavy GetFeatures one client may be given on this machine: every place but one, so
   * that another client's heavy query always finds a place. A share of every place let one client
   * hold them all, and every other client's heavy query got 503 at once for as long as it kept
   * sending: the share's own purpose undone.
   */
  public static final int MAX_HEAVY_PER_CLIENT = HeavyQueries.allButOne(HEAVY_PLACES);

  /**
   * Heavy GetFeatures (see {@link HeavyQueries}): at most {@code running} at once, {@code waiting}
   * more waiting up to {@code waitMillis} for a turn, at most {@code perClient} of those one client
   * address's, any other answered 503 with a report.
   */
  public void heavyQueries(int running, int waiting, long waitMillis, int perClient) {
    heavy = new HeavyQueries(running, waiting, waitMillis, perClient);
  }

  /**
   * Heavy GetFeatures one client address may have running or waiting, 1..the places (running and
   * waiting); its further ones are answered 503 with a report.
   */
  public void heavyQueriesPerClient(int queries) {
    heavy = heavy.perClient(queries);
  }

  /** Heavy GetFeatures of one client address admitted now: running, or waiting for a turn. */
  public int heavyQueriesAdmitted(String client) {
    return heavy.admittedNow(client);
  }

  /**
   * Another work budget than {@link #WORK_BUDGET_MILLIS}, counted on {@code cpuNanos} instead of
   * the request thread's CPU time, for tests.
   */
  public void workBudget(long millis, java.util.function.LongSupplier cpuNanos) {
    new WorkBudget(millis, cpuNanos, WfsVersion.V2_0_0); // checks the value
    workBudgetMillis = millis;
    workClock = cpuNanos;
  }

  /** The heavy GetFeatures' places, for tests (which hold one to make queries wait). */
  HeavyQueries heavy() {
    return heavy;
  }

  /** Heavy GetFeatures running now. */
  public int heavyQueriesRunning() {
    return heavy.runningNow();
  }

  /** Heavy GetFeatures admitted now: running, or waiting for a turn. */
  public int heavyQueriesAdmitted() {
    return heavy.admittedNow();
  }

  /** Features GetFeature has visited (tested against a filter, or indexed) since the start. */
  public long featuresVisited() {
    return visited.sum();
  }

  /**
   * The URL clients reach this server at (behind a proxy or a port mapping), e.g. {@code
   * https://example.org/wirebench/}: capabilities, paging links and schema locations are built on
   * it. Without one they are built from the address and port the connection came in on — never from
   * the request's Host header, which a client can set to anything.
   *
   * @throws IllegalArgumentException for anything but an absolute http(s) URL with a host and no
   *     query or fragment
   */
  public void publicUrl(java.net.URI url) {
    publicBase = org.wirebench.server.http.PublicUrls.base(url);
  }

  private final java.util.concurrent.atomic.AtomicBoolean indexing =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** Two codecs claiming one name or outputFormat stop the server here, not each request later. */
  @Override
  protected void doStart() throws Exception {
    GeoCodecs.registry();
    super.doStart();
  }

  public WfsHandler() {
    super(new Dialect("WFS", "request", "OperationParsingFailed", "NoApplicableCode"));
    operation("GetCapabilities", this::capabilities);
    operation(
        "DescribeFeatureType",
        (wfs, request, response, callback) -> describe(wfs, response, callback));
    operation("GetFeature", this::getFeature);
    operation(
        "ListStoredQueries",
        (wfs, request, response, callback) -> {
          wfs.requireV2();
          xml(request, response, callback, StoredQueries::list);
        });
    operation(
        "DescribeStoredQueries",
        (wfs, request, response, callback) -> {
          wfs.requireV2();
          StoredQueries.checkIds(wfs.get("storedquery_id"));
          xml(request, response, callback, StoredQueries::describe);
        });
  }

  /**
   * The layers' indexes are built when the WFS is first asked for anything, not when the server
   * starts: a server measured for SOAP, the gateway or the WMS never spends ~15 s of CPU on them
   * while its load points run.
   */
  @Override
  protected void beforeRequest() {
    if (indexing.compareAndSet(false, true)) {
      FeatureIndex.prepare(org.wirebench.formats.geo.Datasets.registry().all());
    }
  }

  @Override
  protected String reportVersion(Map<String, String> lowerCaseParams) {
    return WfsRequest.reportVersion(lowerCaseParams).code();
  }

  @Override
  protected WfsRequest parse(Map<String, String> lowerCaseParams) throws OwsException {
    return WfsRequest.parse(lowerCaseParams);
  }

  @Override
  protected void report(Response response, Callback callback, String version, OwsException e) {
    writeReport(response, callback, WfsVersion.of(version), e);
  }

  /**
   * A refusal made outside the WFS (a request Jetty or a gate turned away before it got here) as
   * this WFS's exception report, NoApplicableCode, in the dialect of the version the query asks for
   * (WFS 2.0's when none can be read).
   *
   * @param rawQuery the request's query string as sent, or null
   */
  public static void refuse(
      Response response, Callback callback, int status, String rawQuery, String message) {
    WfsVersion version = WfsRequest.reportVersion(Map.of("version", KvpQuery.rawVersion(rawQuery)));
    writeReport(
        response, callback, version, new OwsException("NoApplicableCode", null, message, status));
  }

  static void writeReport(
      Response response, Callback callback, WfsVersion version, OwsException e) {
    response.setStatus(e.httpStatus());
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, XML);
    response.write(true, java.nio.ByteBuffer.wrap(ExceptionReports.write(version, e)), callback);
  }

  private static void xml(
      Request request, Response response, Callback callback, AnswerStream.Body body) {
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, XML);
    AnswerStream.stream(request, response, callback, body);
  }

  /**
   * GetFeature with STOREDQUERY_ID: GetFeatureById, the feature alone. The ad-hoc query's
   * parameters do not mix with it, and the response parameters it cannot honour are refused ({@link
   * StoredQueries#checkParameters}).
   */
  private void storedQuery(
      WfsRequest wfs, String id, Request request, Response response, Callback callback)
      throws Exception {
    wfs.requireV2();
    StoredQueries.check(id);
    StoredQueries.checkParameters(wfs);
    GeoCodec codec = wfs.codec();
    if (!codec.encodesBareFeatures()) {
      throw new OwsException(
          "OptionNotSupported",
          "outputFormat",
          "GetFeatureById answers with the feature alone, which "
              + codec.name()
              + " cannot write; ask for "
              + String.join(" or ", OutputFormats.bareFeatureFormats(wfs.version)));
    }
    StoredQueries.Found found = StoredQueries.find(wfs.get("id"));
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, codec.mediaType());
    AnswerStream.stream(
        request,
        response,
        callback,
        out ->
            codec.encodeFeature(
                FeatureCollection.of(found.type(), List.of(found.feature()), Instant.now())
                    .withSchemaBase(endpoint(request)),
                out));
  }

  private void capabilities(WfsRequest wfs, Request request, Response response, Callback callback)
      throws Exception {
    wfs.checkCapabilitiesOptions();
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, XML);
    String endpoint = endpoint(request);
    AnswerStream.stream(
        request, response, callback, out -> Capabilities.write(wfs.version, endpoint, out));
  }

  /** This endpoint's absolute URL, without the query. */
  private String endpoint(Request request) {
    return org.wirebench.server.http.PublicUrls.endpoint(request, publicBase);
  }

  private static void describe(WfsRequest wfs, Response response, Callback callback)
      throws Exception {
    List<Dataset> datasets = wfs.describedDatasets();
    wfs.checkSchemaFormat();
    XmlSchema schema = wfs.schema();
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, wfs.schemaMediaType());
    byte[] xsd =
        FeatureSchemas.xsd(datasets.stream().map(Dataset::featureType).toList(), schema)
            .getBytes(StandardCharsets.UTF_8);
    response.write(true, java.nio.ByteBuffer.wrap(xsd), callback);
  }

  private void getFeature(WfsRequest wfs, Request request, Response response, Callback callback)
      throws Exception {
    String storedQuery = wfs.get("storedquery_id");
    if (storedQuery != null) {
      storedQuery(wfs, storedQuery, request, response, callback);
      return;
    }
    if (wfs.get("id") != null) {
      // a stored query's parameter without its stored query would be dropped: every feature sent
      throw new OwsException(
          "OperationParsingFailed",
          "ID",
          "ID is GetFeatureById's parameter; give STOREDQUERY_ID="
              + StoredQueries.GET_FEATURE_BY_ID
              + " with it, or select by RESOURCEID");
    }
    GeoCodec codec = wfs.codec();
    if (!codec.keepsFeatureOrder()) {
      throw new OwsException(
          "InvalidParameterValue",
          "outputFormat",
          codec.name()
              + " writes features in its own order, not the query's (sortBy, paging); ask for"
              + " another outputFormat");
    }
    String endpoint = endpoint(request);
    ClientWatch watch = ClientWatch.of(request);
    WorkBudget budget = new WorkBudget(workBudgetMillis, workClock, wfs.version);
    GetFeature.Answer answer;
    try {
      answer =
          GetFeature.run(
              wfs,
              codec,
              endpoint,
              heavy,
              org.wirebench.server.http.ClientAddress.of(request),
              new Visits(visited, watch, budget));
    } catch (org.wirebench.server.http.ClientGone.Left e) {
      watch.close();
      LOG.info("stopped {}: {}", request.getHttpURI().getPathQuery(), e.getMessage());
      org.wirebench.server.http.ClientGone.end(request, response, callback, e.getMessage());
      return;
    } catch (WorkBudget.Spent e) {
      watch.close();
      AnswerStream.failed(request, response, callback, e);
      return;
    } catch (Exception | Error e) {
      watch.close();
      throw e;
    }
    // a large page's heavy turn is held until its answer is written, or failed
    try (answer) {
      QueryResults results = answer.results();
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, codec.mediaType());
      AnswerStream.stream(
          request, response, callback, out -> codec.encodeQueries(results, out), watch, budget);
    }
  }

  /** Something that writes a whole response body. */
}

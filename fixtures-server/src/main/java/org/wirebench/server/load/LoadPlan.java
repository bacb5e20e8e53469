package org.wirebench.server.load;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.wirebench.server.http.ContentCoding;

/**
 * What one load point sends and how: the request, the model (closed: {@code users} each waiting for
 * their last answer; open: {@code rate} requests per second), when it stops (a duration, or a
 * request count as ab does) and what a good answer looks like. Setters return {@code this}.
 */
public final class LoadPlan {
  /** Checks one response body; returns null when it is good, else why not. */
  @FunctionalInterface
  public interface BodyValidator {
    String problem(byte[] body);

    /** The body of a request to {@link #rotate target} {@code index}; by default the same. */
    default String problem(int index, byte[] body) {
      return problem(body);
    }

    /** A validator for a {@link #rotate rotating} plan, told which target each body answers. */
    static BodyValidator perTarget(java.util.function.BiFunction<Integer, byte[], String> check) {
      return new BodyValidator() {
        @Override
        public String problem(byte[] body) {
          return check.apply(0, body);
        }

        @Override
        public String problem(int index, byte[] body) {
          return check.apply(index, body);
        }
      };
    }
  }

  /** A timed point's thrown-away phase, unless told otherwise. */
  public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(15);

  /** A timed point's measured phase, unless told otherwise. */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

  /** How long one request may take, unless told otherwise. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  final URI target;
  List<URI> targets;
  String method = "GET";
  final Map<String, String> headers = new LinkedHashMap<>();
  byte[] body;
  int users = 8;
  double rate;
  Duration warmup = DEFAULT_WARMUP;
  Duration duration = DEFAULT_DURATION;
  long warmupRequests;
  long requests;
  long thinkTimeMs;
  long thinkDeviationMs;
  Duration rampUp = Duration.ZERO;
  int expectStatus = 200;
  double lengthTolerance = 0.01;
  Duration timeout = DEFAULT_TIMEOUT;
  ContentCoding encoding = ContentCoding.IDENTITY;
  int validateEvery;
  int selectors = Runtime.getRuntime().availableProcessors();
  BodyValidator validator;
  // a kept body (validated, or coded) longer than this fails its request: not held in memory
  long maxBodyBytes = CodedBodies.MAX_DECODED_BYTES;

  public LoadPlan(URI target) {
    this.target = target;
    this.targets = List.of(target);
  }

  /**
   * Sends to these URIs in turn instead (a list of request variants, e.g. seeded bounding boxes);
   * each keeps its own expected length, and the validator learns which was asked.
   */
  public LoadPlan rotate(List<URI> targets) {
    if (targets.isEmpty()) {
      throw new IllegalArgumentException("no targets to rotate over");
    }
    for (URI t : targets) {
      // the closed model's users each keep one connection, which serves one server
      if (!Objects.equals(t.getScheme(), target.getScheme())
          || !Objects.equals(t.getHost(), target.getHost())
          || t.getPort() != target.getPort()) {
        throw new IllegalArgumentException(
            "targets to rotate over must be on "
                + target.getScheme()
                + "://"
                + target.getAuthority()
                + ", not "
                + t);
      }
    }
    this.targets = List.copyOf(targets);
    return this;
  }

  /** How many distinct requests the plan sends, 1.. */
  public int targetCount() {
    return targets.size();
  }

  /** POST {@code body} with these headers (e.g. Content-Type, SOAPAction). */
  public LoadPlan post(byte[] body, Map<String, String> headers) {
    this.method = "POST";
    this.body = body.clone();
    this.headers.putAll(headers);
    return this;
  }

  /** Concurrent users, 1..10000 (closed model; the open model's connection cap). */
  public LoadPlan users(int users) {
    this.users = users;
    return this;
  }

  /** Requests per second for the open model; 0 keeps the closed model. */
  public LoadPlan rate(double rate) {
    this.rate = rate;
    return this;
  }

  /** Time-bounded run: a thrown-away warm-up, then the measured phase. */
  public LoadPlan timed(Duration warmup, Duration duration) {
    this.warmup = warmup;
    this.duration = duration;
    this.requests = 0;
    return this;
  }

  /** Count-bounded run (closed model, as ab): {@code warmup} requests thrown away, then these. */
  public LoadPlan counted(long warmupRequests, long requests) {
    this.warmupRequests = warmupRequests;
    this.requests = requests;
    return this;
  }

  /** A fixed pause of each user between an answer and its next request, 0..60000 ms. */
  public LoadPlan thinkTimeMs(long thinkTimeMs) {
    return thinkTime(thinkTimeMs, 0);
  }

  /**
   * A pause drawn per request as JMeter's Gaussian Random Timer draws it: |N(0, 1) × deviationMs +
   * meanMs| (the ql.io study: 900 ± 100 ms). It runs on the client's scheduler, so thinking users
   * hold no thread.
   */
  public LoadPlan thinkTime(long meanMs, long deviationMs) {
    this.thinkTimeMs = meanMs;
    this.thinkDeviationMs = deviationMs;
    return this;
  }

  /**
   * Users start evenly spread over this time (JMeter's ramp-up) instead of all at once; a timed
   * run's warm-up begins when the last one has started.
   */
  public LoadPlan rampUp(Duration rampUp) {
    this.rampUp = rampUp;
    return this;
  }

  /**
   * The final statuses a good response may be expected to have: 200..599. A 1xx is an interim
   * answer (100 Continue, 103 Early Hints) that the client reads past, never a response's status,
   * so expecting one would fail every request; past 599 is no HTTP status.
   */
  public static final int FIRST_FINAL_STATUS = 200;

  public static final int LAST_STATUS = 599;

  /** Whether {@code status} is a final HTTP status a response can end with. */
  public static boolean finalStatus(int status) {
    return status >= FIRST_FINAL_STATUS && status <= LAST_STATUS;
  }

  /** Why {@code status} cannot be the status a good response has, or null: it is no final one. */
  public static String statusProblem(int status) {
    if (finalStatus(status)) {
      return null;
    }
    return "must be a final status, "
        + FIRST_FINAL_STATUS
        + ".."
        + LAST_STATUS
        + ", was "
        + status
        + (status >= 100 && status < FIRST_FINAL_STATUS
            ? " (a 1xx is an interim answer the client reads past, never a response's status:"
                + " every request would fail)"
            : "");
  }

  /**
   * The status a good response has.
   *
   * @throws IllegalArgumentException for one that is no final status ({@link #statusProblem})
   */
  public LoadPlan expectStatus(int status) {
    String problem = statusProblem(status);
    if (problem != null) {
      throw new IllegalArgumentException("the expected status " + problem);
    }
    this.expectStatus = status;
    return this;
  }

  /** Allowed relative deviation of a response's length from the first good one, 0..1. */
  public LoadPlan lengthTolerance(double tolerance) {
    this.lengthTolerance = tolerance;
    return this;
  }

  public LoadPlan timeout(Duration timeout) {
    this.timeout = timeout;
    return this;
  }

  /**
   * Ask for this content coding ({@code Accept-Encoding}), expect every good answer in it, and
   * decode it to check and size the body; identity (the default, as JMeter and ab sent) sends no
   * {@code Accept-Encoding}.
   */
  public LoadPlan encoding(ContentCoding encoding) {
    this.encoding = java.util.Objects.requireNonNull(encoding);
    return this;
  }

  /** The coding asked for. */
  public ContentCoding encoding() {
    return encoding;
  }

  /** Keep every {@code every}-th body (1 = all) and run {@code validator} on it. */
  public LoadPlan validate(int every, BodyValidator validator) {
    this.validateEvery = every;
    this.validator = validator;
    return this;
  }

  /** Client selector (I/O) threads, 1..64; default one per core. */
  public LoadPlan selectors(int selectors) {
    this.selectors = selectors;
    return this;
  }

  public URI target() {
    return target;
  }

  public int users() {
    return users;
  }

  /** What makes two plans send the same request: method, target and body. */
  public String shape() {
    return method
        + " "
        + (targets.size() == 1 ? target : targets.hashCode() + "/" + targets.size())
        + " "
        + java.util.Arrays.hashCode(body)
        + "/"
        + (body == null ? 0 : body.length);
  }

  /** Requests/s of the open model; 0: the closed model. */
  public double rate() {
    return rate;
  }

  /** The time over which the users start. */
  public Duration rampUp() {
    return rampUp;
  }

  /** Mean pause between a user's requests, ms (0: none). */
  public long thinkTimeMs() {
    return thinkTimeMs;
  }

  /**
   * This pause's length, ns: fixed, or Gaussian as JMeter's timer draws it ({@link #thinkTime}).
   */
  long thinkNs() {
    if (thinkTimeMs <= 0 && thinkDeviationMs <= 0) {
      return 0;
    }
    double ms =
        Math.abs(
            java.util.concurrent.ThreadLocalRandom.current().nextGaussian() * thinkDeviationMs
                + thinkTimeMs);
    return (long) (ms * 1e6);
  }
}

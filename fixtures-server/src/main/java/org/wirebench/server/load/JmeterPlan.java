package org.wirebench.server.load;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.http.ContentCoding;

/**
 * A scenario's points as one Apache JMeter test plan (JMX, JMeter 5.x), generated from the same
 * {@link LoadPlan}s the driver runs, so the two cannot drift apart: one thread group a point, run
 * one after another; its users; its request (GET, or POST with the body and headers); a CSV Data
 * Set of the request list for a rotating point; the think time; the driver's checks — the status,
 * the content type and each request's body length within the plan's tolerance, as a live server
 * answered them ({@link ResponseProbe}) — and, once a thread under its own label, the body's
 * outline (XML root element, JSON first member). Every thread group ends by itself: a timed point
 * runs warm-up + duration seconds, a counted one its share of the requests once. Host and port are
 * JMeter properties ({@code -Jhost=… -Jport=…}), by default the base the plans were made for.
 *
 * <p>Not carried over: the driver's warm-up cut (JMeter records from the first request: drop the
 * first warm-up seconds of each label when reading its results) and its full body validation
 * (schema, decoding) of every Nth response. The open model ({@link LoadPlan#rate}) is refused.
 */
public final class JmeterPlan {
  /**
   * One point: its id (the thread group's and the samples' label), its plan and what its good
   * responses look like.
   */
  public record Entry(String id, LoadPlan plan, ResponseProbe probe) {}

  /** The plan's variable: each point's first milliseconds, which the driver does not count. */
  public static final String WARMUP_MS = "wirebench.warmupMs";

  /** The plan's variable: each counted point's first requests, which the driver does not count. */
  public static final String WARMUP_REQUESTS = "wirebench.warmupRequests";

  /** The plan's variable: the JMeter engines it was split over, each running users / engines. */
  public static final String ENGINES = "wirebench.engines";

  /** The most JMeter engines a plan is split over (jmeter-import's --engines range). */
  public static final int MAX_ENGINES = 64;

  /** The label of a point's one structural check a thread ({@code <id> structure}). */
  public static final String STRUCTURE_SUFFIX = " structure";

  private JmeterPlan() {}

  /**
   * Writes {@code <name>.jmx} and, for each rotating point, its request list as a CSV file beside
   * it (JMeter resolves a relative CSV path against the plan's folder).
   *
   * @return the plan's path
   * @throws IllegalArgumentException for a plan JMeter cannot run as the driver would
   */
  public static Path write(String name, URI base, List<Entry> points, Path dir, int engines)
      throws IOException {
    if (engines < 1) {
      throw new IllegalArgumentException("engines must be 1 or more, was " + engines);
    }
    for (Entry e : points) {
      ContentCoding coding = e.plan().encoding;
      if (coding != ContentCoding.IDENTITY && coding != ContentCoding.GZIP) {
        // JMeter's sampler must decode the answer for the plan's checks: gzip it does; br and zstd
        // were never tried with it here
        throw new IllegalArgumentException(
            e.id() + ": a plan asks for identity or gzip, not " + coding.token());
      }
      if (e.plan().users % engines != 0) {
        throw new IllegalArgumentException(
            e.id() + ": " + e.plan().users + " users do not split over " + engines + " engines");
      }
      if (e.plan().rate > 0) {
        throw new IllegalArgumentException(
            e.id() + ": an open-model point (a request rate) is not exported");
      }
    }
    // every refusal above, before the folder is made: a refused plan leaves no empty folder
    Files.createDirectories(dir);
    Path jmx = dir.resolve(name + ".jmx");
    List<String> csvNames = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      LoadPlan p = points.get(i).plan();
      String csv = null;
      if (p.targets.size() > 1) {
        csv = String.format(java.util.Locale.ROOT, "%s-%03d.csv", name, i);
        List<String> lines = new ArrayList<>();
        ResponseProbe probe = points.get(i).probe();
        for (int t = 0; t < p.targets.size(); t++) {
          lines.add(
              pathAndQuery(p.targets.get(t))
                  + "\t"
                  + probe.minBytes(t)
                  + "\t"
                  + JmeterChecks.wireMaxBytes(probe, t));
        }
        List<String> rows = lines;
        org.wirebench.results.NewFiles.replace(
            dir.resolve(csv), tmp -> Files.write(tmp, rows, StandardCharsets.UTF_8));
      }
      csvNames.add(csv);
    }
    // a new file, not the old one truncated: a hard link to it (a run's file) keeps its bytes
    Files.deleteIfExists(jmx);
    try (OutputStream out =
        Files.newOutputStream(
            jmx,
            java.nio.file.StandardOpenOption.CREATE_NEW,
            java.nio.file.StandardOpenOption.WRITE)) {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("UTF-8", "1.0");
      w.writeStartElement("jmeterTestPlan");
      w.writeAttribute("version", "1.2");
      w.writeAttribute("properties", "5.0");
      w.writeAttribute(
          "jmeter", "5.6.2"); // the version it was run with (jmeter-maven-plugin 3.8.0)
      w.writeStartElement("hashTree");
      element(w, "TestPlan", "TestPlanGui", "wirebench " + name);
      prop(w, "stringProp", "TestPlan.comments", comment(points));
      prop(w, "boolProp", "TestPlan.serialize_threadgroups", "true");
      prop(w, "boolProp", "TestPlan.functional_mode", "false");
      // what jmeter-import drops of each point, from the plan rather than a flag kept in step
      long warmupMs = points.isEmpty() ? 0 : points.get(0).plan().warmup.toMillis();
      long warmupRequests = points.isEmpty() ? 0 : points.get(0).plan().warmupRequests;
      boolean counted = !points.isEmpty() && points.get(0).plan().requests > 0;
      w.writeStartElement("elementProp");
      w.writeAttribute("name", "TestPlan.user_defined_variables");
      w.writeAttribute("elementType", "Arguments");
      w.writeAttribute("guiclass", "ArgumentsPanel");
      w.writeAttribute("testclass", "Arguments");
      w.writeStartElement("collectionProp");
      w.writeAttribute("name", "Arguments.arguments");
      argument(w, WARMUP_MS, Long.toString(counted ? 0 : warmupMs));
      argument(w, WARMUP_REQUESTS, Long.toString(counted ? warmupRequests : 0));
      argument(w, ENGINES, Integer.toString(engines));
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
      w.writeStartElement("hashTree");
      for (int i = 0; i < points.size(); i++) {
        threadGroup(w, points.get(i), base, csvNames.get(i), engines);
      }
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndDocument();
      w.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write " + jmx, e);
    }
    return jmx;
  }

  private static String comment(List<Entry> points) {
    long warmupS = points.isEmpty() ? 0 : points.get(0).plan().warmup.toSeconds();
    return "Generated by wirebench from its load scenario; run with -Jhost=HOST -Jport=PORT. Timed"
        + " points include a warm-up of "
        + warmupS
        + " s that the driver does not count: drop each label's first "
        + warmupS
        + " s when comparing.";
  }

  private static void threadGroup(XMLStreamWriter2 w, Entry e, URI base, String csv, int engines)
      throws XMLStreamException {
    LoadPlan p = e.plan();
    boolean counted = p.requests > 0;
    element(w, "ThreadGroup", "ThreadGroupGui", e.id());
    prop(w, "stringProp", "ThreadGroup.on_sample_error", "continue");
    w.writeStartElement("elementProp");
    w.writeAttribute("name", "ThreadGroup.main_controller");
    w.writeAttribute("elementType", "LoopController");
    w.writeAttribute("guiclass", "LoopControlPanel");
    w.writeAttribute("testclass", "LoopController");
    // without continue_forever=false a LoopController never ends
    prop(w, "boolProp", "LoopController.continue_forever", "false");
    long loops =
        counted ? (p.warmupRequests + p.requests + p.users - 1) / p.users : -1; // -1: until time
    prop(w, "stringProp", "LoopController.loops", Long.toString(loops));
    w.writeEndElement();
    // each engine of a distributed run (-R) runs the whole plan: its share of the users
    prop(w, "stringProp", "ThreadGroup.num_threads", Integer.toString(p.users / engines));
    prop(w, "stringProp", "ThreadGroup.ramp_time", Long.toString(p.rampUp.toSeconds()));
    prop(w, "boolProp", "ThreadGroup.scheduler", Boolean.toString(!counted));
    long seconds = (p.warmup.plus(p.duration).toMillis() + 999) / 1000;
    prop(w, "stringProp", "ThreadGroup.duration", counted ? "" : Long.toString(seconds));
    prop(w, "stringProp", "ThreadGroup.delay", "");
    prop(w, "boolProp", "ThreadGroup.same_user_on_next_iteration", "true");
    w.writeEndElement();
    w.writeStartElement("hashTree");
    if (csv != null) {
      element(w, "CSVDataSet", "TestBeanGUI", e.id() + " requests");
      prop(w, "stringProp", "filename", csv);
      prop(w, "stringProp", "fileEncoding", "UTF-8");
      prop(w, "stringProp", "variableNames", "request,minBytes,maxBytes");
      prop(w, "boolProp", "ignoreFirstLine", "false");
      prop(w, "stringProp", "delimiter", "\t");
      prop(w, "boolProp", "quotedData", "false");
      // a counted list is sent once, as the driver does; a timed one goes round
      prop(w, "boolProp", "recycle", Boolean.toString(!counted));
      prop(w, "boolProp", "stopThread", Boolean.toString(counted));
      prop(w, "stringProp", "shareMode", "shareMode.all");
      w.writeEndElement();
      w.writeEmptyElement("hashTree");
    }
    headers(w, p);
    ResponseProbe probe = e.probe();
    if (probe.structure() != null) {
      // the full outline costs JMeter a parse: once a thread, under its own label
      element(w, "OnceOnlyController", "OnceOnlyControllerGui", e.id() + STRUCTURE_SUFFIX);
      w.writeEndElement();
      w.writeStartElement("hashTree");
      sampler(w, e.id() + STRUCTURE_SUFFIX, p, base, pathAndQuery(p.targets.get(0)));
      w.writeStartElement("hashTree");
      JmeterChecks.statusAndType(w, p, probe);
      JmeterChecks.structure(w, probe.structure());
      w.writeEndElement();
      w.writeEndElement();
    }
    sampler(w, e.id(), p, base, csv != null ? "${request}" : pathAndQuery(p.targets.get(0)));
    w.writeStartElement("hashTree");
    JmeterChecks.statusAndType(w, p, probe);
    // JMeter sizes a body as it came over the wire: compressed bodies cannot be sized so
    if (p.encoding == ContentCoding.IDENTITY) {
      String min = csv != null ? "${minBytes}" : Long.toString(probe.minBytes(0));
      String max = csv != null ? "${maxBytes}" : Long.toString(JmeterChecks.wireMaxBytes(probe, 0));
      JmeterChecks.size(w, "at least " + min + " bytes", min, 5); // SizeAssertion: 5 is >=
      JmeterChecks.size(w, "at most " + max + " bytes", max, 6); // 6 is <=
    }
    if (p.thinkTimeMs > 0) {
      element(w, "GaussianRandomTimer", "GaussianRandomTimerGui", "think time");
      prop(w, "stringProp", "ConstantTimer.delay", Long.toString(p.thinkTimeMs));
      prop(w, "stringProp", "RandomTimer.range", Long.toString(p.thinkDeviationMs));
      w.writeEndElement();
      w.writeEmptyElement("hashTree");
    }
    w.writeEndElement();
    w.writeEndElement();
  }

  /** The request headers, for every sampler of the thread group. */
  private static void headers(XMLStreamWriter2 w, LoadPlan p) throws XMLStreamException {
    Map<String, String> headers = new java.util.LinkedHashMap<>(p.headers);
    if (p.encoding != ContentCoding.IDENTITY) {
      headers.put("Accept-Encoding", p.encoding.token());
    }
    if (headers.isEmpty()) {
      return;
    }
    element(w, "HeaderManager", "HeaderPanel", "headers");
    w.writeStartElement("collectionProp");
    w.writeAttribute("name", "HeaderManager.headers");
    for (Map.Entry<String, String> h : headers.entrySet()) {
      w.writeStartElement("elementProp");
      w.writeAttribute("name", h.getKey());
      w.writeAttribute("elementType", "Header");
      prop(w, "stringProp", "Header.name", h.getKey());
      prop(w, "stringProp", "Header.value", h.getValue());
      w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEmptyElement("hashTree");
  }

  private static void sampler(XMLStreamWriter2 w, String label, LoadPlan p, URI base, String path)
      throws XMLStreamException {
    element(w, "HTTPSamplerProxy", "HttpTestSampleGui", label);
    prop(w, "stringProp", "HTTPSampler.protocol", "${__P(protocol," + base.getScheme() + ")}");
    prop(w, "stringProp", "HTTPSampler.domain", "${__P(host," + base.getHost() + ")}");
    prop(w, "stringProp", "HTTPSampler.port", "${__P(port," + port(base) + ")}");
    prop(w, "stringProp", "HTTPSampler.path", path);
    prop(w, "stringProp", "HTTPSampler.method", p.method);
    prop(w, "stringProp", "HTTPSampler.contentEncoding", "UTF-8");
    prop(w, "boolProp", "HTTPSampler.follow_redirects", "false");
    prop(w, "boolProp", "HTTPSampler.auto_redirects", "false");
    prop(w, "boolProp", "HTTPSampler.use_keepalive", "true");
    prop(w, "stringProp", "HTTPSampler.connect_timeout", Long.toString(p.timeout.toMillis()));
    prop(w, "stringProp", "HTTPSampler.response_timeout", Long.toString(p.timeout.toMillis()));
    if (p.body != null) {
      prop(w, "boolProp", "HTTPSampler.postBodyRaw", "true");
      w.writeStartElement("elementProp");
      w.writeAttribute("name", "HTTPsampler.Arguments");
      w.writeAttribute("elementType", "Arguments");
      w.writeStartElement("collectionProp");
      w.writeAttribute("name", "Arguments.arguments");
      w.writeStartElement("elementProp");
      w.writeAttribute("name", "");
      w.writeAttribute("elementType", "HTTPArgument");
      prop(w, "boolProp", "HTTPArgument.always_encode", "false");
      prop(w, "stringProp", "Argument.value", new String(p.body, StandardCharsets.UTF_8));
      prop(w, "stringProp", "Argument.metadata", "=");
      w.writeEndElement();
      w.writeEndElement();
      w.writeEndElement();
    } else {
      arguments(w, "HTTPsampler.Arguments");
    }
    w.writeEndElement();
  }

  private static int port(URI base) {
    return base.getPort() >= 0 ? base.getPort() : base.getScheme().equals("https") ? 443 : 80;
  }

  private static String pathAndQuery(URI u) {
    return u.getRawPath() + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
  }

  static void element(XMLStreamWriter2 w, String testclass, String gui, String name)
      throws XMLStreamException {
    w.writeStartElement(testclass);
    w.writeAttribute("guiclass", gui);
    w.writeAttribute("testclass", testclass);
    w.writeAttribute("testname", name);
    w.writeAttribute("enabled", "true");
  }

  private static void arguments(XMLStreamWriter2 w, String name) throws XMLStreamException {
    w.writeStartElement("elementProp");
    w.writeAttribute("name", name);
    w.writeAttribute("elementType", "Arguments");
    w.writeAttribute("guiclass", "ArgumentsPanel");
    w.writeAttribute("testclass", "Arguments");
    w.writeEmptyElement("collectionProp");
    w.writeAttribute("name", "Arguments.arguments");
    w.writeEndElement();
  }

  private static void argument(XMLStreamWriter2 w, String name, String value)
      throws XMLStreamException {
    w.writeStartElement("elementProp");
    w.writeAttribute("name", name);
    w.writeAttribute("elementType", "Argument");
    prop(w, "stringProp", "Argument.name", name);
    prop(w, "stringProp", "Argument.value", value);
    prop(w, "stringProp", "Argument.metadata", "=");
    w.writeEndElement();
  }

  static void prop(XMLStreamWriter2 w, String kind, String name, String value)
      throws XMLStreamException {
    w.writeStartElement(kind);
    w.writeAttribute("name", name);
    w.writeCharacters(value);
    w.writeEndElement();
  }
}

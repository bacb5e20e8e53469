package org.wirebench.results;

import static org.wirebench.results.Studies.BAND;
import static org.wirebench.results.Study.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wirebench.results.Study.Benchmark;
import org.wirebench.results.Study.Claim;
import org.wirebench.results.Study.Figure;
import org.wirebench.results.Study.Judged;
import org.wirebench.results.Study.Load;
import org.wirebench.results.Study.Pair;
import org.wirebench.results.Study.Quantity;

/** The ql.io XML vs protobuf study (2012), as {@link Studies#BACKEND}. */
final class BackendStudy {
  private static final String GATEWAY = "BackendResponseBenchmark.gateway";

  private BackendStudy() {}

  static Study define() {
    List<Figure> f =
        List.of(
            new Figure("xml-bytes", 84_387, "B", "84,387"),
            new Figure("protobuf-bytes", 27_497, "B", "27,497"),
            new Figure("xml-trans-per-s", 203, "trans/s", "203"),
            new Figure("protobuf-trans-per-s", 214, "trans/s", "214"),
            new Figure("xml-mean-ms", 72, "ms", "72"),
            new Figure("protobuf-mean-ms", 24, "ms", "24"),
            new Figure("xml-max-ms", 1_002, "ms", "1,002"),
            new Figure("protobuf-max-ms", 198, "ms", "198"),
            new Figure("items", 50, "items", "50"),
            new Figure("users", 200, "users", "200"),
            new Figure("think-ms", 900, "ms", "900"),
            new Figure("think-deviation-ms", 100, "ms", "100"),
            new Figure("errors", 0, "%", "0.00%"),
            new Figure("per-core-expected", 10, "×", "10×"));
    Study s =
        new Study("Backend", "Backend payloads", "", "", f, List.of(), List.of(), List.of(), "");
    double timeRatio = s.value("xml-mean-ms") / s.value("protobuf-mean-ms");
    String think = format("%.0f±%.0f ms", s.value("think-ms"), s.value("think-deviation-ms"));
    String users = s.quoted("users");
    List<Claim> claims = new ArrayList<>();
    claims.add(
        new Claim(
            "backend-xml-protobuf-50",
            format(
                "The gateway's protobuf path is %.0f× faster than its XML path (%s items)",
                timeRatio, s.quoted("items")),
            format(
                "%.1f× (mean response %s vs %s ms)",
                timeRatio, s.quoted("xml-mean-ms"), s.quoted("protobuf-mean-ms")),
            timeRatio,
            BAND,
            Judged.AT_LEAST,
            "",
            new Benchmark(GATEWAY, Map.of("items", "50"), "backendFormat", "xml", "protobuf"),
            new Pair("backend", "xml", "protobuf"),
            null));
    claims.add(
        new Claim(
            "backend-load-think-rate",
            "With think time, "
                + users
                + " users: trans/s, XML vs protobuf (capped by the think"
                + " time)",
            format(
                "%s vs %s trans/s", s.quoted("xml-trans-per-s"), s.quoted("protobuf-trans-per-s")),
            0,
            BAND,
            Judged.CONTEXT,
            "the think time caps both rates: they show the users' pace, not the paths' speed",
            null,
            null,
            finding(think, "xml", Quantity.RATE_RATIO, 0)));
    claims.add(
        new Claim(
            "backend-load-think-time",
            "With think time: mean response time, XML vs protobuf",
            format(
                "%s vs %s ms (max %s vs %s)",
                s.quoted("xml-mean-ms"),
                s.quoted("protobuf-mean-ms"),
                s.quoted("xml-max-ms"),
                s.quoted("protobuf-max-ms")),
            timeRatio,
            BAND,
            Judged.AT_LEAST,
            "",
            null,
            null,
            finding(think, "xml", Quantity.TIME_RATIO, 0)));
    claims.add(
        new Claim(
            "backend-load-saturation-rate",
            "Without think time (saturation), " + users + " users: trans/s, XML vs protobuf",
            "not measured (the think time capped both)",
            0,
            BAND,
            Judged.CONTEXT,
            "the study did not measure it",
            null,
            null,
            finding("none", "xml", Quantity.RATE_RATIO, 0)));
    double expected = s.value("per-core-expected");
    claims.add(
        new Claim(
            "backend-load-per-core",
            format(
                "Protobuf path at saturation: trans/s per core, %.0f× the study's %s or more",
                expected, s.quoted("protobuf-trans-per-s")),
            s.quoted("protobuf-trans-per-s") + " trans/s on one 2011 box",
            expected,
            BAND,
            Judged.AT_LEAST,
            "",
            null,
            null,
            finding("none", "", Quantity.RATE_PER_CORE, s.value("protobuf-trans-per-s"))));
    return new Study(
        "Backend",
        s.title(),
        format(
            "ql.io XML vs protobuf, 2012, node 0.6 gateway and mock backend on one box, JMeter with"
                + " %s users and %s ± %s ms think time",
            users, s.quoted("think-ms"), s.quoted("think-deviation-ms")),
        format(
            "from a mock backend as SOAP/XML (%s bytes) or protobuf (%s bytes) and answers JSON;"
                + " under JMeter with %s users and %s ± %s ms think time, XML %s trans/s at %s ms"
                + " average, protobuf %s trans/s at %s ms",
            s.quoted("xml-bytes"),
            s.quoted("protobuf-bytes"),
            users,
            s.quoted("think-ms"),
            s.quoted("think-deviation-ms"),
            s.quoted("xml-trans-per-s"),
            s.quoted("xml-mean-ms"),
            s.quoted("protobuf-trans-per-s"),
            s.quoted("protobuf-mean-ms")),
        f,
        claims,
        List.of(
            new TableLayout.RatioLine(
                "format",
                "protobuf",
                "xml",
                format(
                    "protobuf trans/s ÷ XML trans/s (the study, with think time: %s / %s = %.2f)",
                    s.quoted("protobuf-trans-per-s"),
                    s.quoted("xml-trans-per-s"),
                    s.value("protobuf-trans-per-s") / s.value("xml-trans-per-s")))),
        List.of("BackendResponseBenchmark", "GatewayJsonBenchmark"),
        "backend-payloads");
  }

  private static Load finding(String think, String a, Quantity q, double reference) {
    return new Load(
        "finding", Map.of("think", think), "format", a, "protobuf", q, reference, "trans/s");
  }
}

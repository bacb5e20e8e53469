package org.wirebench.results;

import static org.wirebench.results.Studies.BAND;
import static org.wirebench.results.Study.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wirebench.results.Study.Benchmark;
import org.wirebench.results.Study.Claim;
import org.wirebench.results.Study.Figure;
import org.wirebench.results.Study.Judged;
import org.wirebench.results.Study.Pair;

/** WSO2's "Web services are not slow" (2007), as {@link Studies#SOAP}. */
final class SoapStudy {
  private static final String ECHO = "DatabindingBenchmark.echo";

  private SoapStudy() {}

  static Study define() {
    List<Figure> f =
        List.of(
            new Figure("adb-over-jaxb-100", 1.5, "×", "~50%"),
            new Figure("adb-over-jaxb-mesh", 1.7, "×", "~70%"),
            new Figure("elements", 100, "elements", "100"),
            new Figure("mesh-from", 50, "elements", "50"),
            new Figure("threads", 25, "threads", "25"));
    Study s = new Study("SOAP", "SOAP databinding", "", "", f, List.of(), List.of(), List.of(), "");
    Map<String, String> at100 = Map.of("size", "100");
    List<Claim> claims = new ArrayList<>();
    for (String op : List.of("ints", "strings", "simpleEvents")) {
      claims.add(
          soapClaim(
              "soap-cxf-adb-" + op + "-100",
              "ADB is faster than the JAXB stack (XFire then, CXF now): " + op + " × 100",
              s.value("adb-over-jaxb-100"),
              new Benchmark(ECHO, at(at100, "operation", op), "stack", "cxf-jaxb", "axis2-adb"),
              new Pair("soap-100", "cxf-jaxb-" + op, "axis2-adb-" + op)));
    }
    for (String size : List.of("100", "1000", "5000")) {
      boolean hundred = size.equals("100");
      String mesh = "meshInterfaceObjects";
      claims.add(
          soapClaim(
              "soap-cxf-adb-mesh-" + size,
              format(
                  "ADB is faster than the JAXB stack for MeshInterfaceObjects from %.0f up: × %s",
                  s.value("mesh-from"), size),
              s.value("adb-over-jaxb-mesh"),
              new Benchmark(
                  ECHO, Map.of("operation", mesh, "size", size), "stack", "cxf-jaxb", "axis2-adb"),
              hundred
                  ? new Pair("soap-100", "cxf-jaxb-" + mesh, "axis2-adb-" + mesh)
                  : new Pair("soap-mesh", "cxf-jaxb-" + size, "axis2-adb-" + size)));
    }
    for (String op : List.of("ints", "meshInterfaceObjects")) {
      claims.add(
          soapClaim(
              "soap-axis2jaxb-cxf-" + op + "-100",
              "Axis2 with JAXB is the slowest stack: " + op + " × 100, against CXF/JAXB",
              1.0,
              new Benchmark(ECHO, at(at100, "operation", op), "stack", "axis2-jaxb", "cxf-jaxb"),
              new Pair("soap-100", "axis2-jaxb-" + op, "cxf-jaxb-" + op)));
    }
    return new Study(
        "SOAP",
        s.title(),
        "WSO2 \"Web services are not slow\", 2007, Axis2 ADB vs XFire with JAXB in Tomcat, ab with "
            + s.quoted("threads")
            + " threads",
        format(
            "ADB was %s faster than XFire/JAXB at %s elements and %s faster for"
                + " MeshInterfaceObjects from %s up; Axis2/JAXB was slowest",
            s.quoted("adb-over-jaxb-100"),
            s.quoted("elements"),
            s.quoted("adb-over-jaxb-mesh"),
            s.quoted("mesh-from")),
        f,
        claims,
        List.of(),
        List.of("DatabindingBenchmark", "VoidEchoBenchmark"),
        "soap-databinding");
  }

  private static Claim soapClaim(
      String id, String text, double bound, Benchmark benchmark, Pair pair) {
    String then = bound == 1.0 ? "slowest" : format("~%.1f×", bound);
    return new Claim(id, text, then, bound, BAND, Judged.AT_LEAST, "", benchmark, pair, null);
  }

  private static Map<String, String> at(Map<String, String> common, String key, String value) {
    Map<String, String> m = new LinkedHashMap<>(common);
    m.put(key, value);
    return Map.copyOf(m);
  }
}

package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the README and docs/studies.md say a study published is what its {@link Study} holds: the
 * README's paragraph of each study holds the study's summary word for word and no number that is
 * neither a figure of the study, a number of its citation, nor one of the few named below;
 * docs/studies.md's study paragraphs and tables are the figures as the Study formats them.
 */
class StudyDocsTest {
  private static final Pattern NUMBER = Pattern.compile("\\d+(?:,\\d{3})*(?:\\.\\d+)*");

  /** Numbers of a README paragraph that are no figure of the study, with what they are. */
  private static final Map<String, Set<String>> NOT_FIGURES =
      Map.of(
          // GML 2, GML 3.2, 200 features a response
          "WFS", Set.of("2", "3.2", "200"),
          // Axis2; arrays of 1 to 5000 elements
          "SOAP", Set.of("1", "2", "5000"),
          "Backend", Set.of(),
          // 256 × 256 tiles, the two SRS codes, today's MapServer 8 and MapProxy 1.15
          "Raster", Set.of("256", "4326", "900913", "8", "1.15"));

  private static Path root() {
    String root = System.getProperty("wirebench.root");
    return Path.of(root == null ? ".." : root);
  }

  private static String oneLine(String s) {
    return s.replaceAll("\\s+", " ");
  }

  /** The README's list item of a study: from "- **title**" to the next item or blank line. */
  private static String readmeParagraph(Study s) throws IOException {
    String readme = Files.readString(root().resolve("README.md"));
    int from = readme.indexOf("- **" + s.title() + "**");
    assertTrue(from >= 0, "README has no paragraph - **" + s.title() + "**");
    int next = readme.indexOf("\n- ", from + 1);
    int blank = readme.indexOf("\n\n", from);
    int to = next < 0 ? blank : Math.min(next, blank);
    return oneLine(readme.substring(from, to));
  }

  @Test
  void theReadmeQuotesEachStudysSummaryAndNoOtherFigure() throws IOException {
    for (Study s : Studies.all()) {
      String p = readmeParagraph(s);
      assertTrue(
          p.contains(s.summary()),
          s.name()
              + ": the README's paragraph does not say\n  "
              + s.summary()
              + "\nit says\n  "
              + p);
      Set<String> known = new TreeSet<>(NOT_FIGURES.get(s.name()));
      for (Study.Figure f : s.figures()) {
        known.add(number(f.quoted()));
      }
      Matcher m = NUMBER.matcher(s.citation());
      while (m.find()) {
        known.add(m.group());
      }
      List<String> unknown = new ArrayList<>();
      m = NUMBER.matcher(p);
      while (m.find()) {
        if (!known.contains(m.group())) {
          unknown.add(m.group());
        }
      }
      assertEquals(List.of(), unknown, s.name() + ": numbers the Study does not hold in\n  " + p);
    }
  }

  @Test
  void docsStudiesQuotesTheFiguresOfEachStudy() throws IOException {
    String docs = oneLine(Files.readString(root().resolve("docs/studies.md")));
    Study wfs = Studies.WFS;
    for (Map.Entry<String, String> e : Studies.WFS_LAYERS.entrySet()) {
      String p = e.getValue();
      assertContains(
          docs,
          Study.format(
              "| study, %s | %s | – | %s | %s |",
              e.getKey(),
              wfs.quoted(p + "-gml32-kib"),
              wfs.quoted(p + "-gml2-kib"),
              wfs.quoted(p + "-geojson-kib")));
    }
    Study b = Studies.BACKEND;
    assertContains(
        docs,
        Study.format(
            "with %s users and a Gaussian think time of %s ± %s ms, XML %s trans/s at %s ms average"
                + " (max %s), protobuf %s trans/s at %s ms (max %s), %s errors",
            b.quoted("users"),
            b.quoted("think-ms"),
            b.quoted("think-deviation-ms"),
            b.quoted("xml-trans-per-s"),
            b.quoted("xml-mean-ms"),
            b.quoted("xml-max-ms"),
            b.quoted("protobuf-trans-per-s"),
            b.quoted("protobuf-mean-ms"),
            b.quoted("protobuf-max-ms"),
            b.quoted("errors")));
    assertContains(docs, "| XML in its SOAP envelope | " + b.quoted("xml-bytes") + " B |");
    Study r = Studies.RASTER;
    assertContains(docs, Study.format("%s random requests", r.quoted("requests")));
    assertContains(
        docs,
        Study.format(
            "on %s cores 4326: MapServer %s req/s, MapProxy %s (+%s); 900913: %s and %s (+%s)",
            r.quoted("cores"),
            r.quoted("mapserver-4326-rps"),
            r.quoted("mapproxy-4326-rps"),
            r.quoted("gain-4326"),
            r.quoted("mapserver-900913-rps"),
            r.quoted("mapproxy-900913-rps"),
            r.quoted("gain-900913")));
  }

  /**
   * The WFS summary's ratio range is not what its quoted req/s give (those are at 32 users,
   * 4.4–5.3; the range's 3.4 is roads at 4): it said "… for places: GML 3.2 was 3.4–5.4× slower",
   * as if the range came from the figures just quoted. The summary names the concurrency of each.
   */
  @Test
  void theWfsRatioRangeNamesTheConcurrenciesItSpans() {
    Study s = Studies.WFS;
    double roads = s.value("roads-gml2-rps") / s.value("roads-gml32-rps");
    double places = s.value("places-gml2-rps") / s.value("places-gml32-rps");
    String atLoad = Study.format("%.1f–%.1f", Math.min(roads, places), Math.max(roads, places));
    String range = s.quoted("gml-ratio-low") + "–" + s.quoted("gml-ratio-high");
    for (double r : new double[] {roads, places}) {
      assertTrue(s.value("gml-ratio-low") <= r && r <= s.value("gml-ratio-high"), atLoad);
    }
    assertTrue(!atLoad.equals(range), "the range is the quoted figures' own: " + atLoad);
    String users = s.quoted("load-users");
    String wanted =
        Study.format(
            "for places, at %s concurrent requests; from %s to %s concurrent requests GML 3.2 was"
                + " %s× slower",
            users, s.quoted("gml-ratio-fewest-users"), users, range);
    assertTrue(s.summary().contains(wanted), s.summary());
  }

  /** A changed figure no longer matches its docs: the check can fail. */
  @Test
  void aChangedFigureIsFound() throws IOException {
    Study s = Studies.BACKEND;
    List<Study.Figure> changed = new ArrayList<>(s.figures());
    changed.set(2, new Study.Figure("xml-trans-per-s", 230, "trans/s", "230"));
    Study wrong =
        new Study(
            s.name(),
            s.title(),
            s.citation(),
            s.summary().replace("XML 203", "XML 230"),
            changed,
            s.claims(),
            s.loadRatios(),
            s.benchmarks(),
            s.section());
    assertTrue(!readmeParagraph(wrong).contains(wrong.summary()));
  }

  private static String number(String quoted) {
    Matcher m = NUMBER.matcher(quoted);
    assertTrue(m.find(), quoted);
    return m.group();
  }

  private static void assertContains(String docs, String wanted) {
    assertTrue(docs.contains(wanted), "docs/studies.md does not say: " + wanted);
  }
}

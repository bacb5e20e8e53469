package org.wirebench.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.wirebench.bench.BenchmarkMethod;
import org.wirebench.bench.StudyBenchmark;
import org.wirebench.bench.pair.Claims;
import org.wirebench.results.JmhResult;
import org.wirebench.results.PairedRuns;
import org.wirebench.results.RunRecord;
import org.wirebench.results.Studies;
import org.wirebench.results.Study;
import org.wirebench.server.load.scenario.Scenarios;

/**
 * Every study benchmark belongs to one {@link Study}, whose report section shows its numbers; every
 * claim names measurements that exist: a benchmark constant and its parameters, the pairs plan's
 * variants of the same benchmark at the same parameters and bound, a load scenario drawing the
 * study's ratio lines.
 */
class StudyDefinitionsTest {
  /** Study benchmarks outside the four studies, each with why. */
  private static final Map<String, String> NOT_A_STUDY =
      Map.of(
          "CompressionCostBenchmark",
          "issue 28's question (what a content coding costs per KB saved), no study's figures");

  @Test
  void everyStudyBenchmarkBelongsToOneStudyWithARegisteredSection() throws Exception {
    Set<String> sections = new TreeSet<>();
    ReportSection.all().forEach(s -> sections.add(s.name()));
    Map<String, String> owner = new TreeMap<>();
    for (Study s : Studies.all()) {
      assertTrue(sections.contains(s.section()), s.name() + ": no report section " + s.section());
      for (String b : s.benchmarks()) {
        String before = owner.put(b, s.name());
        assertEquals(null, before, b + " belongs to two studies");
      }
    }
    Set<String> studyBenchmarks = new TreeSet<>();
    for (Class<?> c : benchmarkClasses()) {
      if (StudyBenchmark.class.isAssignableFrom(c)) {
        studyBenchmarks.add(c.getSimpleName());
      }
    }
    for (String b : studyBenchmarks) {
      assertTrue(
          owner.containsKey(b) || NOT_A_STUDY.containsKey(b),
          b + " is a StudyBenchmark of no Study (Studies) and not listed as outside them");
    }
    Set<String> listed = new TreeSet<>(owner.keySet());
    listed.addAll(NOT_A_STUDY.keySet());
    assertEquals(studyBenchmarks, listed, "a Study names a benchmark class that is not one");
  }

  /**
   * Each study benchmark's numbers are in its study's section: for every benchmark method of the
   * study, a committed run that measured it renders the section with one of its scores.
   */
  @Test
  void eachStudySectionShowsEveryBenchmarkOfItsStudy() throws Exception {
    List<RunRecord> runs = new ArrayList<>();
    for (Path p : ReferenceReportTest.committedRuns().toList()) {
      runs.add(RunRecord.read(p));
    }
    for (Study s : Studies.all()) {
      ReportSection section =
          ReportSection.all().stream()
              .filter(x -> x.name().equals(s.section()))
              .findFirst()
              .orElseThrow();
      for (BenchmarkMethod m : methods(s)) {
        RunRecord run =
            runs.stream()
                .filter(r -> !r.results(m.name()).isEmpty())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no committed run measured " + m.name()));
        String text = text(section.build(run));
        JmhResult any = run.results(m.name()).get(0);
        assertTrue(
            text.contains(Scores.withError(any)),
            s.section() + " of " + run.folder() + " does not show " + m.name() + ": " + any);
      }
    }
  }

  @Test
  void everyClaimNamesMeasurementsThatExist() throws Exception {
    Claims.Plan plan = Claims.full();
    Map<String, PairedRuns.Claim> planned = new HashMap<>();
    plan.claims().forEach(c -> planned.put(c.id(), c));
    Set<String> ids = new TreeSet<>();
    for (Study s : Studies.all()) {
      Map<String, Class<?>> constants = new HashMap<>();
      for (BenchmarkMethod m : methods(s)) {
        constants.put(m.name(), m.type());
      }
      for (Study.Claim c : s.claims()) {
        assertTrue(ids.add(c.id()), "two claims " + c.id());
        Study.Benchmark b = c.benchmark();
        if (b != null) {
          Class<?> type = constants.get(b.benchmark());
          assertNotNull(type, c.id() + ": " + b.benchmark() + " is no constant of its study's");
          Set<String> params = new TreeSet<>(b.at().keySet());
          params.add(b.param());
          for (String p : params) {
            Field f = type.getDeclaredField(p);
            assertNotNull(f.getAnnotation(Param.class), c.id() + ": " + p + " is no @Param");
          }
        }
        if (c.pair() != null) {
          pairIsPlanned(plan, planned.get(c.id()), s, c);
        }
        if (c.load() != null) {
          assertNotNull(Scenarios.get(c.load().scenario()), c.id());
          assertEquals(
              s.loadRatios(),
              Scenarios.get(c.load().scenario()).table().ratios(),
              s.name() + ": the scenario's ratio lines are not the study's");
        }
      }
    }
  }

  private static void pairIsPlanned(Claims.Plan plan, PairedRuns.Claim p, Study s, Study.Claim c) {
    assertNotNull(p, c.id() + ": not in the pairs plan");
    assertEquals(s.name(), p.study(), c.id());
    assertEquals(c.bound(), p.claimed(), c.id());
    assertEquals(c.band(), p.band(), c.id());
    assertEquals(c.text(), p.text(), c.id());
    Claims.GroupPlan g =
        plan.groups().stream().filter(x -> x.id().equals(p.group())).findFirst().orElseThrow();
    Map<String, PairedRuns.Variant> variants = new HashMap<>();
    g.variants().forEach(v -> variants.put(v.id(), v));
    PairedRuns.Variant a = variants.get(c.pair().a());
    PairedRuns.Variant b = variants.get(c.pair().b());
    assertNotNull(a, c.id() + ": group " + g.id() + " has no " + c.pair().a());
    assertNotNull(b, c.id() + ": group " + g.id() + " has no " + c.pair().b());
    Study.Benchmark m = c.benchmark();
    if (m != null) {
      // the pair measures what the unpaired ratio measures
      for (PairedRuns.Variant v : List.of(a, b)) {
        assertEquals(m.benchmark(), v.benchmark(), c.id());
        Map<String, String> want = new HashMap<>(m.at());
        want.put(m.param(), v == a ? m.a() : m.b());
        assertEquals(want, v.params(), c.id() + ": variant " + v.id());
      }
    }
  }

  /** Every BenchmarkMethod constant of the study's benchmark classes. */
  private static List<BenchmarkMethod> methods(Study s) throws Exception {
    List<BenchmarkMethod> out = new ArrayList<>();
    for (Class<?> c : benchmarkClasses()) {
      if (!s.benchmarks().contains(c.getSimpleName())) {
        continue;
      }
      for (Field f : c.getDeclaredFields()) {
        if (f.getType() == BenchmarkMethod.class && Modifier.isStatic(f.getModifiers())) {
          out.add((BenchmarkMethod) f.get(null));
        }
      }
    }
    assertTrue(!out.isEmpty(), s.name() + ": no benchmark constants");
    return out;
  }

  private static String text(List<Report.Block> blocks) {
    StringBuilder s = new StringBuilder();
    for (Report.Block b : blocks) {
      if (b instanceof Report.Text t) {
        s.append(t.text()).append('\n');
      } else if (b instanceof Report.Table t) {
        t.rows().forEach(r -> r.forEach(cell -> s.append(cell.text()).append('|')));
      }
    }
    return s.toString();
  }

  private static Set<Class<?>> benchmarkClasses() throws IOException, ClassNotFoundException {
    Set<Class<?>> classes = new java.util.LinkedHashSet<>();
    for (BenchmarkListEntry e :
        BenchmarkList.defaultList()
            .getAll(
                OutputFormatFactory.createFormatInstance(
                    new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT),
                List.of())) {
      classes.add(Class.forName(e.getUserClassQName()));
    }
    return classes;
  }
}

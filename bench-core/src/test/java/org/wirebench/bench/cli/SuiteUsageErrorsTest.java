package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wirebench.bench.cli.UsageRefusals.with;

import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.suite.JmhLock;
import org.wirebench.server.load.wire.HostCheck;
import org.wirebench.server.load.wire.Shell;
import org.wirebench.server.load.wire.WireScenario;

/**
 * The suite's own options, refused in one line (exit 2) before any fork or file: its pairs, a
 * planted slowdown, its counts (never a value silently replaced by a default: suite --forks 0 once
 * started the 2.5-hour full suite), its include pattern, and an option shaping a step it skips.
 */
class SuiteUsageErrorsTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  /** Exit 2, one line naming {@code expected}, nothing written under the results root. */
  private void refused(String expected, String... args) throws Exception {
    UsageRefusals.refused(cli, tmp, expected, args);
  }

  @Test
  void pairsNameGroupsOfTheFullPlanOrAreRefused() throws Exception {
    refused(
        "--pairs takes quick, full, none or groups of calibration, wfs-osm_mainroads",
        "suite",
        "--pairs",
        "wfs-osm_places,wfs-nowhere",
        "--out",
        tmp.toString());
    // as every list option (was taken as one group)
    refused(
        "--pairs names wfs-osm_places twice",
        "suite",
        "--pairs",
        "wfs-osm_places,soap-100,wfs-osm_places",
        "--out",
        tmp.toString());
    var plan = PairsOption.plan("soap-100,wfs-osm_places");
    // the calibration first, then the named groups in the plan's order, each with its claims
    assertEquals(
        java.util.List.of("calibration", "wfs-osm_places", "soap-100"),
        plan.groups().stream().map(g -> g.id()).toList());
    assertTrue(plan.claims().stream().anyMatch(c -> c.group().equals("wfs-osm_places")));
    assertTrue(
        plan.claims().stream()
            .allMatch(
                c ->
                    java.util.Set.of("calibration", "wfs-osm_places", "soap-100")
                        .contains(c.group())));
  }

  /**
   * A planted slowdown (-Dwirebench.plant, scripts/planted-trials.sh) naming no variant of the run
   * planted nothing, so a "planted" trial was an A/A one; on a variant that cycles through a sample
   * its doubled call took the next map and left the batches no longer whole. Both refused before
   * any fork, as a value that is not VARIANT:N.
   */
  @Test
  void aPlantedSlowdownNamesAVariantOfTheRunThatDoesNotCycle() throws Exception {
    String root = tmp.toString();
    String[][] cases = {
      {"gml3:10", "no group of this run has a variant 'gml3' (the variants: direct-EPSG:3857, "},
      {"direct-EPSG:4326:10", "direct-EPSG:4326 cycles through a sample"},
      {"gml2", "takes VARIANT:N (N 1..2147483647), was 'gml2'"},
      {"gml2:0", "takes VARIANT:N"},
      {"gml2:99999999999", "takes VARIANT:N"},
      {
        "direct-EPSG:4326",
        "takes VARIANT:N (N 1..2147483647), was 'direct-EPSG:4326': N is missing"
      },
    };
    for (String[] c : cases) {
      System.setProperty("wirebench.plant", c[0]);
      try {
        refused(
            c[1],
            "suite",
            "--quick",
            "--include",
            "none",
            "--load",
            "none",
            "--pairs",
            "wfs-osm_places,raster",
            "--out",
            root);
      } finally {
        System.clearProperty("wirebench.plant");
      }
    }
  }

  @Test
  void zeroForksOrIterationsAreRefusedNotReplacedByTheDefaults() throws Exception {
    String root = tmp.toString();
    refused("--forks must be 1..20, was 0", "suite", "--forks", "0", "--out", root);
    refused("--iterations must be 1..1000, was 0", "suite", "--iterations", "0", "--out", root);
    refused("--requests must be 1 or more, was 0", "load", "--scenario", "soap", "--requests", "0");
    refused("--warmup-iterations must be 1..1000, was 0", "suite", "--warmup-iterations", "0");
    refused("--forks must be 1..20, was -3", "suite", "--quick", "--forks", "-3", "--out", root);
  }

  @Test
  void anIncludeThatIsNoRegexOrEmptyIsRefusedInOneLine() throws Exception {
    String root = tmp.toString();
    // both once exit 1: "[" in three lines from JMH's regex, "" after matching every benchmark
    String[] nothingElse = {"--pairs", "none", "--load", "none", "--out", root};
    refused("--include '[' is not a regex", with(nothingElse, "suite", "--include", "["));
    refused("--include '(a' is not a regex", with(nothingElse, "suite", "--include", "(a"));
    refused("--include is empty", with(nothingElse, "suite", "--include", ""));
    refused("--include is empty", with(nothingElse, "suite", "--include", " "));
  }

  /**
   * A suite's --load-arg value the driver would refuse (a bad number of users, layer, format,
   * duration or server URL), an option shaping a step the run skips, and a run of no step: refused
   * before any work. The old code took each and went on (here it met the held lock: exit 1; free,
   * it ran JMH and refused the value in the load step, or ignored the option).
   */
  @Test
  void suiteOptionsAValueOrAStepWouldIgnoreAreRefusedBeforeAnyWork() throws Exception {
    String tmpdir = System.setProperty("java.io.tmpdir", tmp.resolve("lock").toString());
    String ignore = System.clearProperty("jmh.ignoreLock");
    Files.createDirectories(tmp.resolve("lock"));
    Path out = tmp.resolve("out");
    String[] skipJmh = {"suite", "--include", "none", "--out", out.toString()};
    String[][] cases = {
      {"--users must be 1..10000", "--pairs", "none", "--load", "wfs", "--load-arg=--users=0"},
      {"osm_nowhere", "--pairs", "none", "--load", "wfs", "--load-arg=--layers=osm_nowhere"},
      {"nosuch", "--pairs", "none", "--load", "wfs", "--load-arg=--formats=nosuch"},
      {"--runs must be 1..100, was 0", "--pairs", "none", "--load", "wfs", "--load-arg=--runs=0"},
      {
        "--requests must be 1 or more, was 0",
        "--pairs",
        "none",
        "--load",
        "soap",
        "--load-arg=--requests=0"
      },
      {
        "--duration must be 1ms..1h, was 0s",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--duration=0s"
      },
      {
        "--load-arg --duration=10s: --duration bounds time-bounded points, and those of soap are"
            + " count-bounded",
        "--pairs",
        "none",
        "--load",
        "soap",
        "--load-arg=--duration=10s"
      },
      {
        "credentials in the URL",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--server=http://u:p@127.0.0.1:1/"
      },
      {
        "--server-wait has no effect with no --server",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--load-arg=--server-wait=5s"
      },
      {
        "--pairs-budget has no effect with --pairs none",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--pairs-budget",
        "10m"
      },
      {"--load-arg has no effect with --load none", "--load", "none", "--load-arg=--users=4"},
      {
        "--load-arg=--json: each of the 2 scenarios would write its result to that one file",
        "--pairs",
        "none",
        "--load",
        "wfs,soap",
        "--load-arg=--json=" + tmp.resolve("load.json")
      },
      {"--jvm-profile has no effect with --load none", "--load", "none", "--jvm-profile", "zgc"},
      {
        "--jvm-profile has no effect with --load-arg=--server",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--jvm-profile",
        "zgc",
        "--load-arg=--server=http://127.0.0.1:1/"
      },
      {
        "--forks has no effect with --include none",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--forks",
        "3"
      },
      {
        "--profile has no effect with --include none",
        "--pairs",
        "none",
        "--load",
        "wfs",
        "--profile"
      },
      {"nothing to run", "--pairs", "none", "--load", "none"},
    };
    try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw");
        FileLock held = raf.getChannel().lock()) {
      for (String[] c : cases) {
        String[] args = with(java.util.Arrays.copyOfRange(c, 1, c.length), skipJmh);
        int exit = cli.run(args);
        String e = cli.err();
        assertEquals(2, exit, String.join(" ", args) + ": " + e);
        assertEquals(1, e.lines().count(), e);
        assertTrue(e.contains(c[0]), e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        assertFalse(Files.exists(out), "no run folder started");
      }
    } finally {
      System.setProperty("java.io.tmpdir", tmpdir);
      if (ignore != null) {
        System.setProperty("jmh.ignoreLock", ignore);
      }
    }
  }

  /**
   * suite --profile profiles the encoders (GeoEncodingBenchmark) after the scored run: with an
   * --include that runs none of them, it profiled a benchmark the run did not measure (the JMH lock
   * is held here: the old code stopped at it, exit 1).
   */
  @Test
  void profileWithAnIncludeOfNoEncoderIsRefused() throws Exception {
    String tmpdir = System.setProperty("java.io.tmpdir", tmp.resolve("lock").toString());
    String ignore = System.clearProperty("jmh.ignoreLock");
    Files.createDirectories(tmp.resolve("lock"));
    Path out = tmp.resolve("out");
    try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw");
        FileLock held = raf.getChannel().lock()) {
      int exit =
          cli.run(
              "suite",
              "--include",
              "DatabindingBenchmark",
              "--pairs",
              "none",
              "--load",
              "none",
              "--profile",
              "--out",
              out.toString());
      assertEquals(2, exit, cli::err);
      assertEquals(1, cli.err().lines().count(), cli::err);
      assertTrue(
          cli.err()
              .contains(
                  "--profile has no effect with --include DatabindingBenchmark: it profiles the"
                      + " encoders, GeoEncodingBenchmark"),
          cli::err);
      assertFalse(Files.exists(out), "no run folder started");
    } finally {
      System.setProperty("java.io.tmpdir", tmpdir);
      if (ignore != null) {
        System.setProperty("jmh.ignoreLock", ignore);
      }
    }
  }

  /**
   * suite --load wire as root without CAP_NET_ADMIN or CAP_SYS_ADMIN (a container started without
   * them): refused by the suite's check before any work, exit 2 in one line naming the capability.
   * Such a host passed the check (root, ip, tc and setsid all there) and the wire step failed at
   * its first veth, after the benchmarks (the JMH lock is held here: the old code stopped at it,
   * exit 1).
   */
  @Test
  void aWireRunWithoutItsCapabilitiesIsRefusedBeforeAnyWork() throws Exception {
    String tmpdir = System.setProperty("java.io.tmpdir", tmp.resolve("lock").toString());
    String ignore = System.clearProperty("jmh.ignoreLock");
    Files.createDirectories(tmp.resolve("lock"));
    Path out = tmp.resolve("out");
    long all = 0x1ffffffffffL;
    try (RandomAccessFile raf = new RandomAccessFile(JmhLock.file().toFile(), "rw");
        FileLock held = raf.getChannel().lock()) {
      for (int cap :
          new int[] {HostCheck.Privileges.CAP_NET_ADMIN, HostCheck.Privileges.CAP_SYS_ADMIN}) {
        HostCheck lacking =
            new HostCheck(
                cmd -> new Shell.Result(0, ""),
                () -> Optional.of(new HostCheck.Privileges(0, all & ~(1L << cap))));
        HostCheck before = WireScenario.useHost(lacking);
        try {
          int exit =
              cli.run(
                  "suite",
                  "--include",
                  "none",
                  "--pairs",
                  "none",
                  "--load",
                  "wire",
                  "--out",
                  out.toString());
          String e = cli.err();
          assertEquals(2, exit, e);
          assertEquals(1, e.lines().count(), e);
          String name =
              cap == HostCheck.Privileges.CAP_NET_ADMIN ? "CAP_NET_ADMIN" : "CAP_SYS_ADMIN";
          assertTrue(e.contains("--load wire: the wire scenario needs " + name), e);
          assertFalse(Files.exists(out), "no run folder started");
        } finally {
          WireScenario.useHost(before);
        }
      }
    } finally {
      System.setProperty("java.io.tmpdir", tmpdir);
      if (ignore != null) {
        System.setProperty("jmh.ignoreLock", ignore);
      }
    }
  }
}

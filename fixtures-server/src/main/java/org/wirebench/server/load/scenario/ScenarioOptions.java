package org.wirebench.server.load.scenario;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code wirebench load --scenario}; the defaults reproduce the studies. */
public final class ScenarioOptions {
  @Option(names = "--quick", description = "short runs of every point (minutes, not an hour)")
  public boolean quick;

  @Option(
      names = "--server",
      description = "use this running server (base URL) instead of starting one")
  public URI server;

  @Option(
      names = "--jvm-profile",
      defaultValue = "default",
      description =
          "flags of the server JVM the scenario starts: default, seed2007, g1-tuned, zgc"
              + " (default: ${DEFAULT-VALUE})")
  public String jvmProfile;

  @Option(names = "--java", description = "start the server on this java launcher (another JDK)")
  public Path java;

  @Option(
      names = "--out",
      description = "write load-<scenario>.json and load-<scenario>.hlog into this folder")
  public Path out;

  @Option(names = "--runs", description = "repetitions of each point, 1..100 (wfs: 3, soap: 1)")
  public Integer runs;

  @Option(
      names = "--requests",
      description = "count-bounded points: measured requests each (soap: 2500)")
  public Long requests;

  @Option(
      names = "--warmup-requests",
      description = "count-bounded points: thrown-away requests first (soap: 2500)")
  public Long warmupRequests;

  @Option(
      names = "--validate-every",
      defaultValue = "0",
      description = "also validate every n-th response under load in full; 0 = only before")
  public int validateEvery;

  @Option(
      names = "--layers",
      split = ",",
      defaultValue = "osm_mainroads,osm_places",
      description = "wfs: layers (default: ${DEFAULT-VALUE})")
  public List<String> layers;

  @Option(
      names = "--formats",
      split = ",",
      defaultValue = "gml32,gml2,geojson",
      description = "wfs: output formats (default: ${DEFAULT-VALUE})")
  public List<String> formats;

  @Option(
      names = "--concurrency",
      split = ",",
      defaultValue = "4,8,16,32",
      description = "wfs: concurrent users per point (default: ${DEFAULT-VALUE})")
  public List<Integer> concurrency;

  @Option(
      names = "--count",
      defaultValue = "200",
      description = "wfs: features per request, 1..100000 (default: ${DEFAULT-VALUE})")
  public int count;

  @Option(
      names = "--stacks",
      split = ",",
      defaultValue = "axis2-adb,axis2-jaxb,cxf-jaxb",
      description = "soap: hosted stacks (default: ${DEFAULT-VALUE})")
  public List<String> stacks;

  @Option(
      names = "--operations",
      split = ",",
      description =
          "soap: void, ints, doubles, floats, strings, simpleEvents, meshInterfaceObjects"
              + " (default: all)")
  public List<String> operations;

  @Option(
      names = "--sizes",
      split = ",",
      description =
          "soap: array sizes, 1..100000 (default: 1,10,50,100,500,1000,5000; quick: 1,100,5000)")
  public List<Integer> sizes;

  @Option(
      names = "--soap-users",
      defaultValue = "25",
      description = "soap: concurrent users (default: ${DEFAULT-VALUE}, the study's ab -c)")
  public int soapUsers;
}

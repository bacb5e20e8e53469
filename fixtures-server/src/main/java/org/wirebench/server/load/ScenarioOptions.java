package org.wirebench.server.load;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code wirebench load --scenario}; the defaults reproduce the studies. */
public final class ScenarioOptions {
  @Option(names = "--quick", description = "short runs of every point (minutes, not an hour)")
  boolean quick;

  @Option(
      names = "--server",
      description = "use this running server (base URL) instead of starting one")
  URI server;

  @Option(
      names = "--jvm-profile",
      defaultValue = "default",
      description =
          "flags of the server JVM the scenario starts: default, seed2007, g1-tuned, zgc"
              + " (default: ${DEFAULT-VALUE})")
  String jvmProfile;

  @Option(names = "--java", description = "start the server on this java launcher (another JDK)")
  Path java;

  @Option(
      names = "--out",
      description = "write load-<scenario>.json and load-<scenario>.hlog into this folder")
  Path out;

  @Option(names = "--runs", description = "repetitions of each point, 1..100 (wfs: 3, soap: 1)")
  Integer runs;

  @Option(
      names = "--requests",
      description = "count-bounded points: measured requests each (soap: 2500)")
  Long requests;

  @Option(
      names = "--warmup-requests",
      description = "count-bounded points: thrown-away requests first (soap: 2500)")
  Long warmupRequests;

  @Option(
      names = "--validate-every",
      defaultValue = "0",
      description = "also validate every n-th response under load in full; 0 = only before")
  int validateEvery;

  @Option(
      names = "--layers",
      split = ",",
      defaultValue = "osm_mainroads,osm_places",
      description = "wfs: layers (default: ${DEFAULT-VALUE})")
  List<String> layers;

  @Option(
      names = "--formats",
      split = ",",
      defaultValue = "gml32,gml2,geojson",
      description = "wfs: output formats (default: ${DEFAULT-VALUE})")
  List<String> formats;

  @Option(
      names = "--concurrency",
      split = ",",
      defaultValue = "4,8,16,32",
      description = "wfs: concurrent users per point (default: ${DEFAULT-VALUE})")
  List<Integer> concurrency;

  @Option(
      names = "--count",
      defaultValue = "200",
      description = "wfs: features per request, 1..100000 (default: ${DEFAULT-VALUE})")
  int count;

  @Option(
      names = "--stacks",
      split = ",",
      defaultValue = "axis2-adb,axis2-jaxb,cxf-jaxb",
      description = "soap: hosted stacks (default: ${DEFAULT-VALUE})")
  List<String> stacks;

  @Option(
      names = "--operations",
      split = ",",
      description =
          "soap: void, ints, doubles, floats, strings, simpleEvents, meshInterfaceObjects"
              + " (default: all)")
  List<String> operations;

  @Option(
      names = "--sizes",
      split = ",",
      description =
          "soap: array sizes, 1..100000 (default: 1,10,50,100,500,1000,5000; quick: 1,100,5000)")
  List<Integer> sizes;

  @Option(
      names = "--soap-users",
      defaultValue = "25",
      description = "soap: concurrent users (default: ${DEFAULT-VALUE}, the study's ab -c)")
  int soapUsers;
}

package org.wirebench.server;

import java.util.List;
import java.util.Locale;

/**
 * JVM flag sets for the server JVM, recorded with every load result.
 *
 * <p>{@code seed2007} is the tuned Tomcat JVM of the 2007 SOAP study: {@code -server -Xms2g -Xmx2g
 * -XX:+UseParallelGC}. Flags of that era that today's JVMs refuse to start with are listed in
 * {@link #dropped()} and left out (a test checks that the running JDK still refuses them).
 */
public enum JvmProfile {
  /** No flags: the JDK's ergonomics (G1, heap a quarter of RAM). */
  DEFAULT(List.of(), List.of()),
  SEED2007(
      List.of("-server", "-Xms2g", "-Xmx2g", "-XX:+UseParallelGC"),
      // PermGen is gone since JDK 8 (JDK 17 refuses the flag); the parallel old-generation
      // collector is the only one ParallelGC has had since JDK 15, and the flag was removed
      List.of("-XX:MaxPermSize=256m", "-XX:+UseParallelOldGC")),
  /** G1 with a fixed heap touched up front, so no resizing or page faults during a run. */
  G1_TUNED(
      List.of("-Xms2g", "-Xmx2g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50", "-XX:+AlwaysPreTouch"),
      List.of()),
  /** ZGC: sub-millisecond pauses, for the tail percentiles. */
  ZGC(List.of("-Xms2g", "-Xmx2g", "-XX:+UseZGC", "-XX:+AlwaysPreTouch"), List.of());

  private final List<String> flags;
  private final List<String> dropped;

  JvmProfile(List<String> flags, List<String> dropped) {
    this.flags = flags;
    this.dropped = dropped;
  }

  /** As on the command line: default, seed2007, g1-tuned, zgc. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public List<String> flags() {
    return flags;
  }

  /** The study's flags that today's JVMs reject, left out of {@link #flags()}. */
  public List<String> dropped() {
    return dropped;
  }

  /** By CLI name; the message lists the valid names. */
  public static JvmProfile byName(String name) {
    for (JvmProfile p : values()) {
      if (p.cliName().equals(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown JVM profile '" + name + "'; valid: default, seed2007, g1-tuned, zgc");
  }
}

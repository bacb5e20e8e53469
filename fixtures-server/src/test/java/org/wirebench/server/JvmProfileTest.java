package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The profiles start on the running JDK; the flags left out of seed2007 really are refused. */
class JvmProfileTest {

  private static int runJava(List<String> flags) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(ServerProcess.currentJava().toString());
    cmd.addAll(flags);
    cmd.add("-version");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return p.exitValue();
  }

  /**
   * The JDK takes every flag of every profile. Pre-touching is switched off after them (the flag is
   * still parsed): touching each profile's 2 GiB heap took seconds and says nothing about the
   * flags.
   */
  @ParameterizedTest
  @EnumSource(JvmProfile.class)
  void everyProfileStartsAJvm(JvmProfile profile) throws Exception {
    List<String> flags = new ArrayList<>(profile.flags());
    flags.add("-XX:-AlwaysPreTouch");
    assertEquals(0, runJava(flags), profile.flags()::toString);
    assertEquals(profile, JvmProfile.byName(profile.cliName()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-XX:MaxPermSize=256m", "-XX:+UseParallelOldGC"})
  void droppedStudyFlagsAreRefusedByThisJdk(String flag) throws Exception {
    assertTrue(JvmProfile.SEED2007.dropped().contains(flag));
    assertNotEquals(0, runJava(List.of(flag)), flag + " should stop the JVM from starting");
  }

  @org.junit.jupiter.api.Test
  void unknownNamesListTheValidOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JvmProfile.byName("seed2006"));
    assertTrue(e.getMessage().contains("seed2007, g1-tuned, zgc"));
  }
}

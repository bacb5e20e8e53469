package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What serve cannot serve with is refused before a server starts, one line, exit 2: a --java that
 * is a directory or no Java, a --host that is empty, does not resolve or is not this machine's, a
 * --public-url with credentials, a number in anything but decimal digits. A server JVM that exits
 * before it serves is exit 1, never 0.
 */
class ServeRefusalsTest {
  @TempDir Path tmp;

  private String stderr = "";

  private int serve(String... args) {
    PrintStream before = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      // the safety net: a server that starts (the old code's answer to most of these) never ends
      return org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(60), () -> Mains.execute(new ServeCommand(), args));
    } finally {
      System.setErr(before);
      stderr = captured.toString(StandardCharsets.UTF_8);
    }
  }

  private void refused(String expected, String... args) {
    assertEquals(2, serve(args), stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    assertTrue(stderr.contains(expected), stderr);
    assertFalse(stderr.contains("Exception") || stderr.contains("Usage:"), stderr);
  }

  private Path script(String name, String body) throws Exception {
    Path p = tmp.resolve(name);
    Files.writeString(p, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  private static String thisJava() {
    return ServerProcess.currentJava().toString();
  }

  /**
   * A --port another process listens on is refused before Jetty starts, naming the way out: it was
   * Jetty's start line, then "Failed to bind to /127.0.0.1:P", exit 1.
   */
  @Test
  void aPortAnotherServerHoldsIsRefused() throws Exception {
    try (java.net.ServerSocket held =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      String port = "" + held.getLocalPort();
      refused(
          "--port " + port + " on 127.0.0.1 is taken (another server listens there)",
          "--port",
          port);
    }
  }

  /**
   * A bind that fails for another cause than a server listening there (an address that is not this
   * machine's here; as a user, a port below 1024) says its cause: every bind failure read "is taken
   * (another server listens there)".
   */
  @Test
  void aBindFailureWithNoServerThereSaysItsOwnCause() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort();
    }
    // TEST-NET-1 (RFC 5737): never an address of this machine
    String problem = LocalHosts.portProblem("192.0.2.1", port);
    assertTrue(problem != null && problem.contains(": cannot listen there: "), problem);
    assertFalse(problem.contains("taken"), problem);
  }

  @Test
  void aJavaThatIsNoJavaLauncherIsRefused() throws Exception {
    refused("--java " + tmp + " is a folder, not a file", "--port", "0", "--java", tmp.toString());
    Path quiet = script("true", "exit 0");
    refused("is not a java launcher", "--port", "0", "--java", quiet.toString());
    Path fails = script("false", "exit 1");
    refused("exited with 1", "--port", "0", "--java", fails.toString());
    Path old = script("java8", "echo 'openjdk version \"1.8.0_392\"' >&2");
    refused("is Java 8; wirebench needs Java 17", "--port", "0", "--java", old.toString());
    Path plain = tmp.resolve("plain");
    Files.writeString(plain, "");
    refused("is not executable", "--port", "0", "--java", plain.toString());
    assertNull(JavaLauncher.problem("--java", Path.of(thisJava())));
  }

  @Test
  void aServerJvmThatEndsBeforeServingIsAFailure() throws Exception {
    // answers -version as this Java does, then exits 0 without serving
    Path fake = script("fake", "[ \"$1\" = -version ] && exec " + thisJava() + " -version\nexit 0");
    assertEquals(1, serve("--port", "0", "--java", fake.toString()), stderr);
    assertTrue(stderr.contains("exited with 0 before it served"), stderr);
  }

  @Test
  void aHostThisMachineCannotBindIsRefused() {
    refused("--host is empty", "--port", "0", "--host", "");
    refused("--host 'no such host' is no address", "--port", "0", "--host", "no such host");
    refused("--host '999.1.1.1' is no address", "--port", "0", "--host", "999.1.1.1");
    // TEST-NET-1 (RFC 5737): never an address of this machine
    refused("is not an address of this machine", "--port", "0", "--host", "192.0.2.1");
    assertNull(LocalHosts.problem("127.0.0.1"));
    assertNull(LocalHosts.problem("0.0.0.0"));
  }

  @Test
  void aPublicUrlWithCredentialsIsRefused() {
    refused("credentials in the URL", "--port", "0", "--public-url", "http://u:p@example.org/");
    refused("port 0 is not 1..65535", "--port", "0", "--public-url", "http://example.org:0/");
  }

  /**
   * --finding-backend is checked as --public-url and load's --target are: before, port 99999 and
   * credentials passed it, and every gateway request was then a 502 (or sent no credentials).
   */
  @Test
  void everyUrlOptionRefusesTheSameUrls() {
    for (String option : new String[] {"--public-url", "--finding-backend"}) {
      // a {format} is no character of a URI: --public-url would refuse it as that
      String tail = option.equals("--public-url") ? "/" : "/{format}";
      refused("port 99999 is not 1..65535", "--port", "0", option, "http://127.0.0.1:99999" + tail);
      refused("credentials in the URL", "--port", "0", option, "http://u:p@127.0.0.1" + tail);
      refused("a fragment (#...) is never sent", "--port", "0", option, "http://h" + tail + "#x");
      refused("not an http(s)://HOST[:PORT]/ URL", "--port", "0", option, "ftp://h" + tail);
    }
  }

  /**
   * Each of the gateway's options is refused under its own name: all three were "--finding-*: ...",
   * a name nobody typed, and a backend URL that is none in Java's words ("Illegal character in path
   * at index 19").
   */
  @Test
  void eachFindingOptionIsRefusedByItsName() {
    refused("serve: --finding-items: mock items must be", "--port", "0", "--finding-items", "9000");
    refused(
        "serve: --finding-backend: 'http://127.0.0.1:1/{FORMAT}' is not a URL: illegal character"
            + " in path",
        "--port",
        "0",
        "--finding-backend",
        "http://127.0.0.1:1/{FORMAT}");
    assertFalse(stderr.contains("--finding-*") || stderr.contains("index"), stderr);
    refused(
        "serve: --finding-backend: the finding backend: not an http(s)://HOST[:PORT]/ URL",
        "--port",
        "0",
        "--finding-backend",
        "file:///etc/{format}");
  }

  /** Before, 20000 (of 0..100000) passed, and the gateway's XML and JSON routes were always 502. */
  @Test
  void mockItemsPastTheGatewaysLimitAreRefused() {
    refused(
        "mock items must be 0.."
            + org.wirebench.server.finding.FindingGateway.Settings.MAX_MOCK_ITEMS
            + " (the gateway takes a backend's answer up to 16777216 bytes), was 20000",
        "--port",
        "0",
        "--finding-items",
        "20000");
  }

  @Test
  void refusalsEchoWhatWasTypedAndSuggestOnlyValidSpellings() {
    // was "was 0s"
    refused(
        "--finding-timeout must be 1ms..10m, was 0ms", "--port", "0", "--finding-timeout", "0ms");
    // was a deprecation line suggesting "--stop-timeout -5ms", itself refused
    refused(
        "--stop-timeout-ms must be 0 or more, was -5", "--port", "0", "--stop-timeout-ms", "-5");
    assertFalse(stderr.contains("-5ms"), stderr);
    // was "'--no-compression' should be specified only once"
    refused(
        "--compression and --no-compression given together",
        "--port",
        "0",
        "--compression",
        "--no-compression");
  }

  @Test
  void numbersAreDecimalDigitsOnly() {
    for (String bad : new String[] {"0x10", "#10", "+10", "10L", " 10"}) {
      refused("'" + bad + "' is not a whole number", "--port", bad);
    }
    refused("'99999999999' is out of range", "--port", "99999999999");
  }
}

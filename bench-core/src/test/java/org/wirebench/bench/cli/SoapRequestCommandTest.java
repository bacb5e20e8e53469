package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;

class SoapRequestCommandTest {

  @Test
  void printsTheBenchmarksRequestBytes() {
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int exit;
    try {
      System.setOut(new PrintStream(captured, true));
      exit =
          WirebenchCli.commandLine()
              .execute("soap-request", "--operation", "meshInterfaceObjects", "--size", "50");
    } finally {
      System.setOut(stdout);
    }
    assertEquals(0, exit);
    assertArrayEquals(
        SoapEnvelopes.request(EchoValues.generate(Operation.MESH_INTERFACE_OBJECTS, 50)),
        captured.toByteArray());
  }

  @Test
  void unknownOperationExitsWith2() {
    StringWriter err = new StringWriter();
    int exit =
        WirebenchCli.commandLine()
            .setErr(new PrintWriter(err, true))
            .execute("soap-request", "--operation", "echoBase64");
    assertEquals(2, exit);
    assertTrue(
        err.toString().contains("unknown operation 'echoBase64'; valid: void, ints"),
        err::toString);
  }

  /** void's envelope is the same for every size: a size given with it was silently ignored. */
  @Test
  void aSizeForVoidIsRefused() {
    StringWriter err = new StringWriter();
    int exit =
        WirebenchCli.commandLine()
            .setErr(new PrintWriter(err, true))
            .execute("soap-request", "--operation", "void", "--size", "5");
    assertEquals(2, exit);
    assertTrue(
        err.toString().contains("--size has no effect with --operation void"), err::toString);
    assertEquals(1, err.toString().strip().lines().count(), err::toString);
  }

  @Test
  void voidWithoutASizePrintsItsEnvelope() {
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int exit;
    try {
      System.setOut(new PrintStream(captured, true));
      exit = WirebenchCli.commandLine().execute("soap-request", "--operation", "void");
    } finally {
      System.setOut(stdout);
    }
    assertEquals(0, exit);
    assertArrayEquals(
        SoapEnvelopes.request(EchoValues.generate(Operation.VOID, 100)), captured.toByteArray());
  }
}

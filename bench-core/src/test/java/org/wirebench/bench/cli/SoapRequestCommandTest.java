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

  /**
   * One range of an array's size for soap-request, the benchmarks' -p size and the server: a size
   * the stacks refuse (CXF past 50,000) or that no request carries is refused in one line before
   * anything is printed. It took 0..1,000,000 while -p size took 1..100,000.
   */
  @Test
  void aSizeOutsideTheOneRangeIsRefusedInOneLine() {
    for (int n : new int[] {0, Operation.MAX_SIZE + 1, 1_000_000}) {
      StringWriter err = new StringWriter();
      PrintStream stdout = System.out;
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      int exit;
      try {
        System.setOut(new PrintStream(captured, true));
        exit =
            WirebenchCli.commandLine()
                .setErr(new PrintWriter(err, true))
                .execute("soap-request", "--operation", "ints", "--size", String.valueOf(n));
      } finally {
        System.setOut(stdout);
      }
      assertEquals(2, exit, err::toString);
      assertTrue(
          err.toString().contains("soap-request: --size must be 1..50000, was " + n + " ("),
          err::toString);
      assertEquals(1, err.toString().strip().lines().count(), err::toString);
      assertEquals(0, captured.size());
    }
  }

  @Test
  void theHelpShowsTheOneRange() {
    StringWriter out = new StringWriter();
    WirebenchCli.commandLine().setOut(new PrintWriter(out, true)).execute("soap-request", "--help");
    assertTrue(out.toString().contains("array elements, 1..50000,"), out::toString);
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

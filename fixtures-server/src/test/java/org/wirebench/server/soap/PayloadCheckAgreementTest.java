package org.wirebench.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.server.SoapValuesTest;

/**
 * The hand-written schema check ({@link PayloadCheck}, what the server runs) against the JDK's W3C
 * XML Schema validator ({@link PayloadSchema}, the oracle): the same bodies taken, the same
 * refused, with the same status and fault code, on a corpus of SoapValuesTest's bodies, the stacks'
 * own requests, every tricky value in every place, and thousands of seeded random mutations. (Every
 * body the Soap*Test classes send on the local connector is held to the same, by LocalServer.)
 */
class PayloadCheckAgreementTest {
  private static final long SEED = 20261127L;
  private static final int RANDOM_BODIES = 20_000;

  /** Both judge every body alike; returns how many both took. */
  private static int agreeOn(List<String> bodies, String what) {
    List<String> disagreements = new ArrayList<>();
    int taken = 0;
    for (String body : bodies) {
      byte[] utf8 = body.getBytes(StandardCharsets.UTF_8);
      String d = PayloadAgreement.disagreement(utf8);
      if (d != null) {
        disagreements.add(d);
      } else if (PayloadAgreement.outcome(utf8, true, PayloadCheck::validate).equals("taken")) {
        taken++;
      }
    }
    assertTrue(
        disagreements.isEmpty(),
        disagreements.size()
            + " of "
            + bodies.size()
            + " "
            + what
            + " judged otherwise than by the JDK's validator; the first:\n"
            + String.join("\n", disagreements.subList(0, Math.min(10, disagreements.size()))));
    System.out.println(what + ": " + bodies.size() + " bodies agreed, " + taken + " taken");
    return taken;
  }

  @Test
  void soapValuesTestBodies() {
    List<String> bodies = new ArrayList<>();
    for (String[] c : SoapValuesTest.REFUSED) {
      bodies.add(SoapValuesTest.envelope("", c[0], c[1]));
    }
    String[] taken = {"+7", "-2147483647", "2147483647", "-2147483648", "1"};
    for (String v : taken) {
      bodies.add(SoapValuesTest.envelope("", "echoInts", "<ns:input>" + v + "</ns:input>"));
    }
    for (String v : new String[] {"1e-320", "-0.0", "1.5E3", "0e999", "NaN", "INF", "-INF"}) {
      bodies.add(SoapValuesTest.envelope("", "echoDoubles", "<ns:input>" + v + "</ns:input>"));
      bodies.add(SoapValuesTest.envelope("", "echoFloats", "<ns:input>" + v + "</ns:input>"));
    }
    bodies.add(
        SoapValuesTest.envelope(
            "",
            "echoSimpleEvents",
            "<ns:input><ns:sequenceNumber>1</ns:sequenceNumber><ns:timestamp>NaN</ns:timestamp>"
                + "<ns:message>m</ns:message></ns:input>"));
    agreeOn(bodies, "SoapValuesTest bodies");
  }

  @Test
  void theStacksOwnRequests() {
    List<String> bodies = new ArrayList<>();
    for (Operation op : Operation.values()) {
      for (int size : op == Operation.VOID ? new int[] {0} : new int[] {1, 100, 500}) {
        bodies.add(
            new String(
                SoapEnvelopes.request(EchoValues.generate(op, size)), StandardCharsets.UTF_8));
      }
    }
    // agreeing to refuse them all (a schema neither could load) would say nothing
    assertEquals(bodies.size(), agreeOn(bodies, "generated requests"), "the stacks' own requests");
  }

  @Test
  void everyTrickyValueInEveryPlace() {
    agreeOn(MutatedBodies.everyValue(), "single-value bodies");
  }

  @Test
  void seededMutations() {
    MutatedBodies generator = new MutatedBodies(SEED);
    List<String> bodies = new ArrayList<>();
    for (int i = 0; i < RANDOM_BODIES; i++) {
      bodies.add(generator.next());
    }
    agreeOn(bodies, "mutated bodies (seed " + SEED + ")");
    long takenCount =
        bodies.stream()
            .filter(
                b ->
                    PayloadAgreement.outcome(
                            b.getBytes(StandardCharsets.UTF_8), true, PayloadCheck::validate)
                        .equals("taken"))
            .count();
    // neither all taken nor all refused, or the comparison would say little
    assertTrue(
        takenCount > RANDOM_BODIES / 20 && takenCount < RANDOM_BODIES * 19 / 20,
        takenCount + " of " + RANDOM_BODIES + " taken");
  }
}

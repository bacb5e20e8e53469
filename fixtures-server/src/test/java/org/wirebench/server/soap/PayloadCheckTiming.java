package org.wirebench.server.soap;

import java.util.LinkedHashMap;
import java.util.Map;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;
import org.wirebench.formats.xml.XmlFactories;

/**
 * What the schema check costs a request, without JMH (the figures in docs/server.md's Values
 * paragraph): the whole envelope check of one body, {@code checks} times a round, the best of
 * {@code rounds} rounds after three rounds of warm-up, with the request element skipped (the
 * envelope alone), checked by hand ({@link PayloadCheck}) and by the JDK's validator ({@link
 * PayloadSchema}). Run by hand, on a quiet machine: {@code java -cp <test classpath>
 * org.wirebench.server.soap.PayloadCheckTiming [rounds] [checks]}.
 */
public final class PayloadCheckTiming {
  private PayloadCheckTiming() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int checks = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    Map<String, byte[]> bodies = new LinkedHashMap<>();
    bodies.put("echoInts of 1", body(Operation.INTS, 1));
    bodies.put("echoDoubles of 1", body(Operation.DOUBLES, 1));
    bodies.put("echoInts of 100", body(Operation.INTS, 100));
    bodies.put("echoDoubles of 100", body(Operation.DOUBLES, 100));
    bodies.put("echoInts of 1000", body(Operation.INTS, 1000));
    bodies.put("echoDoubles of 1000", body(Operation.DOUBLES, 1000));
    Map<String, EnvelopeCheck.Payload> checkers = new LinkedHashMap<>();
    checkers.put("envelope alone", (r, inScope, sentinels) -> XmlFactories.skipElement(r));
    checkers.put("hand-written", PayloadCheck::validate);
    checkers.put("JDK validator", PayloadSchema::validate);
    System.out.printf(
        "%-22s %8s %16s %16s %16s%n",
        "body", "bytes", "envelope alone", "hand-written", "JDK validator");
    for (Map.Entry<String, byte[]> b : bodies.entrySet()) {
      StringBuilder line =
          new StringBuilder(String.format("%-22s %8d", b.getKey(), b.getValue().length));
      for (EnvelopeCheck.Payload check : checkers.values()) {
        double best = Double.MAX_VALUE;
        for (int round = 0; round < rounds + 3; round++) {
          long start = System.nanoTime();
          for (int i = 0; i < checks; i++) {
            EnvelopeCheck.check(b.getValue(), null, true, check);
          }
          double micros = (System.nanoTime() - start) / 1e3 / checks;
          if (round >= 3) {
            best = Math.min(best, micros);
          }
        }
        line.append(String.format(" %13.1f µs", best));
      }
      System.out.println(line);
    }
  }

  private static byte[] body(Operation op, int size) {
    return SoapEnvelopes.request(EchoValues.generate(op, size));
  }
}

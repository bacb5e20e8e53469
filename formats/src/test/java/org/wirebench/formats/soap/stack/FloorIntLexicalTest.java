package org.wirebench.formats.soap.stack;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapEnvelopes;

/**
 * The floor stack reads an xs:int by its lexical space: it read an Arabic-Indic or fullwidth digit
 * as 3 and dropped U+2003 round it (Integer.parseInt, String.trim), so the conformance check, which
 * has every stack read every other's output, passed a stack that wrote one.
 */
class FloorIntLexicalTest {
  @ParameterizedTest
  @ValueSource(strings = {"\u0663", "\uff13", "\u20033", "+\u0663"})
  void anIntOutsideXsIntIsRefused(String three) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SoapEnvelopes.response(new EchoValues(Operation.INTS, new int[] {1, 3}), out);
    String doc = out.toString(StandardCharsets.UTF_8);
    String broken = doc.replace(">3<", ">" + three + "<");
    assertNotEquals(doc, broken);
    StaxRawStack floor = new StaxRawStack();
    floor.readResponse(
        Operation.INTS, new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)));
    assertThrows(
        IOException.class,
        () ->
            floor.readResponse(
                Operation.INTS, new ByteArrayInputStream(broken.getBytes(StandardCharsets.UTF_8))));
  }
}

package org.wirebench.formats.soap;

import java.io.InputStream;
import java.io.OutputStream;

/**
 * One SOAP databinding stack, as its server side handles one echo request: read the SOAP 1.1
 * request envelope, bind it to the stack's objects, copy every value into the response objects,
 * write the response envelope. Register an implementation in {@code
 * META-INF/services/org.wirebench.formats.soap.SoapStack}.
 */
public interface SoapStack {

  /** Unique among registered stacks: axis2-adb, axis2-jaxb, cxf-jaxb, stax-raw. */
  String name();

  /** Serves one request; does not close either stream. */
  void serve(Operation operation, InputStream request, OutputStream response) throws Exception;

  /** Client side: the values in a response envelope, for checking another stack's output. */
  EchoValues readResponse(Operation operation, InputStream response) throws Exception;
}

package org.wirebench.formats.soap;

import java.io.ByteArrayInputStream;

/**
 * The untimed read-back every user of the stacks shares (the benchmark's setup, the load scenario's
 * validator, the server tests): a response envelope is read by a stack other than the one that
 * wrote it, and must hold exactly the values that were sent.
 */
public final class EchoCheck {
  /** Reads every stack's output; its own is read by ADB, so no stack checks itself. */
  private static final String READER = "stax-raw";

  private static final String READER_OF_READER = "axis2-adb";

  private EchoCheck() {}

  /**
   * @param producer the stack that wrote {@code response}
   * @return null when the response holds exactly {@code sent}, else what is wrong
   */
  public static String verify(String producer, EchoValues sent, byte[] response) {
    SoapStack reader = SoapStacks.get(producer.equals(READER) ? READER_OF_READER : READER);
    try {
      EchoValues echoed = reader.readResponse(sent.operation(), new ByteArrayInputStream(response));
      return echoed.equals(sent)
          ? null
          : producer + " echoed other values than it was sent (read by " + reader.name() + ")";
    } catch (Exception e) {
      return producer
          + " response does not parse (read by "
          + reader.name()
          + "): "
          + e.getMessage();
    }
  }
}

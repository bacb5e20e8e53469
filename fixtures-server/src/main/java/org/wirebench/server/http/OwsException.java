package org.wirebench.server.http;

/**
 * A request an OGC service (the WFS, the WMS) cannot answer, reported as the service's exception
 * report with HTTP 400 (404 for WFS 2.0's NotFound, 503 for a WMS too busy to draw a map).
 *
 * @param code the service's exception code (OWS: InvalidParameterValue, MissingParameterValue ...;
 *     WMS: LayerNotDefined, InvalidCRS ...), or null where the standard names none
 * @param locator the offending parameter, or null
 */
public final class OwsException extends Exception {
  private final String code;
  private final String locator;
  private final int httpStatus;

  public OwsException(String code, String locator, String message) {
    this(code, locator, message, 400);
  }

  /** {@code httpStatus}: 400, or what the standard names for the code (NotFound: 404). */
  public OwsException(String code, String locator, String message, int httpStatus) {
    super(message);
    this.code = code;
    this.locator = locator;
    this.httpStatus = httpStatus;
  }

  public int httpStatus() {
    return httpStatus;
  }

  public static OwsException missing(String parameter) {
    return new OwsException(
        "MissingParameterValue", parameter, "the " + parameter + " parameter is required");
  }

  public static OwsException invalid(String parameter, String value, String why) {
    return new OwsException(
        "InvalidParameterValue", parameter, parameter + "=" + value + ": " + why);
  }

  public String code() {
    return code;
  }

  public String locator() {
    return locator;
  }
}

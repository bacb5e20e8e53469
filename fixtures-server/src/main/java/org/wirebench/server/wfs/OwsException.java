package org.wirebench.server.wfs;

/**
 * A request the WFS cannot answer, reported as an OGC exception report with HTTP 400 (404 for WFS
 * 2.0's NotFound).
 *
 * @param code the OWS exception code (InvalidParameterValue, MissingParameterValue, ...)
 * @param locator the offending parameter, or null
 */
final class OwsException extends Exception {
  private final String code;
  private final String locator;
  private final int httpStatus;

  OwsException(String code, String locator, String message) {
    this(code, locator, message, 400);
  }

  /** {@code httpStatus}: 400, or what the standard names for the code (NotFound: 404). */
  OwsException(String code, String locator, String message, int httpStatus) {
    super(message);
    this.code = code;
    this.locator = locator;
    this.httpStatus = httpStatus;
  }

  int httpStatus() {
    return httpStatus;
  }

  static OwsException missing(String parameter) {
    return new OwsException(
        "MissingParameterValue", parameter, "the " + parameter + " parameter is required");
  }

  static OwsException invalid(String parameter, String value, String why) {
    return new OwsException(
        "InvalidParameterValue", parameter, parameter + "=" + value + ": " + why);
  }

  String code() {
    return code;
  }

  String locator() {
    return locator;
  }
}

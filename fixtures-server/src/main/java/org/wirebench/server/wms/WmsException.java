package org.wirebench.server.wms;

/**
 * A request the WMS cannot answer: a ServiceExceptionReport with HTTP 400 (503 when the server is
 * too busy to draw it in time).
 *
 * @param code a WMS code (InvalidFormat, InvalidSRS/InvalidCRS, LayerNotDefined, StyleNotDefined,
 *     OperationNotSupported) or, where WMS names none, the OWS one (MissingParameterValue,
 *     InvalidParameterValue) as GeoServer and MapServer answer; the report carries it verbatim;
 *     null for none (the server too busy)
 */
final class WmsException extends Exception {
  private final String code;
  private final String locator;
  private final int httpStatus;

  WmsException(String code, String locator, String message) {
    this(code, locator, message, 400);
  }

  WmsException(String code, String locator, String message, int httpStatus) {
    super(message);
    this.code = code;
    this.locator = locator;
    this.httpStatus = httpStatus;
  }

  static WmsException missing(String parameter) {
    return new WmsException(
        "MissingParameterValue", parameter, "the " + parameter + " parameter is required");
  }

  static WmsException invalid(String parameter, String value, String why) {
    return new WmsException(
        "InvalidParameterValue", parameter, parameter + "=" + value + ": " + why);
  }

  String code() {
    return code;
  }

  String locator() {
    return locator;
  }

  int httpStatus() {
    return httpStatus;
  }
}

package org.wirebench.server.wfs.filter;

/**
 * A filter the server will not evaluate, with the OGC exception code to answer with: {@code
 * OperationParsingFailed} (not XML, not a filter, too large or too deep), {@code
 * OperationProcessingFailed} (an operator or expression this server does not support, named),
 * {@code InvalidParameterValue} (a property the type does not have, a literal of the wrong type, a
 * bad envelope).
 */
public final class FilterException extends Exception {
  private final String code;

  FilterException(String code, String message) {
    super(message);
    this.code = code;
  }

  static FilterException parsing(String message) {
    return new FilterException("OperationParsingFailed", message);
  }

  static FilterException unsupported(String message) {
    return new FilterException("OperationProcessingFailed", message);
  }

  static FilterException invalid(String message) {
    return new FilterException("InvalidParameterValue", message);
  }

  public String code() {
    return code;
  }
}

package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Why the load driver counted a request as failed, as the keys of {@link LoadResult#errors} and
 * {@link LoadResult#warmupErrors} name it in the files, in the order the driver writes them. A name
 * no version of the files used is refused.
 */
public enum ErrorKind {
  /** The connection failed or was lost before an answer. */
  CONNECT("connect"),
  /** No answer within the request timeout. */
  TIMEOUT("timeout"),
  /** An answer with another status, content type or length than the checked one. */
  STATUS("status"),
  /** An answer whose body failed its validation. */
  VALIDATION("validation"),
  /** Sent but unanswered when the run ended (version 2 on). */
  UNFINISHED("unfinished");

  private final String key;

  ErrorKind(String key) {
    this.key = key;
  }

  @JsonValue
  public String key() {
    return key;
  }

  @Override
  public String toString() {
    return key;
  }

  /** The kind of this name; an unknown name is refused. */
  @JsonCreator
  public static ErrorKind of(String key) {
    return FileKeys.of(values(), ErrorKind::key, "error kind", key);
  }
}

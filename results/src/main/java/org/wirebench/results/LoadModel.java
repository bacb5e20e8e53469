package org.wirebench.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the load driver sent its requests, as {@link LoadResult#model} names it in the files; an
 * unknown name is refused.
 */
public enum LoadModel {
  /** N users, each sends when its last answer arrived. */
  CLOSED("closed"),
  /** A fixed rate; latency from the intended send time. */
  OPEN("open");

  private final String key;

  LoadModel(String key) {
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

  @JsonCreator
  public static LoadModel of(String key) {
    return FileKeys.of(values(), LoadModel::key, "load model", key);
  }
}

package org.wirebench.formats.soap;

import java.util.Arrays;
import java.util.Objects;

/**
 * The values one echo request or response carries, independent of any stack: an {@code int[]},
 * {@code double[]}, {@code float[]}, {@code String[]}, {@link SimpleEvent}{@code []} or {@link
 * MeshInterfaceObject}{@code []}, or nothing for {@link Operation#VOID}. What the cross-stack
 * checks compare.
 */
public final class EchoValues {
  private final Operation operation;
  private final Object array;

  public EchoValues(Operation operation, Object array) {
    this.operation = Objects.requireNonNull(operation);
    this.array = operation == Operation.VOID ? null : Objects.requireNonNull(array);
  }

  /** Element i as the IU benchmark clients made it: i, "s" + i, (i, sqrt(i), "Message #" + i). */
  public static EchoValues generate(Operation op, int size) {
    if (size < 0) {
      throw new IllegalArgumentException("size must be 0 or more, was " + size);
    }
    Object array =
        switch (op) {
          case VOID -> null;
          case INTS -> fill(new int[size], (a, i) -> a[i] = i);
          case DOUBLES -> fill(new double[size], (a, i) -> a[i] = i);
          case FLOATS -> fill(new float[size], (a, i) -> a[i] = i);
          case STRINGS -> fill(new String[size], (a, i) -> a[i] = "s" + i);
          case SIMPLE_EVENTS ->
              fill(
                  new SimpleEvent[size],
                  (a, i) -> a[i] = new SimpleEvent(i, Math.sqrt(i), "Message #" + i));
          case MESH_INTERFACE_OBJECTS ->
              fill(
                  new MeshInterfaceObject[size],
                  (a, i) -> a[i] = new MeshInterfaceObject(i, i, Math.sqrt(i)));
        };
    return new EchoValues(op, array);
  }

  private interface Setter<A> {
    void set(A array, int index);
  }

  private static <A> A fill(A array, Setter<A> setter) {
    int n = java.lang.reflect.Array.getLength(array);
    for (int i = 0; i < n; i++) {
      setter.set(array, i);
    }
    return array;
  }

  public Operation operation() {
    return operation;
  }

  /** The array (see the class comment), or null for void. */
  public Object array() {
    return array;
  }

  public int size() {
    return array == null ? 0 : java.lang.reflect.Array.getLength(array);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EchoValues v
        && v.operation == operation
        && Arrays.deepEquals(new Object[] {array}, new Object[] {v.array});
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(new Object[] {operation, array});
  }

  @Override
  public String toString() {
    String items = Arrays.deepToString(new Object[] {array});
    return operation.shortName() + (items.length() > 200 ? items.substring(0, 200) + "…" : items);
  }

  /** IU's SimpleEvent. */
  public record SimpleEvent(int sequenceNumber, double timestamp, String message) {}

  /** IU's MeshInterfaceObject. */
  public record MeshInterfaceObject(int x, int y, double value) {}
}

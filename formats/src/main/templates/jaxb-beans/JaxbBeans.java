package org.wirebench.formats.soap.${beans.package};

import java.util.List;
import org.wirebench.formats.soap.EchoValues;
import org.wirebench.formats.soap.Operation;

/**
 * Copies values between the JAXB beans ${beans.origin} generated into this package.
 *
 * <p>Generated at build time from formats/src/main/templates/jaxb-beans/JaxbBeans.java, once per
 * JAXB stack: Java has no way to abstract over two generated packages without reflection, which
 * would be timed, so the one source is expanded into each package.
 */
public final class JaxbBeans {
  private JaxbBeans() {}

  /** The class JAXB unmarshals the request payload of {@code op} into. */
  public static Class<?> requestType(Operation op) {
    return switch (op) {
      case VOID -> EchoVoid.class;
      case INTS -> EchoInts.class;
      case DOUBLES -> EchoDoubles.class;
      case FLOATS -> EchoFloats.class;
      case STRINGS -> EchoStrings.class;
      case SIMPLE_EVENTS -> EchoSimpleEvents.class;
      case MESH_INTERFACE_OBJECTS -> EchoMeshInterfaceObjects.class;
    };
  }

  public static Class<?> responseType(Operation op) {
    return switch (op) {
      case VOID -> EchoVoidResponse.class;
      case INTS -> EchoIntsResponse.class;
      case DOUBLES -> EchoDoublesResponse.class;
      case FLOATS -> EchoFloatsResponse.class;
      case STRINGS -> EchoStringsResponse.class;
      case SIMPLE_EVENTS -> EchoSimpleEventsResponse.class;
      case MESH_INTERFACE_OBJECTS -> EchoMeshInterfaceObjectsResponse.class;
    };
  }

  /** A new response bean holding a copy of every value of {@code request}. */
  public static Object echo(Operation op, Object request) {
    switch (op) {
      case VOID:
        return new EchoVoidResponse();
      case INTS:
        EchoIntsResponse ints = new EchoIntsResponse();
        ints.getEchoIntsReturn().addAll(((EchoInts) request).getInput());
        return ints;
      case DOUBLES:
        EchoDoublesResponse doubles = new EchoDoublesResponse();
        doubles.getEchoDoublesReturn().addAll(((EchoDoubles) request).getInput());
        return doubles;
      case FLOATS:
        EchoFloatsResponse floats = new EchoFloatsResponse();
        floats.getEchoFloatsReturn().addAll(((EchoFloats) request).getInput());
        return floats;
      case STRINGS:
        EchoStringsResponse strings = new EchoStringsResponse();
        strings.getEchoStringsReturn().addAll(((EchoStrings) request).getInput());
        return strings;
      case SIMPLE_EVENTS:
        EchoSimpleEventsResponse events = new EchoSimpleEventsResponse();
        copyEvents(((EchoSimpleEvents) request).getInput(), events.getEchoSimpleEventsReturn());
        return events;
      default:
        EchoMeshInterfaceObjectsResponse mesh = new EchoMeshInterfaceObjectsResponse();
        copyMesh(
            ((EchoMeshInterfaceObjects) request).getInput(),
            mesh.getEchoMeshInterfaceObjectsReturn());
        return mesh;
    }
  }

  /** Adds a copy of each event of {@code in} to {@code out}. */
  public static void copyEvents(List<SimpleEvent> in, List<SimpleEvent> out) {
    for (SimpleEvent e : in) {
      SimpleEvent copy = new SimpleEvent();
      copy.setSequenceNumber(e.getSequenceNumber());
      copy.setTimestamp(e.getTimestamp());
      copy.setMessage(e.getMessage());
      out.add(copy);
    }
  }

  /** Adds a copy of each mesh object of {@code in} to {@code out}. */
  public static void copyMesh(List<MeshInterfaceObject> in, List<MeshInterfaceObject> out) {
    for (MeshInterfaceObject m : in) {
      MeshInterfaceObject copy = new MeshInterfaceObject();
      copy.setX(m.getX());
      copy.setY(m.getY());
      copy.setValue(m.getValue());
      out.add(copy);
    }
  }

  /** The values of a response bean. */
  public static EchoValues values(Operation op, Object response) {
    Object array =
        switch (op) {
          case VOID -> null;
          case INTS ->
              ((EchoIntsResponse) response).getEchoIntsReturn().stream().mapToInt(i -> i).toArray();
          case DOUBLES ->
              ((EchoDoublesResponse) response)
                  .getEchoDoublesReturn().stream().mapToDouble(d -> d).toArray();
          case FLOATS -> {
            List<Float> in = ((EchoFloatsResponse) response).getEchoFloatsReturn();
            float[] out = new float[in.size()];
            for (int i = 0; i < out.length; i++) {
              out[i] = in.get(i);
            }
            yield out;
          }
          case STRINGS ->
              ((EchoStringsResponse) response).getEchoStringsReturn().toArray(new String[0]);
          case SIMPLE_EVENTS ->
              ((EchoSimpleEventsResponse) response)
                  .getEchoSimpleEventsReturn().stream()
                      .map(
                          e ->
                              new EchoValues.SimpleEvent(
                                  e.getSequenceNumber(), e.getTimestamp(), e.getMessage()))
                      .toArray(EchoValues.SimpleEvent[]::new);
          case MESH_INTERFACE_OBJECTS ->
              ((EchoMeshInterfaceObjectsResponse) response)
                  .getEchoMeshInterfaceObjectsReturn().stream()
                      .map(
                          m -> new EchoValues.MeshInterfaceObject(m.getX(), m.getY(), m.getValue()))
                      .toArray(EchoValues.MeshInterfaceObject[]::new);
        };
    return new EchoValues(op, array);
  }
}

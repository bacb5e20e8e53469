package org.wirebench.formats.soap;

import java.util.List;
import org.wirebench.formats.soap.axis2jaxb.EchoDoubles;
import org.wirebench.formats.soap.axis2jaxb.EchoDoublesResponse;
import org.wirebench.formats.soap.axis2jaxb.EchoFloats;
import org.wirebench.formats.soap.axis2jaxb.EchoFloatsResponse;
import org.wirebench.formats.soap.axis2jaxb.EchoInts;
import org.wirebench.formats.soap.axis2jaxb.EchoIntsResponse;
import org.wirebench.formats.soap.axis2jaxb.EchoMeshInterfaceObjects;
import org.wirebench.formats.soap.axis2jaxb.EchoMeshInterfaceObjectsResponse;
import org.wirebench.formats.soap.axis2jaxb.EchoSimpleEvents;
import org.wirebench.formats.soap.axis2jaxb.EchoSimpleEventsResponse;
import org.wirebench.formats.soap.axis2jaxb.EchoStrings;
import org.wirebench.formats.soap.axis2jaxb.EchoStringsResponse;
import org.wirebench.formats.soap.axis2jaxb.EchoVoid;
import org.wirebench.formats.soap.axis2jaxb.EchoVoidResponse;
import org.wirebench.formats.soap.axis2jaxb.MeshInterfaceObject;
import org.wirebench.formats.soap.axis2jaxb.SimpleEvent;

/**
 * Copies values between the JAXB beans Axis2's jaxbri codegen generated. Java has no way to
 * abstract over two generated packages without reflection, which would be timed; so each package
 * gets this small class of its own.
 */
final class Axis2JaxbBeans {
  private Axis2JaxbBeans() {}

  /** The class JAXB unmarshals the request payload of {@code op} into. */
  static Class<?> requestType(Operation op) {
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

  static Class<?> responseType(Operation op) {
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
  static Object echo(Operation op, Object request) {
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
        List<SimpleEvent> eventsOut = events.getEchoSimpleEventsReturn();
        for (SimpleEvent in : ((EchoSimpleEvents) request).getInput()) {
          SimpleEvent out = new SimpleEvent();
          out.setSequenceNumber(in.getSequenceNumber());
          out.setTimestamp(in.getTimestamp());
          out.setMessage(in.getMessage());
          eventsOut.add(out);
        }
        return events;
      default:
        EchoMeshInterfaceObjectsResponse mesh = new EchoMeshInterfaceObjectsResponse();
        List<MeshInterfaceObject> meshOut = mesh.getEchoMeshInterfaceObjectsReturn();
        for (MeshInterfaceObject in : ((EchoMeshInterfaceObjects) request).getInput()) {
          MeshInterfaceObject out = new MeshInterfaceObject();
          out.setX(in.getX());
          out.setY(in.getY());
          out.setValue(in.getValue());
          meshOut.add(out);
        }
        return mesh;
    }
  }

  /** The values of a response bean. */
  static EchoValues values(Operation op, Object response) {
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

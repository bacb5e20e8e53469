package org.wirebench.formats.soap.stack;

import org.wirebench.formats.soap.adb.Benchmark1Skeleton;
import org.wirebench.formats.soap.adb.EchoDoubles;
import org.wirebench.formats.soap.adb.EchoDoublesResponse;
import org.wirebench.formats.soap.adb.EchoFloats;
import org.wirebench.formats.soap.adb.EchoFloatsResponse;
import org.wirebench.formats.soap.adb.EchoInts;
import org.wirebench.formats.soap.adb.EchoIntsResponse;
import org.wirebench.formats.soap.adb.EchoMeshInterfaceObjects;
import org.wirebench.formats.soap.adb.EchoMeshInterfaceObjectsResponse;
import org.wirebench.formats.soap.adb.EchoSimpleEvents;
import org.wirebench.formats.soap.adb.EchoSimpleEventsResponse;
import org.wirebench.formats.soap.adb.EchoStrings;
import org.wirebench.formats.soap.adb.EchoStringsResponse;
import org.wirebench.formats.soap.adb.EchoVoid;
import org.wirebench.formats.soap.adb.EchoVoidResponse;
import org.wirebench.formats.soap.adb.MeshInterfaceObject;
import org.wirebench.formats.soap.adb.SimpleEvent;

/**
 * The echo service on ADB beans: the wsdl2code skeleton filled in. Every value is copied into new
 * response beans, as the study's services did. Used in-process by {@link Axis2AdbStack} and as the
 * {@code ServiceClass} of the service the fixture server hosts behind Axis2's servlet.
 */
public class Axis2AdbService extends Benchmark1Skeleton {

  @Override
  public EchoVoidResponse echoVoid(EchoVoid request) {
    return new EchoVoidResponse();
  }

  @Override
  public EchoIntsResponse echoInts(EchoInts request) {
    int[] in = request.getInput();
    EchoIntsResponse r = new EchoIntsResponse();
    r.setEchoIntsReturn(in == null ? new int[0] : in.clone());
    return r;
  }

  @Override
  public EchoDoublesResponse echoDoubles(EchoDoubles request) {
    double[] in = request.getInput();
    EchoDoublesResponse r = new EchoDoublesResponse();
    r.setEchoDoublesReturn(in == null ? new double[0] : in.clone());
    return r;
  }

  @Override
  public EchoFloatsResponse echoFloats(EchoFloats request) {
    float[] in = request.getInput();
    EchoFloatsResponse r = new EchoFloatsResponse();
    r.setEchoFloatsReturn(in == null ? new float[0] : in.clone());
    return r;
  }

  @Override
  public EchoStringsResponse echoStrings(EchoStrings request) {
    String[] in = request.getInput();
    EchoStringsResponse r = new EchoStringsResponse();
    r.setEchoStringsReturn(in == null ? new String[0] : in.clone());
    return r;
  }

  @Override
  public EchoSimpleEventsResponse echoSimpleEvents(EchoSimpleEvents request) {
    SimpleEvent[] in = request.getInput();
    SimpleEvent[] out = new SimpleEvent[in == null ? 0 : in.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = new SimpleEvent();
      out[i].setSequenceNumber(in[i].getSequenceNumber());
      out[i].setTimestamp(in[i].getTimestamp());
      out[i].setMessage(in[i].getMessage());
    }
    EchoSimpleEventsResponse r = new EchoSimpleEventsResponse();
    r.setEchoSimpleEventsReturn(out);
    return r;
  }

  @Override
  public EchoMeshInterfaceObjectsResponse echoMeshInterfaceObjects(
      EchoMeshInterfaceObjects request) {
    MeshInterfaceObject[] in = request.getInput();
    MeshInterfaceObject[] out = new MeshInterfaceObject[in == null ? 0 : in.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = new MeshInterfaceObject();
      out[i].setX(in[i].getX());
      out[i].setY(in[i].getY());
      out[i].setValue(in[i].getValue());
    }
    EchoMeshInterfaceObjectsResponse r = new EchoMeshInterfaceObjectsResponse();
    r.setEchoMeshInterfaceObjectsReturn(out);
    return r;
  }
}

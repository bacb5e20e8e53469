package org.wirebench.formats.soap.stack;

import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.axis2jaxb.Benchmark1Skeleton;
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
import org.wirebench.formats.soap.axis2jaxb.JaxbBeans;

/**
 * The echo service on the JAXB beans Axis2's wsdl2code generated: the skeleton filled in with the
 * same copying as {@link Axis2JaxbStack}, for the fixture server to host behind Axis2's servlet.
 */
public class Axis2JaxbService extends Benchmark1Skeleton {

  @Override
  public EchoVoidResponse echoVoid(EchoVoid request) {
    return (EchoVoidResponse) JaxbBeans.echo(Operation.VOID, request);
  }

  @Override
  public EchoIntsResponse echoInts(EchoInts request) {
    return (EchoIntsResponse) JaxbBeans.echo(Operation.INTS, request);
  }

  @Override
  public EchoDoublesResponse echoDoubles(EchoDoubles request) {
    return (EchoDoublesResponse) JaxbBeans.echo(Operation.DOUBLES, request);
  }

  @Override
  public EchoFloatsResponse echoFloats(EchoFloats request) {
    return (EchoFloatsResponse) JaxbBeans.echo(Operation.FLOATS, request);
  }

  @Override
  public EchoStringsResponse echoStrings(EchoStrings request) {
    return (EchoStringsResponse) JaxbBeans.echo(Operation.STRINGS, request);
  }

  @Override
  public EchoSimpleEventsResponse echoSimpleEvents(EchoSimpleEvents request) {
    return (EchoSimpleEventsResponse) JaxbBeans.echo(Operation.SIMPLE_EVENTS, request);
  }

  @Override
  public EchoMeshInterfaceObjectsResponse echoMeshInterfaceObjects(
      EchoMeshInterfaceObjects request) {
    return (EchoMeshInterfaceObjectsResponse)
        JaxbBeans.echo(Operation.MESH_INTERFACE_OBJECTS, request);
  }
}

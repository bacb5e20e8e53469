package org.wirebench.formats.soap.stack;

import java.util.ArrayList;
import java.util.List;
import javax.jws.WebService;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.cxf.Benchmark1PortType;
import org.wirebench.formats.soap.cxf.JaxbBeans;
import org.wirebench.formats.soap.cxf.MeshInterfaceObject;
import org.wirebench.formats.soap.cxf.SimpleEvent;

/**
 * The echo service as a JAX-WS endpoint for CXF (wsdl2java's wrapped style: the arrays arrive as
 * lists). Every value is copied into new lists and beans, as the study's services did.
 */
@WebService(
    serviceName = "Benchmark1",
    portName = "Benchmark1Port",
    targetNamespace = Operation.NAMESPACE,
    wsdlLocation = "classpath:org/wirebench/formats/soap/Benchmark1.wsdl",
    endpointInterface = "org.wirebench.formats.soap.cxf.Benchmark1PortType")
public class CxfJaxbService implements Benchmark1PortType {

  @Override
  public void echoVoid() {}

  @Override
  public List<Integer> echoInts(List<Integer> input) {
    return new ArrayList<>(input);
  }

  @Override
  public List<Double> echoDoubles(List<Double> input) {
    return new ArrayList<>(input);
  }

  @Override
  public List<Float> echoFloats(List<Float> input) {
    return new ArrayList<>(input);
  }

  @Override
  public List<String> echoStrings(List<String> input) {
    return new ArrayList<>(input);
  }

  @Override
  public List<SimpleEvent> echoSimpleEvents(List<SimpleEvent> input) {
    List<SimpleEvent> out = new ArrayList<>(input.size());
    JaxbBeans.copyEvents(input, out);
    return out;
  }

  @Override
  public List<MeshInterfaceObject> echoMeshInterfaceObjects(List<MeshInterfaceObject> input) {
    List<MeshInterfaceObject> out = new ArrayList<>(input.size());
    JaxbBeans.copyMesh(input, out);
    return out;
  }
}

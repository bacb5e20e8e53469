package org.wirebench.formats.soap;

import java.util.Arrays;
import java.util.List;
import org.wirebench.formats.registry.UnknownNameException;

/**
 * The seven echo operations of the IU SOAP benchmark ("Benchmark1"), each taking and returning an
 * array of one type; {@code void} carries nothing.
 */
public enum Operation {
  VOID("void", "echoVoid", null),
  INTS("ints", "echoInts", "xsd:int"),
  DOUBLES("doubles", "echoDoubles", "xsd:double"),
  FLOATS("floats", "echoFloats", "xsd:float"),
  STRINGS("strings", "echoStrings", "xsd:string"),
  SIMPLE_EVENTS("simpleEvents", "echoSimpleEvents", "tns:SimpleEvent"),
  MESH_INTERFACE_OBJECTS(
      "meshInterfaceObjects", "echoMeshInterfaceObjects", "tns:MeshInterfaceObject");

  /** The IU benchmark's namespace, also the WSDL's target namespace. */
  public static final String NAMESPACE = "http://www.extreme.indiana.edu/wsdl/Benchmark1";

  /** The array sizes the studies used, 1..5000. */
  public static final List<Integer> SIZES = List.of(1, 10, 50, 100, 500, 1000, 5000);

  /** The smallest array a request of an operation with one carries ({@link #MAX_SIZE}). */
  public static final int MIN_SIZE = 1;

  /**
   * The largest array a request carries: the most items all three hosted stacks take (CXF's own
   * StAX limit of child elements; the server holds every stack to it), ten times the studies'
   * largest size. The one range of an array's size, {@value #MIN_SIZE}..{@value #MAX_SIZE}, for the
   * benchmarks' {@code -p size}, {@code soap-request --size}, {@code load --scenario soap --sizes}
   * and the server's limit alike: a size outside it is refused before any work.
   */
  public static final int MAX_SIZE = 50_000;

  private final String shortName;
  private final String element;
  private final String itemType;

  Operation(String shortName, String element, String itemType) {
    this.shortName = shortName;
    this.element = element;
    this.itemType = itemType;
  }

  /** The name benchmarks and the CLI use: void, ints, ..., meshInterfaceObjects. */
  public String shortName() {
    return shortName;
  }

  /** The request element; the response element is this plus "Response". */
  public String requestElement() {
    return element;
  }

  public String responseElement() {
    return element + "Response";
  }

  /** The repeated child of the request element ({@code input}); null for void. */
  public String requestItem() {
    return itemType == null ? null : "input";
  }

  /** The repeated child of the response element ({@code echoIntsReturn}); null for void. */
  public String responseItem() {
    return itemType == null ? null : element + "Return";
  }

  public static Operation byShortName(String name) {
    for (Operation op : values()) {
      if (op.shortName.equals(name)) {
        return op;
      }
    }
    throw new UnknownNameException(
        "operation", name, Arrays.stream(values()).map(Operation::shortName).toList());
  }
}

package org.wirebench.formats.soap.stack;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMMetaFactory;

/**
 * Checks that Axiom's default object model is the one Axis2 runs on out of the box, LLOM (linked
 * list), before an Axis2 stack is timed or served. Each Axiom implementation declares itself in its
 * jar's {@code META-INF/axiom.xml}; a shaded jar that keeps one of the two files (the first found)
 * leaves only DOOM, Axiom's DOM model, which then serves as the default: the benchmarks jar ran
 * Axis2 on DOOM that way until its shade configuration merged the two files.
 */
public final class AxiomModel {
  private AxiomModel() {}

  /**
   * @throws IllegalStateException when the default model is the DOM one
   */
  public static void check() {
    OMMetaFactory model = OMAbstractFactory.getMetaFactory();
    if (model == OMAbstractFactory.getMetaFactory(OMAbstractFactory.FEATURE_DOM)) {
      throw new IllegalStateException(
          "Axiom's default object model is DOOM ("
              + model.getClass().getName()
              + "), not Axis2's LLOM: the class path lost axiom-impl's META-INF/axiom.xml (a"
              + " shaded jar keeping one copy of it); Axis2 would be measured on the wrong model");
    }
  }
}

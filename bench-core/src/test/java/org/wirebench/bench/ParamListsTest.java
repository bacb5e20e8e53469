package org.wirebench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.wirebench.bench.finding.BackendResponseBenchmark;
import org.wirebench.bench.finding.GatewayJsonBenchmark;
import org.wirebench.bench.geo.GeoEncodingBenchmark;
import org.wirebench.bench.soap.DatabindingBenchmark;
import org.wirebench.bench.soap.VoidEchoBenchmark;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.codec.SameBytesFloor;
import org.wirebench.formats.soap.Operation;
import org.wirebench.formats.soap.SoapStacks;

/**
 * JMH needs its {@code @Param} lists as constants; the registries are the truth. A codec, dataset
 * or stack registered without being added to its benchmark's list (or the other way round) fails
 * here, not silently in a run that never measures it.
 */
class ParamListsTest {
  private static List<String> param(Class<?> benchmark, String field) throws Exception {
    return Arrays.asList(benchmark.getField(field).getAnnotation(Param.class).value());
  }

  @Test
  void geoEncodingRunsEveryRegisteredDatasetAndCodec() throws Exception {
    assertEquals(Datasets.registry().names(), param(GeoEncodingBenchmark.class, "dataset"));
    List<String> codecs = new ArrayList<>(GeoCodecs.registry().names());
    codecs.addAll(SameBytesFloor.NAMES);
    assertEquals(codecs, param(GeoEncodingBenchmark.class, "codec"));
  }

  @Test
  void databindingRunsEveryRegisteredStackOperationAndStudySize() throws Exception {
    assertEquals(SoapStacks.registry().names(), param(DatabindingBenchmark.class, "stack"));
    assertEquals(
        Arrays.stream(Operation.values())
            .filter(o -> o != Operation.VOID)
            .map(Operation::shortName)
            .toList(),
        param(DatabindingBenchmark.class, "operation"));
    assertEquals(SoapStacks.registry().names(), param(VoidEchoBenchmark.class, "stack"));
    assertEquals(
        Operation.SIZES.stream().map(String::valueOf).toList(),
        param(DatabindingBenchmark.class, "size"));
  }

  @Test
  void backendResponsesRunEveryRegisteredFormatAndTheFloorTheSameSizes() throws Exception {
    assertEquals(
        BackendFormats.registry().names(), param(BackendResponseBenchmark.class, "backendFormat"));
    assertEquals(
        param(BackendResponseBenchmark.class, "items"), param(GatewayJsonBenchmark.class, "items"));
  }
}

package org.wirebench.bench.cli;

import java.util.Iterator;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.geo.Datasets;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;
import org.wirebench.formats.geo.schema.XmlSchema;

/**
 * The names a registry holds, for picocli's {@code ${COMPLETION-CANDIDATES}} in a help text: read
 * when the help is shown, so a plug-in on the class path is listed beside the built-ins, and a list
 * in a help text never lags behind the registry it names.
 */
final class RegistryNames {
  private RegistryNames() {}

  static final class Codecs implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return GeoCodecs.registry().names().iterator();
    }
  }

  /** The codecs with an XML schema, the ones {@code schema} prints one for. */
  static final class XmlCodecs implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return GeoCodecs.registry().all().stream()
          .filter(c -> c.xmlSchema() != XmlSchema.NONE)
          .map(GeoCodec::name)
          .iterator();
    }
  }

  static final class DatasetNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Datasets.registry().names().iterator();
    }
  }

  static final class BackendFormatNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return BackendFormats.registry().names().iterator();
    }
  }
}

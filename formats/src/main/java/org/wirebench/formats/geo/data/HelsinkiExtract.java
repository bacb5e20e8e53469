package org.wirebench.formats.geo.data;

import crosby.binary.BinaryParser;
import crosby.binary.Osmformat;
import crosby.binary.file.BlockInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locationtech.jts.geom.Coordinate;

/**
 * The bundled OpenStreetMap extract of central Helsinki ({@value #RESOURCE}, © OpenStreetMap
 * contributors, ODbL 1.0), decoded once with the osmpbf library: every node's position, the tagged
 * nodes and the {@code highway=*} ways.
 */
final class HelsinkiExtract {
  static final String RESOURCE = "/org/wirebench/formats/geo/data/Helsinki.osm.pbf";

  record TaggedNode(long id, Coordinate at, Map<String, String> tags) {}

  record Way(long id, long[] nodeRefs, Map<String, String> tags) {}

  final Map<Long, Coordinate> nodes = new HashMap<>();
  final List<TaggedNode> taggedNodes = new ArrayList<>();
  final List<Way> highways = new ArrayList<>();

  private HelsinkiExtract() {}

  private static final class Holder {
    static final HelsinkiExtract INSTANCE = read();
  }

  static HelsinkiExtract get() {
    return Holder.INSTANCE;
  }

  private static HelsinkiExtract read() {
    HelsinkiExtract extract = new HelsinkiExtract();
    try (InputStream in = HelsinkiExtract.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the classpath");
      }
      new BlockInputStream(in, extract.new Parser()).process();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot decode " + RESOURCE, e);
    }
    return extract;
  }

  /** Collects what the datasets need, block by block. */
  private final class Parser extends BinaryParser {
    @Override
    protected void parseDense(Osmformat.DenseNodes dense) {
      long id = 0;
      long lat = 0;
      long lon = 0;
      int kv = 0;
      for (int i = 0; i < dense.getIdCount(); i++) {
        // ids and positions are delta-coded; keys_vals runs "k v k v 0" per node
        id += dense.getId(i);
        lat += dense.getLat(i);
        lon += dense.getLon(i);
        Coordinate at = position(lon, lat);
        nodes.put(id, at);
        Map<String, String> tags = new HashMap<>();
        while (kv < dense.getKeysValsCount() && dense.getKeysVals(kv) != 0) {
          tags.put(getStringById(dense.getKeysVals(kv)), getStringById(dense.getKeysVals(kv + 1)));
          kv += 2;
        }
        kv++;
        if (!tags.isEmpty()) {
          taggedNodes.add(new TaggedNode(id, at, tags));
        }
      }
    }

    @Override
    protected void parseNodes(List<Osmformat.Node> list) {
      for (Osmformat.Node node : list) {
        Coordinate at = position(node.getLon(), node.getLat());
        nodes.put(node.getId(), at);
        Map<String, String> tags = tags(node.getKeysList(), node.getValsList());
        if (!tags.isEmpty()) {
          taggedNodes.add(new TaggedNode(node.getId(), at, tags));
        }
      }
    }

    /**
     * The stored position, snapped back to the file's 1e-7 degree grid: {@code parseLat} multiplies
     * by 1e-9 and leaves binary noise (60.166513800000004) that is not in the data.
     */
    private Coordinate position(long lon, long lat) {
      return new Coordinate(
          Math.round(parseLon(lon) * 1e7) / 1e7, Math.round(parseLat(lat) * 1e7) / 1e7);
    }

    @Override
    protected void parseWays(List<Osmformat.Way> list) {
      for (Osmformat.Way way : list) {
        Map<String, String> tags = tags(way.getKeysList(), way.getValsList());
        if (!tags.containsKey("highway")) {
          continue;
        }
        long[] refs = new long[way.getRefsCount()];
        long ref = 0;
        for (int i = 0; i < refs.length; i++) {
          ref += way.getRefs(i);
          refs[i] = ref;
        }
        highways.add(new Way(way.getId(), refs, tags));
      }
    }

    private Map<String, String> tags(List<Integer> keys, List<Integer> values) {
      Map<String, String> tags = new HashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        tags.put(getStringById(keys.get(i)), getStringById(values.get(i)));
      }
      return tags;
    }

    @Override
    protected void parseRelations(List<Osmformat.Relation> rels) {
      // relations are not part of either dataset
    }

    @Override
    protected void parse(Osmformat.HeaderBlock header) {
      for (String feature : header.getRequiredFeaturesList()) {
        if (!feature.equals("OsmSchema-V0.6") && !feature.equals("DenseNodes")) {
          throw new IllegalStateException("unsupported PBF feature " + feature);
        }
      }
    }

    @Override
    public void complete() {}
  }
}

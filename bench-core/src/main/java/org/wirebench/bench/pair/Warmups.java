package org.wirebench.bench.pair;

/**
 * How long each group's variants are warmed before a fork's first measured round, ms of cost a
 * variant ({@link PairWorker.Clock}). Each is what its group's variants were measured to need: one
 * JVM a trace, every variant warmed for 1.5–4 s interleaved as a fork does, each pair's ratio taken
 * window by window against its ratio at the end (docs/measuring.md, "A group's warm-up, measured").
 * A warm-up shorter than its group needs leaves forks whose first rounds still run code the JIT has
 * not finished, which widens the interval over forks; one longer than needed spends the quick
 * suite's budget on time no ratio uses, which a group stopped at few forks pays for in width.
 */
final class Warmups {
  private Warmups() {}

  /**
   * The WFS groups: every pair within 2–6% of its final ratio from 150–300 ms on (the two OSM
   * layers, 4 JVMs each; the Helsinki layers, 3 each), so 300 ms; a WFS fork then takes about 2.4 s
   * less of its 10.
   */
  static final int WFS_MS = 300;

  /**
   * soap-100: CXF against ADB still 3–11% off in 300–450 ms in some JVMs, within 1–3% after 450 ms.
   */
  static final int SOAP_100_MS = 450;

  /** soap-mesh: CXF at 5,000 objects still 4–34% off in 300–450 ms, within 1–7% after 450 ms. */
  static final int SOAP_MESH_MS = 600;

  /**
   * The backend group: the gateway's protobuf path against its floor still 0.36–0.92 of its final
   * ratio in 300–600 ms and 0.69 in 450–600 ms in one of three JVMs, within 1–4% from 600–900 ms
   * on; 900 ms.
   */
  static final int BACKEND_MS = 900;

  /**
   * The raster group: its variants' work is mostly the JPEG codec's native code; traced with whole
   * samples a batch (64 maps, 0.13–0.9 s of cost), each variant's first batch was within 2–8% of
   * its final cost in 3 JVMs, later ones wandering as much; 300 ms.
   */
  static final int RASTER_MS = 300;

  /**
   * The calibration's A/A group: one loop nest, compiled in its first calls (every other group's
   * forks time it with no warm-up at all); its two sides within 1% of each other from the first
   * window in 3 JVMs; 150 ms.
   */
  static final int CALIBRATION_MS = 150;
}

package org.wirebench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The run settings every study's benchmark shares (JMH reads these annotations from a superclass):
 * time per operation in µs, 2 forks × (3 × 2 s warm-up, 5 × 2 s measured). The suite overrides them
 * per run (quick, full, --forks ...); a plain {@code java -jar benchmarks.jar} uses these.
 *
 * <p>Every fork gets a fixed 1 GiB heap touched before the first iteration . On this project's VM
 * the first write to a fresh page costs ~8 µs (pre-touching 2 GiB takes 4.5 s), and with JMH's
 * default heap an allocation-heavy benchmark kept meeting fresh pages: the 50-item protobuf gateway
 * scored 150–1,050 µs/op, bimodal within and between forks, with an identical CPU profile;
 * pre-touched, three forks agree within 7%. Transparent huge pages make the touch take 1 s instead
 * of 2 s per fork (ignored with a warning where the kernel has none).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 2,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages"})
public abstract class StudyBenchmark {}

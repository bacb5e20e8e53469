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
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public abstract class StudyBenchmark {}

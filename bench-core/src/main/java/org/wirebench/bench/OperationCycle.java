package org.wirebench.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A benchmark method whose calls are not alike: each call does the next of {@link #value()}
 * different operations (a sample of requests of different sizes), in a fixed cycle. Its cost per
 * call is the mean over that sample only when the calls timed together cover whole cycles; the
 * paired runner therefore times such a method in batches of whole cycles (docs/measuring.md,
 * "Benchmarks that cycle through a sample").
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OperationCycle {
  /** Calls a cycle, 2..100000: the sample's size. */
  int value();
}

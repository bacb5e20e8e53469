package org.wirebench.results;

/**
 * How a load scenario's server JVM was started, as env.json lists it per scenario.
 *
 * @param jvmProfile default, seed2007, g1-tuned, zgc, or "external" (a server given by URL)
 * @param jvmFlags the profile's flags as a JSON array
 * @param java the java launcher, or "same as the load driver"
 */
public record ServerJvm(String jvmProfile, String jvmFlags, String java) {}

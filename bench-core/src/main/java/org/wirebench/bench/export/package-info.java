/**
 * What other tools read: compare's outputs (text, JSON, Markdown, JUnit XML) and a run's results as
 * Bencher Metric Format or github-action-benchmark's custom JSON. Reads records (results module)
 * and the comparison; never writes into a results folder.
 */
package org.wirebench.bench.export;

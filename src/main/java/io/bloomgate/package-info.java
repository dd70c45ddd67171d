/**
 * The entry point: {@link io.bloomgate.BloomGate} puts a Bloom filter in front of a
 * {@code DataSource}'s tables and hands out the data source to give the application; {@link
 * io.bloomgate.GateReport} reports on its guards, whose figures are the snapshots of {@code
 * io.bloomgate.stats} ({@link io.bloomgate.stats.GuardStats}, {@link io.bloomgate.stats.GuardState},
 * {@link io.bloomgate.stats.BypassReason}); {@link io.bloomgate.DeferredGateDataSource} passes
 * connections through until a gate is attached (Spring, the driver).
 *
 * <p>This package assembles the internal ones (docs/architecture.md section 7) and none of them
 * imports it: that is why the statistics types live in {@code io.bloomgate.stats}, a leaf every
 * package may use, and not here.
 */
package io.bloomgate;

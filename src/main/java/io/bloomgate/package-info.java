/**
 * The entry point: {@link io.bloomgate.BloomGate} puts a Bloom filter in front of a
 * {@code DataSource}'s tables and hands out the data source to give the application; {@link
 * io.bloomgate.GuardStats}, {@link io.bloomgate.GuardState}, {@link io.bloomgate.BypassReason} and
 * {@link io.bloomgate.GateReport} describe its guards; {@link io.bloomgate.DeferredGateDataSource}
 * passes connections through until a gate is attached (Spring, the driver).
 *
 * <p>This package assembles the internal ones (docs/architecture.md section 7) and none of them
 * imports it: the statistics they keep are {@code io.bloomgate.stats}'s, mapped to this package's
 * types by constant name.
 */
package io.bloomgate;

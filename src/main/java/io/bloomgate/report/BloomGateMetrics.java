package io.bloomgate.report;

import io.bloomgate.stats.GuardStatsSource;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Micrometer meters for every guard of a {@code BloomGate}: its counters and its filter's facts,
 * tagged {@code table} (schema-qualified, as the database names it) and {@code column}, plus any
 * common tags given here.
 *
 * <pre>{@code
 * new BloomGateMetrics(gate, Tags.of("db", "orders")).bindTo(registry);
 * }</pre>
 *
 * <p>Function counters: {@code bloomgate.lookups}, {@code bloomgate.lookups.avoided},
 * {@code bloomgate.lookups.passed.through}, {@code bloomgate.lookups.true.positives},
 * {@code bloomgate.lookups.false.positives}, {@code bloomgate.bypassed} (one per
 * {@link BypassReason}, tag {@code reason}: the constant's name in lower case),
 * {@code bloomgate.keys.added}, {@code bloomgate.rebuilds}.
 *
 * <p>Gauges: {@code bloomgate.filter.size} (bits), {@code bloomgate.filter.memory} (bytes),
 * {@code bloomgate.filter.expected.keys}, {@code bloomgate.filter.estimated.keys},
 * {@code bloomgate.filter.stale.keys}, {@code bloomgate.filter.fill} (fraction of bits set),
 * {@code bloomgate.fpp.target}, {@code bloomgate.fpp.estimated} (from the filter's fill),
 * {@code bloomgate.fpp.observed} (false positives among lookups for absent keys), and
 * {@code bloomgate.state}: one gauge per {@link GuardState} (tag {@code state}, lower case),
 * 1 for the guard's current state and 0 for the others.
 *
 * <p>The meters read {@code BloomGate.stats()} snapshots, one per scrape: a snapshot is reused
 * until it is older than {@code maxAge} (one second by default), because it computes each filter's
 * facts from its bits. They hold the gate weakly and never keep it open: after
 * {@code BloomGate.close()} they go on reading its final figures (state {@code closed}); once the
 * gate is garbage-collected, the counters keep their last values and the gauges read NaN.
 * {@link #close()} removes the meters, which is needed before binding a new gate on the same tables
 * to the same registry (a registry keeps the first meter registered under a name and tags).
 *
 * <p>This is the only class of bloomgate that uses Micrometer, an optional dependency.
 */
public final class BloomGateMetrics implements MeterBinder, AutoCloseable {

    private record Figure(String name, String unit, String description, ToDoubleFunction<GuardStats> value) {
    }

    private static final List<Figure> COUNTERS = List.of(
            new Figure("bloomgate.lookups", null, "Eligible lookups the filter was asked about",
                    GuardStats::lookups),
            new Figure("bloomgate.lookups.avoided", null, "Lookups answered absent by the filter, without a query",
                    GuardStats::avoided),
            new Figure("bloomgate.lookups.passed.through", null,
                    "Lookups the filter could not rule out, sent to the database", GuardStats::passedThrough),
            new Figure("bloomgate.lookups.true.positives", null, "Passed-through lookups that found a row",
                    GuardStats::truePositives),
            new Figure("bloomgate.lookups.false.positives", null,
                    "Passed-through lookups that found nothing: database reads the filter could not save",
                    GuardStats::falsePositives),
            new Figure("bloomgate.keys.added", null, "Keys added to the filter by writes, triggers and scans",
                    GuardStats::keysAdded),
            new Figure("bloomgate.rebuilds", null, "Online rebuilds of the filter completed", GuardStats::rebuilds));

    private static final List<Figure> GAUGES = List.of(
            new Figure("bloomgate.filter.size", "bits", "Bits (or 4-bit counters) in the filter",
                    s -> s.filter().bits()),
            new Figure("bloomgate.filter.memory", BaseUnits.BYTES, "Memory held by the filter's bits",
                    s -> s.filter().memoryBytes()),
            new Figure("bloomgate.filter.expected.keys", null, "Keys the filter was sized for",
                    s -> s.filter().expectedKeys()),
            new Figure("bloomgate.filter.estimated.keys", null, "Distinct keys in the filter, estimated from its bits",
                    s -> s.filter().estimatedKeys()),
            new Figure("bloomgate.filter.stale.keys", null,
                    "Keys deleted or moved since the last build, whose bits stay until a rebuild",
                    GuardStats::staleKeys),
            new Figure("bloomgate.filter.fill", null, "Fraction of the filter's bits set", s -> s.filter().fillRatio()),
            new Figure("bloomgate.fpp.target", null, "False-positive rate the filter was sized for",
                    s -> s.filter().targetFpp()),
            new Figure("bloomgate.fpp.estimated", null, "False-positive rate to expect from the filter's fill",
                    s -> s.filter().estimatedFpp()),
            new Figure("bloomgate.fpp.observed", null,
                    "False positives among lookups for absent keys so far", GuardStats::observedFalsePositiveRate));

    private record Registered(MeterRegistry registry, Meter meter) {
    }

    private final WeakReference<GuardStatsSource> gate;
    private final Tags tags;
    private final GateSnapshots snapshots;
    private final List<Registered> registered = new ArrayList<>();

    /** Meters for every guard of {@code gate}, tagged {@code table} and {@code column}. */
    public BloomGateMetrics(GuardStatsSource gate) {
        this(gate, Tags.empty());
    }

    /** Meters for every guard of {@code gate}, tagged {@code table}, {@code column} and {@code tags}. */
    public BloomGateMetrics(GuardStatsSource gate, Iterable<Tag> tags) {
        this(gate, tags, GateSnapshots.DEFAULT_MAX_AGE);
    }

    /**
     * Meters for every guard of {@code gate}, tagged {@code table}, {@code column} and {@code tags},
     * reading snapshots up to {@code maxAge} old ({@link Duration#ZERO}: a new one on every read).
     */
    public BloomGateMetrics(GuardStatsSource gate, Iterable<Tag> tags, Duration maxAge) {
        Objects.requireNonNull(gate, "gate must not be null");
        this.gate = new WeakReference<>(gate);
        this.tags = Tags.of(Objects.requireNonNull(tags, "tags must not be null"));
        this.snapshots = new GateSnapshots(gate, maxAge);
    }

    /** Registers every guard's meters with {@code registry} (nothing if the gate was collected). */
    @Override
    public void bindTo(MeterRegistry registry) {
        GuardStatsSource g = gate.get();
        if (g == null) {
            return;
        }
        List<GuardStats> guards = snapshots.latest();
        for (int i = 0; i < guards.size(); i++) {
            Tags guardTags = tags.and("table", guards.get(i).table(), "column", guards.get(i).column());
            for (Figure figure : COUNTERS) {
                counter(registry, g, i, figure.name(), guardTags, figure.description(), figure.value());
            }
            for (BypassReason reason : BypassReason.values()) {
                counter(registry, g, i, "bloomgate.bypassed", guardTags.and("reason", lower(reason)),
                        "Statements on the table the filter was not asked about", s -> s.bypassed(reason));
            }
            for (Figure figure : GAUGES) {
                gauge(registry, g, i, figure.name(), guardTags, figure.unit(), figure.description(), figure.value());
            }
            for (GuardState state : GuardState.values()) {
                gauge(registry, g, i, "bloomgate.state", guardTags.and("state", lower(state)), null,
                        "1 for the guard's current state, 0 for the others", s -> s.state() == state ? 1 : 0);
            }
        }
    }

    // The registry holds the gate weakly (Micrometer's default for function counters and gauges) and
    // the function strongly; the function captures the snapshots, never the gate.

    private void counter(MeterRegistry registry, GuardStatsSource g, int index, String name, Tags meterTags,
            String description, ToDoubleFunction<GuardStats> value) {
        GateSnapshots shared = snapshots;
        remember(registry, FunctionCounter.builder(name, g, gg -> value.applyAsDouble(shared.read(gg).get(index)))
                .tags(meterTags).description(description).register(registry));
    }

    private void gauge(MeterRegistry registry, GuardStatsSource g, int index, String name, Tags meterTags, String unit,
            String description, ToDoubleFunction<GuardStats> value) {
        GateSnapshots shared = snapshots;
        remember(registry, Gauge.builder(name, g, gg -> value.applyAsDouble(shared.read(gg).get(index)))
                .tags(meterTags).baseUnit(unit).description(description).register(registry));
    }

    private synchronized void remember(MeterRegistry registry, Meter meter) {
        registered.add(new Registered(registry, meter));
    }

    private static String lower(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /** Removes the meters this binder registered from every registry it was bound to. */
    @Override
    public synchronized void close() {
        for (Registered r : registered) {
            r.registry().remove(r.meter());
        }
        registered.clear();
    }
}

package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.WeakReference;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** BloomGateMetrics: every guard's counters and filter facts as Micrometer meters. */
class BloomGateMetricsTest {

    private static final String TABLE = "PUBLIC.METRICS_USERS";

    private GuardedUsers users;
    private MeterRegistry registry;
    private BloomGateMetrics metrics;

    @BeforeEach
    void setUp() throws SQLException {
        users = new GuardedUsers("metrics_users");
        registry = new SimpleMeterRegistry();
        metrics = new BloomGateMetrics(users.gate, Tags.of("db", "test"), Duration.ZERO);
        metrics.bindTo(registry);
    }

    @AfterEach
    void tearDown() throws SQLException {
        metrics.close();
        users.close();
    }

    private double counter(String name, String column, String... tags) {
        return registry.get(name).tags("table", TABLE, "column", column).tags(tags).functionCounter().count();
    }

    private double gauge(String name, String column, String... tags) {
        return registry.get(name).tags("table", TABLE, "column", column).tags(tags).gauge().value();
    }

    @Test
    void theCountersOfEveryGuardEqualItsStats() throws SQLException {
        users.lookUp(200, 20);

        GuardStats email = users.gate.stats(TABLE, "EMAIL");
        assertThat(counter("bloomgate.lookups", "EMAIL")).isEqualTo(email.lookups()).isEqualTo(220);
        assertThat(counter("bloomgate.lookups.avoided", "EMAIL")).isEqualTo(email.avoided());
        assertThat(counter("bloomgate.lookups.passed.through", "EMAIL")).isEqualTo(email.passedThrough());
        assertThat(counter("bloomgate.lookups.true.positives", "EMAIL")).isEqualTo(email.truePositives()).isEqualTo(20);
        assertThat(counter("bloomgate.lookups.false.positives", "EMAIL")).isEqualTo(email.falsePositives());
        assertThat(counter("bloomgate.keys.added", "EMAIL")).isEqualTo(email.keysAdded()).isEqualTo(GuardedUsers.ROWS);
        assertThat(counter("bloomgate.rebuilds", "EMAIL")).isEqualTo(email.rebuilds()).isZero();
        assertThat(counter("bloomgate.bypassed", "EMAIL", "reason", "first_execution")).isEqualTo(1);

        assertThat(counter("bloomgate.lookups", "ID")).as("the other guard's lookups").isZero();
        assertThat(counter("bloomgate.keys.added", "ID")).isEqualTo(users.gate.stats(TABLE, "ID").keysAdded());
    }

    @Test
    void bypassesAreCountedPerReasonAndEveryReasonHasAMeterFromTheStart() throws SQLException {
        users.count();

        for (BypassReason reason : BypassReason.values()) {
            String tag = reason.name().toLowerCase(Locale.ROOT);
            assertThat(counter("bloomgate.bypassed", "EMAIL", "reason", tag)).as(tag)
                    .isEqualTo(users.gate.stats(TABLE, "EMAIL").bypassed(reason));
        }
        assertThat(counter("bloomgate.bypassed", "EMAIL", "reason", "aggregate_without_group_by")).isEqualTo(1);
    }

    @Test
    void theFilterFactsAreGaugesInBaseUnits() throws SQLException {
        users.lookUp(300, 0);

        GuardStats email = users.gate.stats(TABLE, "EMAIL");
        assertThat(gauge("bloomgate.filter.size", "EMAIL")).isEqualTo(email.filter().bits());
        assertThat(gauge("bloomgate.filter.memory", "EMAIL")).isEqualTo(email.filter().memoryBytes());
        assertThat(gauge("bloomgate.filter.expected.keys", "EMAIL")).isEqualTo(email.filter().expectedKeys());
        assertThat(gauge("bloomgate.filter.estimated.keys", "EMAIL")).isEqualTo(email.filter().estimatedKeys())
                .isCloseTo(GuardedUsers.ROWS, within(50.0));
        assertThat(gauge("bloomgate.filter.stale.keys", "EMAIL")).isEqualTo(email.staleKeys()).isZero();
        assertThat(gauge("bloomgate.filter.fill", "EMAIL")).isEqualTo(email.filter().fillRatio());
        assertThat(gauge("bloomgate.fpp.target", "EMAIL")).isEqualTo(email.filter().targetFpp()).isEqualTo(0.01);
        assertThat(gauge("bloomgate.fpp.estimated", "EMAIL")).isEqualTo(email.filter().estimatedFpp());
        assertThat(gauge("bloomgate.fpp.observed", "EMAIL")).isEqualTo(email.observedFalsePositiveRate());

        assertThat(registry.get("bloomgate.filter.memory").gauge().getId().getBaseUnit()).isEqualTo("bytes");
        assertThat(registry.get("bloomgate.filter.size").gauge().getId().getBaseUnit()).isEqualTo("bits");
    }

    @Test
    void theStateIsOneGaugePerStateAndTheMetersStayReadableAfterTheGateIsClosed() throws SQLException {
        users.lookUp(50, 5);
        assertThat(gauge("bloomgate.state", "EMAIL", "state", "ready")).isEqualTo(1);
        assertThat(gauge("bloomgate.state", "EMAIL", "state", "building")).isZero();
        assertThat(gauge("bloomgate.state", "EMAIL", "state", "unsynced")).isZero();
        assertThat(gauge("bloomgate.state", "EMAIL", "state", "closed")).isZero();
        double lookups = counter("bloomgate.lookups", "EMAIL");

        users.closeGate();

        assertThat(users.gate.stats(TABLE, "EMAIL").state()).isEqualTo(GuardState.CLOSED);
        assertThat(gauge("bloomgate.state", "EMAIL", "state", "closed")).isEqualTo(1);
        assertThat(gauge("bloomgate.state", "EMAIL", "state", "ready")).isZero();
        assertThat(counter("bloomgate.lookups", "EMAIL")).isEqualTo(lookups).isEqualTo(55);
        assertThat(gauge("bloomgate.filter.size", "EMAIL")).isPositive();
    }

    @Test
    void everyMeterIsTaggedByTableColumnAndTheCommonTags() {
        List<Meter> meters = registry.getMeters();
        Set<String> names = meters.stream().map(m -> m.getId().getName()).collect(Collectors.toSet());

        assertThat(names).containsExactlyInAnyOrder("bloomgate.lookups", "bloomgate.lookups.avoided",
                "bloomgate.lookups.passed.through", "bloomgate.lookups.true.positives",
                "bloomgate.lookups.false.positives", "bloomgate.bypassed", "bloomgate.keys.added",
                "bloomgate.rebuilds", "bloomgate.filter.size", "bloomgate.filter.memory",
                "bloomgate.filter.expected.keys", "bloomgate.filter.estimated.keys", "bloomgate.filter.stale.keys",
                "bloomgate.filter.fill", "bloomgate.fpp.target", "bloomgate.fpp.estimated", "bloomgate.fpp.observed",
                "bloomgate.state");
        assertThat(meters).allSatisfy(m -> assertThat(m.getId().getTags())
                .contains(Tag.of("db", "test"), Tag.of("table", TABLE))
                .extracting(Tag::getKey).contains("column"));
        int perGuard = 7 + BypassReason.values().length + 9 + GuardState.values().length;
        assertThat(meters).hasSize(2 * perGuard);
        assertThat(meters).allSatisfy(m -> assertThat(m.getId().getDescription()).isNotBlank());
    }

    @Test
    void aSnapshotIsReusedUntilItIsOlderThanMaxAge() throws SQLException {
        MeterRegistry cached = new SimpleMeterRegistry();
        try (BloomGateMetrics hourly = new BloomGateMetrics(users.gate, Tags.empty(), Duration.ofHours(1))) {
            hourly.bindTo(cached);
            users.lookUp(10, 0);

            assertThat(cached.get("bloomgate.lookups").tag("column", "EMAIL").functionCounter().count())
                    .as("the snapshot taken when the binder was made").isZero();
            assertThat(counter("bloomgate.lookups", "EMAIL")).as("maxAge zero: always a new snapshot").isEqualTo(10);
        }
    }

    @Test
    void closingTheBinderRemovesItsMetersFromEveryRegistry() {
        MeterRegistry second = new SimpleMeterRegistry();
        metrics.bindTo(second);
        assertThat(second.getMeters()).hasSameSizeAs(registry.getMeters());

        metrics.close();

        assertThat(registry.getMeters()).isEmpty();
        assertThat(second.getMeters()).isEmpty();
    }

    @Test
    void theMetersDoNotKeepTheGateReachable() throws Exception {
        MeterRegistry weak = new SimpleMeterRegistry();
        WeakReference<BloomGate> gate = bindAndDropAGate(weak);

        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (gate.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }

        assertThat(gate.get()).as("the gate, collected").isNull();
        assertThat(weak.get("bloomgate.lookups").tag("column", "EMAIL").functionCounter().count())
                .as("a counter keeps its last value").isEqualTo(3);
        assertThat(weak.get("bloomgate.filter.size").tag("column", "EMAIL").gauge().value())
                .as("a gauge of a collected gate").isNaN();
    }

    private static WeakReference<BloomGate> bindAndDropAGate(MeterRegistry registry) throws SQLException {
        try (GuardedUsers dropped = new GuardedUsers("dropped_users")) {
            new BloomGateMetrics(dropped.gate, Tags.empty(), Duration.ZERO).bindTo(registry);
            dropped.lookUp(2, 1);
            assertThat(registry.get("bloomgate.lookups").tag("column", "EMAIL").functionCounter().count()).isEqualTo(3);
            return new WeakReference<>(dropped.gate);
        }
    }
}

package io.bloomgate.spring;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;

/**
 * The {@code bloomgate} health contributor.
 *
 * <p>UP when every guard is READY (and, on PostgreSQL and MySQL/MariaDB, the change feed is within {@code
 * bloomgate.stale-after}); OUT_OF_SERVICE otherwise — a guard UNSYNCED, BUILDING or CLOSED, or a
 * stale feed. Not DOWN: while a guard is not READY its lookups pass through to the database, so the
 * application's answers are still right, only not sped up. The gate is out of service, the
 * application is not broken. (Spring Boot maps OUT_OF_SERVICE to HTTP 503 like DOWN; the default
 * liveness and readiness groups do not include this contributor.)
 *
 * <p>Details, per guard ({@code schema.table.column}): state, keys (estimated from the filter),
 * expected keys, lookups, avoided, observed and target false-positive rates; on PostgreSQL and MySQL/MariaDB the
 * change feed's lag in milliseconds.
 */
public class BloomGateHealthIndicator extends AbstractHealthIndicator {

    private final BloomGate gate;
    private final Duration staleAfter;

    /** Health of {@code gate}, whose change feed is stale past {@code staleAfter} (PostgreSQL, MySQL/MariaDB). */
    public BloomGateHealthIndicator(BloomGate gate, Duration staleAfter) {
        super("bloomgate health check failed");
        this.gate = gate;
        this.staleAfter = staleAfter;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        boolean inService = true;
        Optional<Duration> lag = gate.changeFeedLag();
        boolean stale = lag.isPresent() && lag.get().compareTo(staleAfter) > 0;
        for (GuardStats s : gate.stats()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("state", s.state().name());
            details.put("keys", s.filter().estimatedKeys());
            details.put("expectedKeys", s.filter().expectedKeys());
            details.put("lookups", s.lookups());
            details.put("avoided", s.avoided());
            details.put("observedFalsePositiveRate", s.observedFalsePositiveRate());
            details.put("targetFalsePositiveRate", s.filter().targetFpp());
            if (lag.isPresent()) {
                details.put("changeFeedLagMillis", lag.get().toMillis());
                details.put("changeFeedStale", stale);
            }
            builder.withDetail(s.table() + "." + s.column(), details);
            inService &= s.state() == GuardState.READY;
        }
        builder.status(inService && !stale ? Status.UP : Status.OUT_OF_SERVICE);
    }
}

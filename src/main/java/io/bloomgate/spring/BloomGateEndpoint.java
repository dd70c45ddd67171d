package io.bloomgate.spring;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code bloomgate} actuator endpoint ({@code /actuator/bloomgate} once exposed with {@code
 * management.endpoints.web.exposure.include=bloomgate}): every guard's {@link GuardStats} — the
 * figures of {@code gate.report()} — and, on PostgreSQL and MySQL/MariaDB, the change feed's lag.
 */
@Endpoint(id = "bloomgate")
public class BloomGateEndpoint {

    private final BloomGate gate;

    /** The endpoint on {@code gate}. */
    public BloomGateEndpoint(BloomGate gate) {
        this.gate = gate;
    }

    /** The guards' snapshots, the change feed's lag (PostgreSQL, MySQL/MariaDB) and the text report. */
    @ReadOperation
    public Map<String, Object> report() {
        Map<String, Object> report = new LinkedHashMap<>();
        List<GuardStats> guards = gate.stats();
        report.put("guards", guards);
        gate.changeFeedLag().ifPresent(lag -> report.put("changeFeedLagMillis", lag.toMillis()));
        report.put("text", gate.report().toText());
        return report;
    }
}

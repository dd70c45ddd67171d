package io.bloomgate.report;

import io.bloomgate.stats.GuardStats;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import javax.management.MBeanServer;

/**
 * What an application without Micrometer does: builds a gate, looks keys up, reports, registers
 * its MBeans. {@link WithoutMicrometerTest} runs it in a class loader that cannot see Micrometer,
 * so it must touch no class that needs it.
 */
public final class WithoutMicrometerScenario {

    private WithoutMicrometerScenario() {
    }

    /** Runs the scenario; returns what it saw, as {@code name=value} lines. */
    public static String run() throws Exception {
        try (GuardedUsers users = new GuardedUsers("plain_users")) {
            users.lookUp(20, 3);
            GuardStats stats = users.gate.stats("plain_users", "email");
            String report = users.gate.report().toText();
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Object state;
            Object lookups;
            try (BloomGateJmx jmx = BloomGateJmx.register(server, users.gate, "no-micrometer", Duration.ZERO)) {
                state = server.getAttribute(jmx.objectNames().get(0), "State");
                lookups = server.getAttribute(jmx.objectNames().get(0), "Lookups");
            }
            return "lookups=" + stats.lookups() + "\ntruePositives=" + stats.truePositives() + "\njmxState=" + state
                    + "\njmxLookups=" + lookups + "\nreport=" + report.lines().count() + " lines";
        }
    }
}

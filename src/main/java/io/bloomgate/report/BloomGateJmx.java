package io.bloomgate.report;

import io.bloomgate.stats.GuardStatsSource;
import io.bloomgate.stats.GuardStats;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/**
 * One {@link GuardMXBean} per guard of a gate, registered with an {@link MBeanServer} until
 * {@link #close()}:
 *
 * <pre>{@code
 * try (BloomGateJmx jmx = BloomGateJmx.register(gate)) {   // io.bloomgate:type=Guard,table=PUBLIC.USERS,column=EMAIL
 *     ...
 * }
 * }</pre>
 *
 * <p>Object names are {@code io.bloomgate:type=Guard,table=<schema.table>,column=<column>}, with
 * {@code gate=<name>} after {@code type} when a gate name is given: needed when two gates in one
 * JVM guard columns of the same name (two databases, say). Values holding characters JMX reserves
 * are quoted ({@link ObjectName#quote}).
 *
 * <p>The MBeans hold the gate weakly and read {@code BloomGate.stats()} snapshots, reused until
 * they are older than one second by default (a snapshot computes each filter's facts from its
 * bits). After {@code BloomGate.close()} they show its final figures (state {@code CLOSED}) until
 * this registration is closed; once the gate is garbage-collected, reading an attribute fails.
 */
public final class BloomGateJmx implements AutoCloseable {

    /** The JMX domain of bloomgate's MBeans. */
    public static final String DOMAIN = "io.bloomgate";

    private final MBeanServer server;
    private final List<ObjectName> names;
    private boolean closed;

    private BloomGateJmx(MBeanServer server, List<ObjectName> names) {
        this.server = server;
        this.names = List.copyOf(names);
    }

    /** Registers an MBean per guard of {@code gate} with the platform MBean server. */
    public static BloomGateJmx register(GuardStatsSource gate) {
        return register(gate, null);
    }

    /**
     * Registers an MBean per guard of {@code gate} with the platform MBean server, with
     * {@code gate=gateName} in their names unless {@code gateName} is {@code null}.
     */
    public static BloomGateJmx register(GuardStatsSource gate, String gateName) {
        return register(ManagementFactory.getPlatformMBeanServer(), gate, gateName, GateSnapshots.DEFAULT_MAX_AGE);
    }

    /**
     * Registers an MBean per guard of {@code gate} with {@code server}: all of them, or none.
     *
     * @param gateName the {@code gate} key of the object names, or {@code null} for none
     * @param maxAge   how old a snapshot the attributes may read ({@link Duration#ZERO}: always a new one)
     * @throws IllegalStateException if an MBean of that name is already registered (another gate
     *                               on a column of the same name: give each gate a name)
     */
    public static BloomGateJmx register(MBeanServer server, GuardStatsSource gate, String gateName, Duration maxAge) {
        Objects.requireNonNull(server, "server must not be null");
        Objects.requireNonNull(gate, "gate must not be null");
        GateSnapshots snapshots = new GateSnapshots(gate, maxAge);
        WeakReference<GuardStatsSource> weak = new WeakReference<>(gate);
        List<GuardStats> guards = snapshots.latest();
        List<ObjectName> names = new ArrayList<>();
        for (int i = 0; i < guards.size(); i++) {
            ObjectName name = objectName(gateName, guards.get(i).table(), guards.get(i).column());
            try {
                server.registerMBean(new StandardMBean(new GuardView(weak, snapshots, i), GuardMXBean.class, true),
                        name);
            } catch (InstanceAlreadyExistsException e) {
                new BloomGateJmx(server, names).close();
                throw new IllegalStateException("An MBean named " + name + " is already registered: another gate"
                        + " guards a column of the same name; register each gate with a name of its own", e);
            } catch (JMException e) {
                new BloomGateJmx(server, names).close();
                throw new IllegalStateException("Cannot register the MBean " + name + ": " + e, e);
            }
            names.add(name);
        }
        return new BloomGateJmx(server, names);
    }

    /**
     * The object name of the MBean of guard {@code table.column}.
     *
     * @param gateName the {@code gate} key, or {@code null} for none
     * @param table    the table as {@link GuardStats#table()} names it (schema-qualified)
     * @param column   the column as {@link GuardStats#column()} names it
     */
    public static ObjectName objectName(String gateName, String table, String column) {
        StringBuilder name = new StringBuilder(DOMAIN).append(":type=Guard");
        if (gateName != null) {
            name.append(",gate=").append(value(gateName));
        }
        name.append(",table=").append(value(table)).append(",column=").append(value(column));
        try {
            return new ObjectName(name.toString());
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("Not a valid object name: " + name, e);
        }
    }

    /** {@code value} as it is, or quoted if it holds a character an unquoted value may not. */
    private static String value(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (",=:\"*?\n".indexOf(value.charAt(i)) >= 0) {
                return ObjectName.quote(value);
            }
        }
        return value.isEmpty() ? ObjectName.quote(value) : value;
    }

    /** The names of the registered MBeans, one per guard in the gate's order. */
    public List<ObjectName> objectNames() {
        return names;
    }

    /** Unregisters the MBeans (those already unregistered by others are skipped). Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        IllegalStateException failure = null;
        for (ObjectName name : names) {
            try {
                server.unregisterMBean(name);
            } catch (InstanceNotFoundException e) {
                // unregistered by someone else: nothing to do
            } catch (JMException e) {
                if (failure == null) {
                    failure = new IllegalStateException("Cannot unregister every MBean of " + names);
                }
                failure.addSuppressed(e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}

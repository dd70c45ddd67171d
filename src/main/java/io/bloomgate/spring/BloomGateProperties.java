package io.bloomgate.spring;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code bloomgate.*} properties of the Spring Boot auto-configuration.
 *
 * <pre>
 * bloomgate.guards[0].table=users
 * bloomgate.guards[0].column=email
 * bloomgate.guards[1].table=orders
 * bloomgate.guards[1].column=id
 * bloomgate.guards[1].expected-keys=10000000
 * bloomgate.guards[1].fpp=0.001
 * </pre>
 */
@ConfigurationProperties(prefix = "bloomgate")
public class BloomGateProperties {

    /**
     * Whether to put the gate in front of the application's DataSource. With false, the DataSource
     * bean is left as it is and no BloomGate bean exists.
     */
    private boolean enabled = true;

    /**
     * Name of the DataSource bean to guard. By default, the only DataSource bean, or else the
     * primary one.
     */
    private String dataSource;

    /** The guarded key columns: table, column and optionally expected-keys and fpp. */
    private List<Guard> guards = new ArrayList<>();

    /**
     * PostgreSQL, MySQL/MariaDB: once the change feed has not completed a read of the change log for this long,
     * lookups pass through until it has (and the health check reports OUT_OF_SERVICE).
     */
    private Duration staleAfter = Duration.ofSeconds(5);

    /**
     * PostgreSQL: how often each filter is saved to bloomgate.snapshots, so that the next start
     * loads it instead of scanning the table (also saved when the context closes). 0: on close only.
     */
    private Duration snapshotEvery = Duration.ofMinutes(10);

    /**
     * PostgreSQL, MySQL/MariaDB: a gate instance (of any process) silent for this long no longer holds back change-log
     * rows it has not read.
     */
    private Duration instanceTimeout = Duration.ofMinutes(10);

    /** Whether to register an MBean per guard (io.bloomgate:type=Guard,...). */
    private boolean jmx = false;

    /**
     * With jmx, a gate=... key added to the MBeans' object names (needed when two gates in one JVM
     * guard columns of the same name).
     */
    private String jmxGateName;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getDataSource() {
        return dataSource;
    }

    public void setDataSource(String dataSource) {
        this.dataSource = dataSource;
    }

    public List<Guard> getGuards() {
        return guards;
    }

    public void setGuards(List<Guard> guards) {
        this.guards = guards;
    }

    public Duration getStaleAfter() {
        return staleAfter;
    }

    public void setStaleAfter(Duration staleAfter) {
        this.staleAfter = staleAfter;
    }

    public Duration getSnapshotEvery() {
        return snapshotEvery;
    }

    public void setSnapshotEvery(Duration snapshotEvery) {
        this.snapshotEvery = snapshotEvery;
    }

    public Duration getInstanceTimeout() {
        return instanceTimeout;
    }

    public void setInstanceTimeout(Duration instanceTimeout) {
        this.instanceTimeout = instanceTimeout;
    }

    public boolean isJmx() {
        return jmx;
    }

    public void setJmx(boolean jmx) {
        this.jmx = jmx;
    }

    public String getJmxGateName() {
        return jmxGateName;
    }

    public void setJmxGateName(String jmxGateName) {
        this.jmxGateName = jmxGateName;
    }

    /** One guarded key column. */
    public static class Guard {

        /**
         * The table, optionally schema-qualified (sales.orders); unquoted names resolve as the
         * database resolves unquoted identifiers.
         */
        private String table;

        /** The key column. */
        private String column;

        /**
         * Keys the filter is sized for. By default 1.5 times the table's row count when the gate is
         * built, at least 10,000.
         */
        private Long expectedKeys;

        /** Target false-positive rate, strictly between 0 and 1. Default 0.01. */
        private Double fpp;

        public String getTable() {
            return table;
        }

        public void setTable(String table) {
            this.table = table;
        }

        public String getColumn() {
            return column;
        }

        public void setColumn(String column) {
            this.column = column;
        }

        public Long getExpectedKeys() {
            return expectedKeys;
        }

        public void setExpectedKeys(Long expectedKeys) {
            this.expectedKeys = expectedKeys;
        }

        public Double getFpp() {
            return fpp;
        }

        public void setFpp(Double fpp) {
            this.fpp = fpp;
        }

        @Override
        public String toString() {
            return table + "." + column;
        }
    }
}

package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** BloomGateJmx: one GuardMXBean per guard on the platform MBean server, until closed. */
class BloomGateJmxTest {

    private static final String TABLE = "PUBLIC.JMX_USERS";

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private GuardedUsers users;

    @BeforeEach
    void setUp() throws SQLException {
        users = new GuardedUsers("jmx_users");
    }

    @AfterEach
    void tearDown() throws SQLException {
        users.close();
    }

    private static ObjectName name(String column) throws Exception {
        return new ObjectName("io.bloomgate:type=Guard,table=" + TABLE + ",column=" + column);
    }

    @Test
    void everyGuardGetsAnMBeanNamedByItsTableAndColumn() throws Exception {
        try (BloomGateJmx jmx = BloomGateJmx.register(users.gate)) {
            assertThat(jmx.objectNames()).containsExactly(name("EMAIL"), name("ID"));
            assertThat(server.isRegistered(name("EMAIL"))).isTrue();
            assertThat(server.isRegistered(name("ID"))).isTrue();
            assertThat(server.getMBeanInfo(name("EMAIL")).getDescriptor().getFieldValue("interfaceClassName"))
                    .isEqualTo(GuardMXBean.class.getName());
            assertThat(server.getMBeanInfo(name("EMAIL")).getDescriptor().getFieldValue("mxbean")).isEqualTo("true");
        }
    }

    @Test
    void theBuilderRegistersTheMBeansAndCloseUnregistersThem() throws Exception {
        ObjectName name = new ObjectName("io.bloomgate:type=Guard,gate=built,table=" + TABLE + ",column=EMAIL");
        try (BloomGate gate = BloomGate.builder(users.h2).guard("jmx_users", "email").jmx("built").build()) {
            assertThat(server.isRegistered(name)).isTrue();
            assertThat(server.getAttribute(name, "State")).isEqualTo("READY");
        }
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void theAttributesAreTheGuardsStats() throws Exception {
        try (BloomGateJmx jmx = BloomGateJmx.register(server, users.gate, null, Duration.ZERO)) {
            users.lookUp(100, 10);
            users.count();

            GuardStats s = users.gate.stats(TABLE, "EMAIL");
            GuardMXBean bean = JMX.newMXBeanProxy(server, name("EMAIL"), GuardMXBean.class);
            assertThat(server.getAttribute(name("EMAIL"), "State")).isEqualTo("READY");
            assertThat(server.getAttribute(name("EMAIL"), "Lookups")).isEqualTo(110L);
            assertThat(bean.getTable()).isEqualTo(TABLE);
            assertThat(bean.getColumn()).isEqualTo("EMAIL");
            assertThat(bean.getLookups()).isEqualTo(s.lookups());
            assertThat(bean.getAvoided()).isEqualTo(s.avoided());
            assertThat(bean.getPassedThrough()).isEqualTo(s.passedThrough());
            assertThat(bean.getTruePositives()).isEqualTo(s.truePositives()).isEqualTo(10);
            assertThat(bean.getFalsePositives()).isEqualTo(s.falsePositives());
            assertThat(bean.getBypassed()).isEqualTo(s.bypassed()).isEqualTo(2);
            assertThat(bean.getBypassedByReason())
                    .isEqualTo(Map.of("FIRST_EXECUTION", 1L, "AGGREGATE_WITHOUT_GROUP_BY", 1L));
            assertThat(bean.getKeysAdded()).isEqualTo(s.keysAdded());
            assertThat(bean.getRebuilds()).isEqualTo(s.rebuilds());
            assertThat(bean.getStaleKeys()).isEqualTo(s.staleKeys());
            assertThat(bean.getLayout()).isEqualTo(s.filter().layout().name());
            assertThat(bean.getFilterBits()).isEqualTo(s.filter().bits());
            assertThat(bean.getHashes()).isEqualTo(s.filter().hashes());
            assertThat(bean.getMemoryBytes()).isEqualTo(s.filter().memoryBytes());
            assertThat(bean.getExpectedKeys()).isEqualTo(s.filter().expectedKeys());
            assertThat(bean.getEstimatedKeys()).isEqualTo(s.filter().estimatedKeys());
            assertThat(bean.getFillRatio()).isEqualTo(s.filter().fillRatio());
            assertThat(bean.getTargetFpp()).isEqualTo(s.filter().targetFpp());
            assertThat(bean.getEstimatedFpp()).isEqualTo(s.filter().estimatedFpp());
            assertThat(bean.getObservedFalsePositiveRate()).isEqualTo(s.observedFalsePositiveRate());
        }
    }

    @Test
    void closingUnregistersTheMBeansAndMayBeRepeated() throws Exception {
        BloomGateJmx jmx = BloomGateJmx.register(users.gate);

        jmx.close();
        jmx.close();

        assertThat(server.isRegistered(name("EMAIL"))).isFalse();
        assertThat(server.isRegistered(name("ID"))).isFalse();
        assertThat(server.queryNames(new ObjectName("io.bloomgate:*"), null)).isEmpty();
    }

    @Test
    void aClosedGateStaysReadableUntilItsMBeansAreUnregistered() throws Exception {
        try (BloomGateJmx jmx = BloomGateJmx.register(server, users.gate, null, Duration.ZERO)) {
            users.lookUp(5, 5);

            users.closeGate();

            assertThat(server.getAttribute(name("EMAIL"), "State")).isEqualTo("CLOSED");
            assertThat(server.getAttribute(name("EMAIL"), "Lookups")).isEqualTo(10L);
        }
    }

    @Test
    void twoGatesOnColumnsOfTheSameNameNeedGateNames() throws Exception {
        try (GuardedUsers other = new GuardedUsers("jmx_users");
                BloomGateJmx first = BloomGateJmx.register(users.gate)) {
            assertThatThrownBy(() -> BloomGateJmx.register(other.gate))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(name("EMAIL").toString())
                    .hasMessageContaining("register each gate with a name");

            try (BloomGateJmx second = BloomGateJmx.register(other.gate, "replica")) {
                assertThat(second.objectNames()).containsExactly(
                        new ObjectName("io.bloomgate:type=Guard,gate=replica,table=" + TABLE + ",column=EMAIL"),
                        new ObjectName("io.bloomgate:type=Guard,gate=replica,table=" + TABLE + ",column=ID"));
                assertThat(server.queryNames(new ObjectName("io.bloomgate:type=Guard,*"), null)).hasSize(4);
            }
        }
    }

    @Test
    void aFailedRegistrationLeavesNoMBeanBehind() throws Exception {
        try (BloomGateJmx first = BloomGateJmx.register(users.gate)) {
            // A second gate whose first guard registers fine and whose second collides.
            try (Connection c = users.h2.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE jmx_other (id INT PRIMARY KEY)");
            }
            try (BloomGate second = BloomGate.builder(users.h2).guard("jmx_other", "id").guard("jmx_users", "id")
                    .build()) {
                assertThatThrownBy(() -> BloomGateJmx.register(second)).isInstanceOf(IllegalStateException.class);

                assertThat(server.isRegistered(BloomGateJmx.objectName(null, "PUBLIC.JMX_OTHER", "ID"))).isFalse();
                assertThat(server.isRegistered(name("ID"))).as("the first gate's MBean stays").isTrue();
            }
        }
    }

    @Test
    void theMBeansDoNotKeepTheGateReachable() throws Exception {
        WeakReference<BloomGate> gate;
        BloomGateJmx jmx;
        try (GuardedUsers dropped = new GuardedUsers("jmx_dropped")) {
            jmx = BloomGateJmx.register(server, dropped.gate, "dropped", Duration.ZERO);
            dropped.lookUp(3, 1);
            assertThat(server.getAttribute(jmx.objectNames().get(0), "Lookups")).isEqualTo(4L);
            gate = new WeakReference<>(dropped.gate);
        }
        try (jmx) {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (gate.get() != null && System.nanoTime() < deadline) {
                System.gc();
                Thread.sleep(10);
            }

            assertThat(gate.get()).as("the gate, collected").isNull();
            assertThatThrownBy(() -> server.getAttribute(jmx.objectNames().get(0), "Lookups"))
                    .hasRootCauseMessage("The gate of this MBean was garbage-collected before its BloomGateJmx"
                            + " registration was closed");
        }
    }

    @Test
    void valuesWithCharactersJmxReservesAreQuoted() {
        ObjectName name = BloomGateJmx.objectName("db=1, eu", "sales.\"Order:Lines\"", "id");

        assertThat(ObjectName.unquote(name.getKeyProperty("gate"))).isEqualTo("db=1, eu");
        assertThat(ObjectName.unquote(name.getKeyProperty("table"))).isEqualTo("sales.\"Order:Lines\"");
        assertThat(name.getKeyProperty("column")).isEqualTo("id");
        assertThat(BloomGateJmx.objectName(null, "PUBLIC.USERS", "EMAIL").toString())
                .isEqualTo("io.bloomgate:type=Guard,table=PUBLIC.USERS,column=EMAIL");
    }
}

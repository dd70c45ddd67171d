package io.bloomgate.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.sync.GuardRequest;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Parsing {@code jdbc:bloomgate:} URLs: the driver's URL is passed on exactly as written. */
class GateUrlTest {

    private static final ClassLoader LOADER = GateUrlTest.class.getClassLoader();

    @Test
    void theDriversUrlStartsAtTheFirstJdbcAfterTheOptions() throws SQLException {
        assertThat(GateUrl.driverUrl("jdbc:bloomgate:jdbc:h2:mem:x;DB_CLOSE_DELAY=-1"))
                .isEqualTo("jdbc:h2:mem:x;DB_CLOSE_DELAY=-1");
        assertThat(GateUrl.driverUrl("jdbc:bloomgate:guards=a.b;fpp=0.01:jdbc:postgresql://h:5432/db?user=u&ssl=true"))
                .isEqualTo("jdbc:postgresql://h:5432/db?user=u&ssl=true");
        assertThat(GateUrl.accepts("JDBC:BLOOMGATE:jdbc:h2:mem:x")).isTrue();
        assertThat(GateUrl.accepts("jdbc:h2:mem:x")).isFalse();
        assertThatThrownBy(() -> GateUrl.driverUrl("jdbc:bloomgate:guards=a.b:jdbc:bloomgate:jdbc:h2:mem:x"))
                .hasMessageContaining("itself a jdbc:bloomgate: URL");
    }

    @Test
    void aDriverUrlWithoutItsJdbcIsRefusedShowingTheForm() {
        assertThatThrownBy(() -> GateUrl.driverUrl("jdbc:bloomgate:mariadb://h:3306/app?user=u&password=secret"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("mariadb://... is not a JDBC URL")
                .hasMessageContaining("write jdbc:bloomgate:<options>:jdbc:mariadb://..., e.g."
                        + " jdbc:bloomgate:guards=users.email:jdbc:mariadb://host/app")
                .hasMessageContaining("password=***").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> GateUrl.driverUrl("jdbc:bloomgate:guards=users.email:mysql://h/app"))
                .hasMessageContaining("jdbc:bloomgate:<options>:jdbc:mysql://...");
        assertThatThrownBy(() -> GateUrl.driverUrl("jdbc:bloomgate:guards=users.email"))
                .hasMessageContaining("no driver URL");
    }

    @Test
    void optionsBecomeTheGatesConfiguration() throws SQLException {
        GateUrl.GateConfig c = GateUrl.config("jdbc:bloomgate:guards=users.email, sales.orders.id;fpp=0.001;"
                + "stale-after=2s;snapshot-every=0;instance-timeout=PT3M;jmx=true;jmx-gate-name=app;await-tables=true:"
                + "jdbc:h2:mem:x", LOADER);
        assertThat(c.guards()).containsExactly(new GuardRequest("users", "email", null, 0.001),
                new GuardRequest("sales.orders", "id", null, 0.001));
        assertThat(c.staleAfter()).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.snapshotEvery()).isEqualTo(Duration.ZERO);
        assertThat(c.instanceTimeout()).isEqualTo(Duration.ofMinutes(3));
        assertThat(c.jmx()).isTrue();
        assertThat(c.jmxGateName()).isEqualTo("app");
        assertThat(c.awaitTables()).isTrue();
    }

    @Test
    void theUrlsSettingsWinOverTheFilesAndTheFilesGuardsNeedNoUrlGuards() throws SQLException {
        GateUrl.GateConfig c = GateUrl.config(
                "jdbc:bloomgate:config=io/bloomgate/driver/orders-gate.properties;stale-after=9s:jdbc:h2:mem:x", LOADER);
        assertThat(c.guards()).containsExactly(new GuardRequest("orders", "code", 5000L, 0.001),
                new GuardRequest("orders", "id", null, null));
        assertThat(c.staleAfter()).isEqualTo(Duration.ofSeconds(9));
    }

    /** The guard requests' one rule, checked as the URL is read, in a properties file's words. */
    @Test
    void badSizesAreRefusedAsTheUrlsErrorsSayingWhere() {
        assertThatThrownBy(() -> GateUrl.config("jdbc:bloomgate:guards=users.email;fpp=0.5e1:jdbc:h2:mem:x", LOADER))
                .isInstanceOf(SQLException.class).hasMessageContaining("Malformed bloomgate URL")
                .hasMessageContaining("guards=users.email: Cannot guard users.email: the false-positive rate fpp must"
                        + " be above 0 and below 0.5 (e.g. 0.01 for 1%), was 5.0");
        assertThatThrownBy(() -> GateUrl.config("jdbc:bloomgate:config=io/bloomgate/driver/no-keys-gate.properties:"
                + "jdbc:h2:mem:x", LOADER))
                .hasMessageContaining("no-keys-gate.properties: bloomgate.guards[0]: Cannot guard orders.code:"
                        + " expected-keys must be at least 1, was 0")
                .hasMessageContaining("leave expected-keys out to size the filter from the table");
    }

    @Test
    void durations() {
        assertThat(GateUrl.parseDuration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(GateUrl.parseDuration("250")).isEqualTo(Duration.ofMillis(250));
        assertThat(GateUrl.parseDuration("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(GateUrl.parseDuration("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(GateUrl.parseDuration("PT5S")).isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> GateUrl.parseDuration("5 minutes")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void passwordsAreMasked() {
        assertThat(GateUrl.redact("jdbc:postgresql://h/db?user=u&password=s3cret&ssl=true"))
                .isEqualTo("jdbc:postgresql://h/db?user=u&password=***&ssl=true");
        assertThat(GateUrl.redact("jdbc:h2:mem:x;USER=sa;PASSWORD=pw")).isEqualTo("jdbc:h2:mem:x;USER=sa;PASSWORD=***");
    }
}

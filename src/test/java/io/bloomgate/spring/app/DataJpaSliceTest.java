package io.bloomgate.spring.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import io.bloomgate.spring.GatedDataSource;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest;

/**
 * Test slices include the gate ({@code META-INF/spring/...AutoConfigureDataJpa.imports}): a
 * {@code @DataJpaTest} of an application's repositories runs them through it, on the slice's own
 * embedded database, as the application would.
 */
@DataJpaTest(properties = {
    "spring.config.name=bloomgate-spring-test",
    "spring.sql.init.schema-locations=classpath:io/bloomgate/spring/schema.sql",
    "spring.sql.init.data-locations=classpath:io/bloomgate/spring/data.sql",
    "spring.jpa.hibernate.ddl-auto=update",
    "bloomgate.guards[0].table=app_user",
    "bloomgate.guards[0].column=email"})
class DataJpaSliceTest {

    @Autowired
    BloomGate gate;
    @Autowired
    DataSource dataSource;
    @Autowired
    AppUserRepository users;

    @Test
    void repositoriesGoThroughTheGateInASlice() {
        assertThat(dataSource).isInstanceOf(GatedDataSource.class);
        assertThat(users.findByEmail("user1@example.org")).isPresent();
        for (int i = 0; i < 50; i++) {
            assertThat(users.findByEmail("slice" + i + "@example.org")).isEmpty();
        }
        // 50 absent keys at p = 1%, inside the slice's test transaction
        assertThat(gate.stats("app_user", "email").avoided()).isGreaterThan(45);
    }
}

package io.bloomgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.examples.spring.SpringBootExample;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/spring-boot: a Boot application configured by application.properties alone (read from
 * examples/spring-boot/resources, on the test class path) answers like the database, and most
 * lookups for free names and e-mails cost no query.
 */
class SpringBootExampleTest {

    @Test
    void answersAreRightAndFreeNamesAreAnsweredByTheFilter() {
        SpringBootExample.Result result = SpringBootExample.run("--spring.main.web-application-type=none");

        assertThat(result.taken()).hasSize(2_001);
        for (Map.Entry<String, Boolean> e : result.taken().entrySet()) {
            // data.sql holds member1 ... member1000; newcomer1 signed up just before the last check
            boolean expected = e.getKey().startsWith("member") || e.getKey().startsWith("newcomer1 (after");
            assertThat(e.getValue()).as(e.getKey()).isEqualTo(expected);
        }
        assertThat(result.newMemberFoundByEmail()).as("written through JPA, found through JPA").isTrue();
        // 1,900 free user names at p = 1% (expected ~19 false positives); 500 free e-mails at p = 0.1%
        assertThat(result.usernames().avoided()).isGreaterThan(1_850);
        assertThat(result.usernames().truePositives()).isEqualTo(101);
        assertThat(result.emails().avoided()).isGreaterThan(495);
        assertThat(result.health()).isEqualTo("UP");
    }
}

package io.bloomgate.examples.spring;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.health.HealthContributorRegistry;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application with bloomgate: the dependency and the {@code bloomgate.*} properties
 * of {@code application.properties}, nothing else. Boot's HikariCP pool is wrapped as it is created,
 * {@code schema.sql} and {@code data.sql} run, then the guards are built; JdbcTemplate and Spring
 * Data JPA go through the gate without knowing it. The {@link BloomGate} bean is there for reports.
 */
@SpringBootApplication
public class SpringBootExample {

    /** Which names were taken, the guards' counters and the health status. */
    public record Result(Map<String, Boolean> taken, boolean newMemberFoundByEmail, GuardStats usernames,
            GuardStats emails, String health) {
    }

    public static void main(String[] args) {
        Result result = run(args);
        long taken = result.taken().values().stream().filter(t -> t).count();
        System.out.printf("%d user names checked, %d taken; %d lookups answered without a query; health %s%n",
                result.taken().size(), taken, result.usernames().avoided() + result.emails().avoided(),
                result.health());
    }

    /** Starts the application, checks 2,000 user names (1 in 20 taken) and signs one up; closes it. */
    public static Result run(String... args) {
        try (ConfigurableApplicationContext context = SpringApplication.run(SpringBootExample.class, args)) {
            SignUps signUps = context.getBean(SignUps.class);
            Map<String, Boolean> taken = new LinkedHashMap<>();
            for (int i = 1; i <= 2_000; i++) {
                String name = i % 20 == 0 ? "member" + i / 20 : "newcomer" + i;
                taken.put(name, signUps.usernameTaken(name));
            }
            for (int i = 1; i <= 500; i++) {
                signUps.byEmail("someone" + i + "@example.org"); // nobody: answered by the filter
            }
            signUps.signUp("newcomer1", "newcomer1@example.org");
            taken.put("newcomer1 (after signing up)", signUps.usernameTaken("newcomer1"));
            boolean found = signUps.byEmail("newcomer1@example.org").isPresent();

            BloomGate gate = context.getBean(BloomGate.class);
            System.out.print(gate.report().toText());
            String health = ((HealthIndicator) context.getBean(HealthContributorRegistry.class)
                    .getContributor("bloomgate")).health().getStatus().getCode();
            return new Result(taken, found, gate.stats("members", "username"), gate.stats("members", "email"), health);
        }
    }
}

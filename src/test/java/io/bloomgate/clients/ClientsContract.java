package io.bloomgate.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.clients.Shape.Db;
import io.bloomgate.clients.Shape.Key;
import io.bloomgate.stats.BypassReason;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every row of {@link Shapes#ALL} on one database: each call goes once through the gate and once
 * directly, and the two answers must be equal (a different answer fails the shape, answered yet or
 * not). The avoided share is {@code avoided / absent-key calls}; shapes the gate answers must reach
 * their {@code minShare}. A summary of every shape, with the SQL texts the library sent, is printed
 * at the end.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ClientsContract {

    /**
     * Calls per shape, every fifth for a present key: 64 absent-key calls. An answered shape loses one
     * of them to its text's first execution (which runs for real) and others to the filter's false
     * positives: at its 1% rate, 64 absent keys give 0.64 expected; the 90% bound (58 of 64) leaves
     * room for 5 (binomial tail about 4e-4; the keys come from a fixed seed, so a run is repeatable).
     */
    static final int CALLS = 80;
    static final int PRESENT_EVERY = 5;

    private Fixture fixture;
    private final List<Result> results = new ArrayList<>();

    abstract Db db();

    record Result(Shape shape, int calls, int absent, long avoided, Map<BypassReason, Long> bypassed,
            Map<String, SqlCapture.Sent> sql, String failure, boolean answered) {

        double share() {
            return absent == 0 ? 0 : (double) avoided / absent;
        }

        String status() {
            if (failure != null) {
                return "FAIL";
            }
            if (answered) {
                return "ok";
            }
            return share() >= shape.minShare() ? "now answered (flip)" : "gap";
        }
    }

    @BeforeAll
    void open() throws Exception {
        fixture = Fixture.open(db());
    }

    @AfterAll
    void close() throws Exception {
        if (!results.isEmpty()) {
            System.out.println(summary());
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    Stream<Shape> shapes() {
        return Shapes.ALL.stream().filter(s -> s.databases().contains(db()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void shape(Shape shape) throws Exception {
        Random random = new Random(shape.name().hashCode());
        fixture.capture().drain();
        long avoidedBefore = fixture.avoided();
        Map<BypassReason, Long> bypassedBefore = fixture.bypassed();
        int calls = 0;
        int absent = 0;
        Object absentAnswer = null;
        boolean presentDiffers = false;
        String failure = null;
        try {
            for (int i = 0; i < CALLS; i++) {
                Key key = fixture.key(random, i % PRESENT_EVERY == PRESENT_EVERY - 1);
                Object viaGate = shape.run().run(fixture.viaGate(), key);
                Object direct = shape.run().run(fixture.direct(), key);
                calls++;
                if (!Objects.equals(viaGate, direct)) {
                    failure = "call " + i + " (" + key + "): the gate answered " + viaGate + ", the database " + direct;
                    break;
                }
                if (key.present()) {
                    presentDiffers |= absentAnswer != null && !absentAnswer.equals(direct);
                } else {
                    absent++;
                    absentAnswer = direct;
                }
            }
        } catch (Exception | AssertionError e) {
            failure = "call " + calls + ": " + e;
            throw e;
        } finally {
            results.add(new Result(shape, calls, absent, fixture.avoided() - avoidedBefore,
                    minus(fixture.bypassed(), bypassedBefore), fixture.capture().drain(), failure, shape.answeredOn(db())));
        }
        assertThat(failure).as("%s on %s: every answer through the gate equals the database's", shape, db()).isNull();
        // Guards the comparison itself: a shape whose present keys answered like absent ones compared nothing.
        assertThat(presentDiffers).as("%s: present keys answer differently from absent ones", shape).isTrue();
        Result result = results.get(results.size() - 1);
        if (shape.answeredOn(db())) {
            assertThat(result.share()).as("%s on %s: share of absent keys answered by the gate (bypassed: %s)",
                    shape, db(), result.bypassed()).isGreaterThanOrEqualTo(shape.minShare());
        }
    }

    private static Map<BypassReason, Long> minus(Map<BypassReason, Long> after, Map<BypassReason, Long> before) {
        Map<BypassReason, Long> delta = new EnumMap<>(BypassReason.class);
        after.forEach((reason, n) -> {
            long d = n - before.getOrDefault(reason, 0L);
            if (d != 0) {
                delta.put(reason, d);
            }
        });
        return delta;
    }

    private String summary() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%n== real clients on %s: avoided share per shape (avoided / absent-key calls)%n", db()));
        out.append(String.format("%-26s %-13s %5s %6s %7s %6s  %-20s %s%n",
                "shape", "client", "calls", "absent", "avoided", "share", "status", "bypassed (through the gate)"));
        for (Result r : results) {
            out.append(String.format("%-26s %-13s %5d %6d %7d %5.0f%%  %-20s %s%n", r.shape().name(), r.shape().client(),
                    r.calls(), r.absent(), r.avoided(), 100 * r.share(), r.status(), r.bypassed()));
        }
        out.append(String.format("%n-- SQL the libraries sent on %s, per shape (count x text)%n", db()));
        for (Result r : results) {
            out.append(r.shape().name()).append(':').append(System.lineSeparator());
            for (String line : SqlCapture.describe(r.sql(), 4)) {
                out.append("    ").append(line).append(System.lineSeparator());
            }
            if (r.failure() != null) {
                out.append("    FAILURE: ").append(r.failure()).append(System.lineSeparator());
            }
        }
        return out.toString();
    }
}

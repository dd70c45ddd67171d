package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.KeyForm;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sql.StatementShape;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.GateFence;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import javax.sql.rowset.RowSetMetaDataImpl;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * A string-built text that a template reads is decided from its text, without its plan
 * ({@link TemplatedLookup}, {@link GateStatement#answerTemplated}). That must be exactly what the
 * ordinary path decides: for random literals (doubled quotes, non-ASCII, surrogate pairs and lone
 * surrogates, trailing spaces, NUL, numbers with leading zeros, points and too many digits), in
 * every dialect and for each kind of key column, the key read from the text has the canonical bytes
 * (so the hash) of the lexer's literal and of the prepared path's {@code setString}/{@code
 * setLong}/{@code setBigDecimal} of the same value, and the decision is the instantiated plan's;
 * and on a real H2 database, the answers through the gate are H2's own.
 */
class TemplatedLookupTest {

    /** A kind of key column: its key form, JDBC type and SQL type, and the literal kind of its texts. */
    private record Kind(String sqlType, KeyForm form, JDBCType type, int size, int scale, boolean strings) {
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("VARCHAR(12)", KeyForms.varchar(12), JDBCType.VARCHAR, 12, 0, true),
            new Kind("VARCHAR", KeyForms.varchar(0), JDBCType.VARCHAR, 0, 0, true),
            new Kind("CHAR(6)", KeyForms.paddedChar(6), JDBCType.CHAR, 6, 0, true),
            new Kind("BIGINT", KeyForms.bigint(), JDBCType.BIGINT, 64, 0, false),
            new Kind("INTEGER", KeyForms.integer(), JDBCType.INTEGER, 32, 0, false),
            new Kind("DECIMAL(20,2)", KeyForms.decimal(20, 2), JDBCType.DECIMAL, 20, 2, false),
            // a string literal against a number key, a number literal against a text key
            new Kind("BIGINT", KeyForms.bigint(), JDBCType.BIGINT, 64, 0, true),
            new Kind("VARCHAR(12)", KeyForms.varchar(12), JDBCType.VARCHAR, 12, 0, false));

    @Test
    void aKeyReadFromTheTextIsTheLexersAndThePreparedPathsAndDecidesAlike() throws SQLException {
        Random random = new Random(2424);
        Map<LookupDecision.Verdict, Integer> verdicts = new EnumMap<>(LookupDecision.Verdict.class);
        int compared = 0;
        for (Dialect dialect : Dialect.values()) {
            for (Kind kind : KINDS) {
                Guard guard = guard(dialect, kind);
                GateContext context = new GateContext(null, dialect == Dialect.H2 ? "H2"
                        : dialect == Dialect.POSTGRES ? "PostgreSQL" : dialect == Dialect.MYSQL ? "MySQL" : "Other",
                        dialect, c(dialect, "public"),
                        List.of(guard), null, null, new GateFence());
                LookupDecisionTest.Session session = new LookupDecisionTest.Session(dialect);
                // #1, #2 stand for the literals
                for (String pattern : new String[] {"SELECT v FROM t WHERE k = #1",
                    "SELECT v FROM t WHERE k IN (#1, #2) ORDER BY v"}) {
                    String first = pattern.replace("#1", kind.strings ? "'seed'" : "1")
                            .replace("#2", kind.strings ? "'b'" : "2");
                    CachedPlan firstPlan = context.plan(first); // classifies the shape, leaves the template
                    assertThat(firstPlan).as("%s on %s", first, dialect).isInstanceOf(CachedPlan.Lookup.class);
                    int[] spans = new int[context.templateSpans()];
                    TemplatedLookup template = context.template(first, spans);
                    assertThat(template).as("%s on %s", first, dialect).isNotNull();
                    assertThat(template.decidesFromText).isTrue();
                    template.plan.copies().metaData(metaData(), first); // answers may be given from here on
                    for (int n = 0; n < 400; n++) {
                        String text = pattern.replace("#1", literal(random, kind.strings))
                                .replace("#2", literal(random, kind.strings));
                        assertThat(context.template(text, spans)).as(text).isSameAs(template);
                        StatementShape lexed = StatementShape.of(text, dialect);
                        for (CachedPlan.Key key : template.plan.keys) {
                            compareKeys(text, dialect, guard, template, spans, key.parameter(),
                                    lexed.literals()[key.parameter() - 1]);
                            compared++;
                        }
                        if (n % 3 == 0) { // some keys in the filter: both decisions must see them
                            addKeys(guard, lexed);
                        }
                        LookupDecision.Verdict fast = LookupDecision.decide(template, text, spans, true, session,
                                new KeyBuffer());
                        // what GateContext.classify gives the text: its lexed shape, instantiated
                        CachedPlan ordinary = template.plan.instantiate(lexed, text, dialect);
                        LookupDecision.Verdict expected = ordinary instanceof CachedPlan.Lookup lookup
                                ? LookupDecision.decide(lookup, null, true, false, session, new KeyBuffer()) : null;
                        assertThat(fast).as("%s on %s, %s key", text, dialect, kind.sqlType).isEqualTo(expected);
                        verdicts.merge(fast, 1, Integer::sum);
                    }
                }
            }
        }
        assertThat(compared).isGreaterThan(20_000);
        // not vacuous: keys answered, keys found in the filter, keys that cannot be canonicalised
        assertThat(verdicts).containsKeys(LookupDecision.Verdict.ANSWER_EMPTY, LookupDecision.Verdict.MAYBE_PRESENT,
                LookupDecision.Verdict.KEY_NOT_EXACT);
    }

    /** The fast path's key against the lexer's literal's (the ordinary path) and the prepared path's. */
    private static void compareKeys(String text, Dialect dialect, Guard guard, TemplatedLookup template, int[] spans,
            int parameter, Object value) {
        KeyBuffer fast = new KeyBuffer();
        Canonical fastForm = template.canonicalKey(text, spans, parameter, guard, fast);
        KeyBuffer ordinary = new KeyBuffer();
        Canonical ordinaryForm = KeyFunnel.canonical(guard, value, ordinary); // CachedPlan.Key.literal
        String what = String.format("%s on %s, %s key, literal %d", text, dialect, guard.keyType(), parameter);
        assertThat(fastForm).as(what).isEqualTo(ordinaryForm);
        assertThat(fast.toByteArray()).as(what).isEqualTo(ordinary.toByteArray());
        if (fastForm == Canonical.EXACT) {
            assertThat(KeyFunnel.hash(guard, fast)).as(what).isEqualTo(KeyFunnel.hash(guard, ordinary));
        }
        // The prepared path binds the same value: setString, setLong (a Long) or setBigDecimal.
        ParameterSlots slots = new ParameterSlots(1);
        if (value instanceof Long l) {
            slots.setLong(1, l);
        } else {
            slots.setObject(1, value);
        }
        KeyBuffer prepared = new KeyBuffer();
        Canonical preparedForm = BoundValues.canonicalKey(slots, CachedPlan.Key.parameter(1, null), guard, prepared,
                true, dialect);
        if (dialect == Dialect.POSTGRES && value instanceof String && !guard.keyIsText()) {
            // pgjdbc types setString as varchar, which the server refuses to compare with a number;
            // a literal is typed from the column: the literal converts, the parameter passes through
            assertThat(preparedForm).as(what).isEqualTo(Canonical.NOT_EXACT);
            return;
        }
        assertThat(fastForm).as(what).isEqualTo(preparedForm);
        assertThat(fast.toByteArray()).as(what).isEqualTo(prepared.toByteArray());
    }

    private static void addKeys(Guard guard, StatementShape lexed) {
        KeyBuffer buffer = new KeyBuffer();
        for (Object value : lexed.literals()) {
            if (KeyFunnel.canonical(guard, value, buffer) == Canonical.EXACT) {
                KeyFunnel.add(guard, buffer);
            }
        }
    }

    private static Guard guard(Dialect dialect, Kind kind) {
        String k = c(dialect, "k");
        String v = c(dialect, "v");
        Guard guard = new Guard(new GuardedTable(c(dialect, "public"), c(dialect, "t"), k, List.of(k, v)), kind.form,
                kind.type, Map.of(k, new ColumnType(kind.type, kind.sqlType.replaceAll("\\(.*", ""), kind.size,
                        kind.scale), v, new ColumnType(JDBCType.INTEGER, "INTEGER", 32, 0)),
                FilterSpec.of(10_000, 0.01));
        guard.ready(1);
        return guard;
    }

    private static String c(Dialect dialect, String name) {
        return dialect == Dialect.H2 || dialect == Dialect.OTHER ? name.toUpperCase(Locale.ROOT) : name;
    }

    private static RowSetMetaDataImpl metaData() throws SQLException {
        RowSetMetaDataImpl metaData = new RowSetMetaDataImpl();
        metaData.setColumnCount(1);
        metaData.setColumnLabel(1, "V");
        return metaData;
    }

    // ---------------------------------------------------------------- literals

    private static final String[] STRING_PARTS = {"''", "a", "b", "Z", " ", "  ", "\u00e9", "\u4e2d", "\ud83d\ude00",
        "\ud83d", "\ude00", "/", "0", "7", "\t", "\u0000", "%", "_"};

    /** A string literal of 0 to 13 parts (so some are longer than a VARCHAR(12) or a CHAR(6)). */
    private static String literal(Random random) {
        StringBuilder b = new StringBuilder("'");
        for (int i = random.nextInt(random.nextInt(3) == 0 ? 14 : 5); i > 0; i--) {
            b.append(STRING_PARTS[random.nextInt(STRING_PARTS.length)]);
        }
        return b.append("'").toString();
    }

    /** A literal of the kind: a string, or a number as the template accepts it (leading zeros, a point, many digits). */
    private static String literal(Random random, boolean string) {
        if (string) {
            return literal(random);
        }
        StringBuilder b = new StringBuilder();
        for (int i = 1 + random.nextInt(random.nextInt(4) == 0 ? 24 : 3); i > 0; i--) {
            b.append((char) ('0' + random.nextInt(random.nextInt(3) == 0 ? 10 : 2)));
        }
        switch (random.nextInt(5)) {
            case 1 -> b.append('.');
            case 2 -> b.append('.').append(random.nextBoolean() ? "0" : "00");
            case 3 -> b.append('.').append(random.nextInt(1000));
            default -> { }
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- against H2

    /**
     * Through the gate and straight to H2, the same string-built texts give the same rows, or the
     * same error; most absent keys are answered by the gate (through the template's fast path: the
     * texts are new every time and no plan is cached for them).
     */
    @Test
    void answersThroughTheFastPathAreH2sOwn() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:templated_lookup;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        Random random = new Random(24);
        String[] tables = {"pages", "codes", "ids", "amounts"};
        String[] types = {"VARCHAR(12)", "CHAR(6)", "BIGINT", "DECIMAL(20,2)"};
        List<List<String>> stored = new ArrayList<>(); // per table, its keys written as literals
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            for (int t = 0; t < tables.length; t++) {
                s.execute("CREATE TABLE " + tables[t] + " (k " + types[t] + " PRIMARY KEY, v INT)");
                List<String> literals = new ArrayList<>();
                stored.add(literals);
                try (PreparedStatement insert = c.prepareStatement("MERGE INTO " + tables[t] + " KEY (k) VALUES (?, ?)")) {
                    for (int i = 0; i < 300; i++) {
                        Object key = storedKey(random, t);
                        if (key == null) {
                            continue;
                        }
                        literals.add(key instanceof String str ? "'" + str.replace("'", "''") + "'" : key.toString());
                        insert.setObject(1, key);
                        insert.setInt(2, i);
                        insert.executeUpdate();
                    }
                }
            }
        }
        BloomGate.Builder builder = BloomGate.builder(h2);
        for (String table : tables) {
            builder.guard(table, "k", 10_000, 0.01);
        }
        try (BloomGate gate = builder.build(); Connection viaGate = gate.dataSource().getConnection();
                Connection direct = h2.getConnection(); Statement g = viaGate.createStatement();
                Statement d = direct.createStatement()) {
            GateContext context = ((GateDataSource) gate.dataSource()).context();
            int rows = 0;
            for (int t = 0; t < tables.length; t++) {
                boolean strings = t < 2;
                for (int n = 0; n < 1_500; n++) {
                    String literal = n % 4 == 0 ? stored.get(t).get(random.nextInt(stored.get(t).size())) : literal(random, strings);
                    String text = "SELECT v FROM " + tables[t] + " WHERE k = " + literal;
                    Outcome expected = Outcome.of(d, text);
                    Outcome actual = Outcome.of(g, text);
                    assertThat(actual).as(text).isEqualTo(expected);
                    rows += expected.rows == null ? 0 : expected.rows.size();
                }
            }
            assertThat(rows).as("present keys looked up").isGreaterThan(1_000);
            long avoided = 0;
            for (String table : tables) {
                avoided += gate.stats(table, "k").avoided();
            }
            assertThat(avoided).as("answered by the gate").isGreaterThan(2_500);
            assertThat(context.cachedPlans()).as("no plan cached per text").isLessThan(20);

            // The session rules hold on the fast path: nothing answered in a SERIALIZABLE transaction;
            // in a REPEATABLE READ one, only once it has read the table (architecture.md section 5).
            for (int isolation : new int[] {Connection.TRANSACTION_SERIALIZABLE, Connection.TRANSACTION_REPEATABLE_READ}) {
                viaGate.setTransactionIsolation(isolation);
                viaGate.setAutoCommit(false);
                long before = gate.stats("pages", "k").avoided();
                assertThat(Outcome.of(g, "SELECT v FROM pages WHERE k = 'absent/first'").rows()).isEmpty();
                assertThat(gate.stats("pages", "k").avoided()).as("isolation %d", isolation).isEqualTo(before);
                for (int n = 0; n < 20; n++) {
                    assertThat(Outcome.of(g, "SELECT v FROM pages WHERE k = 'absent/" + n + "'").rows()).isEmpty();
                }
                assertThat(gate.stats("pages", "k").avoided() - before).as("isolation %d", isolation)
                        .isEqualTo(isolation == Connection.TRANSACTION_SERIALIZABLE ? 0 : 20);
                viaGate.rollback();
                viaGate.setAutoCommit(true);
            }
            viaGate.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);

            assertDecidingAllocatesNothingBeyondTheAnswer(context, (GateConnection) viaGate, g);

            // A closed statement and a statement of a closed connection refuse a templated text as H2's do.
            String absent = "SELECT v FROM pages WHERE k = 'absent/closed'";
            Statement closedViaGate = viaGate.createStatement();
            Statement closedDirect = direct.createStatement();
            closedViaGate.close();
            closedDirect.close();
            Outcome closed = Outcome.of(closedDirect, absent);
            assertThat(closed.state()).isNotNull();
            assertThat(Outcome.of(closedViaGate, absent)).isEqualTo(closed);
            try (Connection c2 = gate.dataSource().getConnection(); Connection d2 = h2.getConnection()) {
                Statement s2 = c2.createStatement();
                Statement t2 = d2.createStatement();
                c2.close();
                d2.close();
                Outcome gone = Outcome.of(t2, absent);
                assertThat(gone.state()).isNotNull();
                assertThat(Outcome.of(s2, absent)).isEqualTo(gone);
            }

            // No text is the driver's to refuse, with a template learned or not.
            Outcome noText = Outcome.of(d, null);
            assertThat(noText.state()).isNotNull();
            assertThat(Outcome.of(g, null)).isEqualTo(noText);

            // Text given to a prepared statement's executeQuery(String) is the driver's to refuse, templated or not.
            String text = "SELECT v FROM pages WHERE k = 'absent'";
            try (PreparedStatement viaGatePrepared = viaGate.prepareStatement("SELECT 1");
                    PreparedStatement directPrepared = direct.prepareStatement("SELECT 1")) {
                Outcome refused = Outcome.of(directPrepared, text);
                assertThat(refused.state()).isNotNull();
                assertThat(Outcome.of(viaGatePrepared, text)).isEqualTo(refused);
            }
        }
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    /**
     * Reading a templated text and deciding it allocate nothing, and a whole answered call only its
     * answer (the old path built a shape, a plan and the key's bytes per call: ~760 bytes).
     */
    private static void assertDecidingAllocatesNothingBeyondTheAnswer(GateContext context, GateConnection connection,
            Statement statement) throws SQLException {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean threads) || !threads.isThreadAllocatedMemorySupported()
                || !threads.isThreadAllocatedMemoryEnabled()) {
            return; // no allocation counter on this JVM: nothing to measure with
        }
        int n = 20_000;
        int rounds = 6;
        String[] texts = new String[rounds * n];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = "SELECT v FROM pages WHERE k = 'absent/" + i + "'";
        }
        int[] spans = new int[context.templateSpans()];
        KeyBuffer buffer = new KeyBuffer();
        long answered = 0;
        // The fewest bytes of the measured rounds: a one-off in a round (a counter's LongAdder growing
        // its cells when a background thread contends, a deoptimisation) is not the per-call cost, and
        // measured 6,936 bytes once on a loaded machine; a per-call allocation shows in every round.
        long fewest = Long.MAX_VALUE;
        for (int round = 0; round < rounds; round++) { // the first round warms up
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = round * n; i < (round + 1) * n; i++) {
                TemplatedLookup template = context.template(texts[i], spans);
                if (LookupDecision.decide(template, texts[i], spans, true, connection.session, buffer).answers()) {
                    answered++;
                }
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            if (round > 0) {
                fewest = Math.min(fewest, allocated);
            }
        }
        assertThat(fewest).as("bytes allocated reading and deciding %d texts (fewest of %d rounds)", n, rounds - 1)
                .isLessThan(4096);
        assertThat(answered).isGreaterThan(n);
        for (int round = 0; round < 2; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = round * n; i < (round + 1) * n; i++) {
                try (ResultSet rs = statement.executeQuery(texts[i])) {
                    rs.next();
                }
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            if (round == 1) {
                assertThat(allocated / n).as("bytes allocated per answered call").isLessThan(120);
            }
        }
    }

    /** A key to store in table {@code t}, or null when H2 would not take it. */
    private static Object storedKey(Random random, int t) {
        return switch (t) {
            case 0 -> {
                String s = literal(random);
                String value = s.substring(1, s.length() - 1).replace("''", "'");
                yield value.length() <= 12 ? value : null;
            }
            case 1 -> {
                String s = literal(random);
                String value = s.substring(1, s.length() - 1).replace("''", "'");
                yield value.length() <= 6 ? value : null;
            }
            case 2 -> (long) random.nextInt(1000);
            default -> BigDecimal.valueOf(random.nextInt(100_000), 2);
        };
    }

    /** What a text returned: its rows' values, or its error's state and code. */
    private record Outcome(List<Integer> rows, String state, int code) {

        static Outcome of(Statement s, String text) {
            try (ResultSet rs = s.executeQuery(text)) {
                List<Integer> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(rs.getInt(1));
                }
                return new Outcome(rows, null, 0);
            } catch (SQLException e) {
                return new Outcome(null, Objects.toString(e.getSQLState()), e.getErrorCode());
            }
        }
    }
}

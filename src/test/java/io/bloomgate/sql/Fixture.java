package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.BypassReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One guarded table, USERS(ID, EMAIL, NAME, CREATED) keyed on EMAIL, as each dialect's catalog
 * names it (H2: PUBLIC.USERS.EMAIL; PostgreSQL: public.users.email), and its classifier.
 */
final class Fixture {

    final Dialect dialect;
    final GuardedTable users;
    final StatementClassifier classifier;

    private Fixture(Dialect dialect) {
        this.dialect = dialect;
        this.users = new GuardedTable(c("public"), c("users"), c("email"), List.of(c("id"), c("email"), c("name"),
                c("created")));
        this.classifier = new StatementClassifier(dialect, c("public"), List.of(users));
    }

    static Fixture h2() {
        return new Fixture(Dialect.H2);
    }

    static Fixture postgres() {
        return new Fixture(Dialect.POSTGRES);
    }

    /** MySQL/MariaDB: names exact (lower_case_table_names = 0), written here in lower case. */
    static Fixture mysql() {
        return new Fixture(Dialect.MYSQL);
    }

    static List<Fixture> both() {
        return List.of(h2(), postgres());
    }

    /** A name in this dialect's catalog case. */
    String c(String name) {
        return dialect != Dialect.H2 ? name.toLowerCase(Locale.ROOT) : name.toUpperCase(Locale.ROOT);
    }

    StatementPlan classify(String sql) {
        return classifier.classify(sql);
    }

    StatementPlan.Lookup lookup(String sql) {
        StatementPlan plan = classify(sql);
        assertThat(plan).as("%s on %s", sql, dialect).isInstanceOf(StatementPlan.Lookup.class);
        StatementPlan.Lookup l = (StatementPlan.Lookup) plan;
        assertThat(l.table()).isEqualTo(users);
        return l;
    }

    StatementPlan.Bypass bypass(String sql, BypassReason reason) {
        StatementPlan plan = classify(sql);
        assertThat(plan).as("%s on %s", sql, dialect).isInstanceOf(StatementPlan.Bypass.class);
        StatementPlan.Bypass b = (StatementPlan.Bypass) plan;
        assertThat(b.reason()).as("%s on %s: %s", sql, dialect, b.detail()).isEqualTo(reason);
        return b;
    }

    StatementPlan.Write write(String sql) {
        StatementPlan plan = classify(sql);
        assertThat(plan).as("%s on %s", sql, dialect).isInstanceOf(StatementPlan.Write.class);
        StatementPlan.Write w = (StatementPlan.Write) plan;
        assertThat(w.table()).isEqualTo(users);
        return w;
    }

    /**
     * "2:id" means OtherParameter(2, ID or id) without a cast; "3:name:like" the pattern of a LIKE
     * with the default escape (a backslash).
     */
    List<OtherParameter> others(String... specs) {
        List<OtherParameter> out = new ArrayList<>();
        for (String s : specs) {
            String[] p = s.split(":");
            out.add(new OtherParameter(Integer.parseInt(p[0]), c(p[1]), null, p.length > 2 ? Character.valueOf('\\') : null));
        }
        return out;
    }

    static KeyOperand p(int index) {
        return new KeyOperand.Parameter(index);
    }

    static KeyOperand lit(Object value) {
        return new KeyOperand.Literal(value);
    }

    /** Keys compared by value (byte[] literals by content). */
    static void assertKeys(List<KeyOperand> actual, KeyOperand... expected) {
        assertThat(actual).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] instanceof KeyOperand.Literal e && e.value() instanceof byte[] b) {
                assertThat(actual.get(i)).isInstanceOf(KeyOperand.Literal.class);
                assertThat((byte[]) ((KeyOperand.Literal) actual.get(i)).value()).isEqualTo(b);
            } else {
                assertThat(actual.get(i)).isEqualTo(expected[i]);
            }
        }
    }

    @Override
    public String toString() {
        return dialect.name();
    }
}

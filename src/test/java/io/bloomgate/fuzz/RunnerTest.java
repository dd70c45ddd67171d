package io.bloomgate.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.fuzz.Sql.Col;
import io.bloomgate.fuzz.Sql.FromTable;
import io.bloomgate.fuzz.Sql.Item;
import io.bloomgate.fuzz.Sql.Limit;
import io.bloomgate.fuzz.Sql.LimitStyle;
import io.bloomgate.fuzz.Sql.Lit;
import io.bloomgate.fuzz.Sql.Order;
import io.bloomgate.fuzz.Sql.Schema;
import io.bloomgate.fuzz.Sql.Select;
import io.bloomgate.fuzz.Sql.TableRef;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The harness's own rules, on H2: a statement that cuts its rows (LIMIT, OFFSET, FETCH FIRST,
 * setMaxRows) in an order it leaves open may keep other tied rows on each execution, which is no
 * difference (MariaDB seed 51); a wrong answer is still one, whether the cut shows it or hides it.
 *
 * <p>To make the database's choice among tied rows differ on purpose, the "direct" session here is
 * a connection to a second database holding the same rows inserted in the reverse order: H2 scans a
 * table whose primary key is not an integer in the order its rows were inserted, and keeps the
 * first tied rows it meets. The gated session reads the fuzzer's own database through the gate. A
 * planted wrong answer is a change to one side's rows.
 */
class RunnerTest {

    private static final String TIES = "SELECT k, v, s FROM t_varchar ORDER BY v LIMIT 3";

    @Test
    void aCutAmongTiedRowsIsNotADifference() throws Exception {
        try (Env env = reversedDirect()) {
            Runner runner = new Runner(env);
            assertThat(rows(env.directSession, TIES)).as("premise: the two databases keep other tied rows")
                    .isNotEqualTo(rows(env.gatedSession, TIES));
            assertThat(runner.run(text(TIES, Step.Exec.DEFAULT))).isNull();
            // The same as the fuzzer writes it (a tree), as a replayed text with its cut bound as a
            // parameter and a trailing comment, and cut by setMaxRows instead of LIMIT.
            Select tree = Select.simple(List.of(new Item(new Col(null, null, "k", false), null),
                    new Item(new Col(null, null, "v", false), null), new Item(new Col(null, null, "s", false), null)),
                    new FromTable(new TableRef(env.type("VARCHAR"), Schema.NONE, false, false, null)), null)
                    .withOrder(List.of(new Order(new Col(null, null, "v", false), false)),
                            new Limit(LimitStyle.FETCH, new Lit("3"), new Lit("0")));
            assertThat(runner.run(Step.Query.of(tree, Step.Exec.DEFAULT, true))).isNull();
            assertThat(runner.run(new Step.Query(null, "SELECT k, v, s FROM t_varchar ORDER BY v LIMIT ? -- ?",
                    List.of(Binding.setInt(3)), Step.Exec.DEFAULT, true))).isNull();
            assertThat(runner.run(text("SELECT k, v, s FROM t_varchar ORDER BY v", new Step.Exec(true, false, 2, 0))))
                    .isNull();
        }
    }

    @Test
    void rowsTheDatabaseDoesNotHaveAreReportedInACut() throws Exception {
        try (Env env = reversedDirect()) {
            execute(env.directSession, "UPDATE t_varchar SET s = 'planted'");
            Runner.Mismatch m = new Runner(env).run(text(TIES, Step.Exec.DEFAULT));
            assertThat(m).as("the gate's session returned rows the database has not").isNotNull();
            assertThat(m.aspect()).isEqualTo("rows");
        }
    }

    @Test
    void aRowTheCutHidesIsStillReported() throws Exception {
        try (Env env = reversedDirect()) {
            // A row no cut keeps (v = 8 sorts last): only the uncut statement shows it.
            execute(env.directSession, "UPDATE t_varchar SET s = 'planted' WHERE k = (SELECT MIN(k) FROM t_varchar WHERE v = 8)");
            assertThat(rows(env.directSession, TIES)).noneMatch(r -> r.contains("planted"));
            Runner.Mismatch m = new Runner(env).run(text(TIES, Step.Exec.DEFAULT));
            assertThat(m).as("the gate's session sees a row the database does not").isNotNull();
            assertThat(m.aspect()).isEqualTo("rows");
            assertThat(m.database()).as("found by the uncut statement").startsWith("without its cut");
        }
    }

    @Test
    void fewerRowsInACutAreReported() throws Exception {
        try (Env env = reversedDirect()) {
            execute(env.directSession, "DELETE FROM t_varchar WHERE k NOT IN (SELECT k FROM t_varchar ORDER BY k LIMIT 2)");
            Runner.Mismatch m = new Runner(env).run(text(TIES, Step.Exec.DEFAULT));
            assertThat(m).isNotNull();
            assertThat(m.aspect()).isEqualTo("rows");
        }
    }

    @Test
    void aTotalOrderIsComparedInOrder() throws Exception {
        try (Env env = reversedDirect()) {
            String ordered = "SELECT k, v, s FROM t_varchar ORDER BY k DESC";
            Select tree = Select.simple(List.of(new Item(null, null)), new FromTable(new TableRef(env.type("VARCHAR"),
                    Schema.NONE, false, false, null)), null).withOrder(List.of(new Order(new Col(null, null, "k", false),
                    true)), new Limit(LimitStyle.LIMIT, new Lit("3"), null));
            Runner runner = new Runner(env);
            assertThat(runner.run(Step.Query.of(tree, Step.Exec.DEFAULT, true))).isNull();
            execute(env.directSession, "UPDATE t_varchar SET s = 'planted' WHERE k = (SELECT MAX(k) FROM t_varchar)");
            assertThat(rows(env.directSession, ordered + " LIMIT 3")).anyMatch(r -> r.contains("planted"));
            Runner.Mismatch m = runner.run(Step.Query.of(tree, Step.Exec.DEFAULT, true));
            assertThat(m).isNotNull();
            assertThat(m.aspect()).isEqualTo("rows");
        }
    }

    /**
     * The rebuild step: a key deleted by another connection and the filters rebuilt, the gate
     * answers its lookup (the step is not vacuous); a REPEATABLE READ transaction that read the row
     * before still sees it (H2's rebuild waits for that transaction, the step goes on without it).
     */
    @Test
    void aDeletedKeyIsAnsweredAfterARebuildButNotWhereASnapshotHoldsIt() throws Exception {
        try (Env env = H2Target.INSTANCE.open(List.of(Target.h2().keyType("VARCHAR")))) {
            Runner runner = new Runner(env);
            String lookup = "SELECT * FROM t_varchar WHERE k = ?";
            Step.Query five = new Step.Query(null, lookup, List.of(Binding.natural(H2Target.text(5))), Step.Exec.DEFAULT,
                    true);
            Step.Query six = new Step.Query(null, lookup, List.of(Binding.natural(H2Target.text(6))), Step.Exec.DEFAULT,
                    true);
            assertThat(runner.run(five)).isNull();
            assertThat(runner.run(new Step.Write(Step.WriteKind.DELETE, "VARCHAR", 5, false))).isNull();
            assertThat(runner.run(new Step.Rebuild())).isNull();
            assertThat(runner.run(five)).isNull();
            assertThat(runner.answered).as("the deleted key's lookup answered after the rebuild").isEqualTo(1);

            assertThat(runner.run(new Step.AutoCommit(false))).isNull();
            assertThat(runner.run(new Step.Isolation(Connection.TRANSACTION_REPEATABLE_READ))).isNull();
            assertThat(runner.run(six)).isNull();
            assertThat(runner.run(new Step.Write(Step.WriteKind.DELETE, "VARCHAR", 6, false))).isNull();
            assertThat(runner.run(new Step.Rebuild())).isNull();
            assertThat(runner.run(six)).as("the snapshot still holds the row").isNull();
            assertThat(runner.answered).isEqualTo(1);
            assertThat(runner.run(new Step.Rollback())).isNull();
        }
    }

    /** The cut at the end of replayed texts, in the spellings {@link Sql.Limit} writes, and none elsewhere. */
    @Test
    void textsLoseTheirCutAndItsParameters() {
        Step.Exec exec = Step.Exec.DEFAULT;
        List<Binding> three = List.of(Binding.setString("a"), Binding.setInt(1), Binding.setInt(2));
        assertThat(Runner.uncutText("SELECT * FROM t WHERE k = ? LIMIT ?, ? /* end ? */", three, exec, false))
                .isEqualTo(new Runner.Uncut("SELECT * FROM t WHERE k = ? /* end ? */", three.subList(0, 1), exec));
        assertThat(Runner.uncutText("SELECT * FROM t WHERE k = ? OFFSET ? ROWS FETCH FIRST CAST(? AS INT) ROWS ONLY -- x ?",
                three, exec, false)).isEqualTo(new Runner.Uncut("SELECT * FROM t WHERE k = ? -- x ?", three.subList(0, 1),
                        exec));
        assertThat(Runner.uncutText("SELECT * FROM t WHERE k = ? AND v = ? LIMIT ?::INT OFFSET 0 FOR UPDATE", three, exec,
                false)).isEqualTo(new Runner.Uncut("SELECT * FROM t WHERE k = ? AND v = ? FOR UPDATE", three.subList(0,
                        2), exec));
        assertThat(Runner.uncutText("SELECT * FROM t WHERE k = ? OFFSET 2 ROWS ;", three.subList(0, 1), exec, false))
                .isEqualTo(new Runner.Uncut("SELECT * FROM t WHERE k = ? ;", three.subList(0, 1), exec));
        assertThat(Runner.uncutText("SELECT a.k FROM t a JOIN u b ON a.v = b.v ORDER BY b.k LIMIT 3", List.of(), exec,
                false)).isEqualTo(new Runner.Uncut("SELECT a.k FROM t a JOIN u b ON a.v = b.v ORDER BY b.k", List.of(),
                        exec));
        assertThat(Runner.uncutText("SELECT * FROM t WHERE k IN (SELECT k FROM t LIMIT 1)", List.of(), exec, false))
                .as("a cut in a subquery").isNull();
        assertThat(Runner.uncutText("SELECT * FROM t WHERE k IN (SELECT k FROM t LIMIT 1)", List.of(), exec, true))
                .as("setMaxRows only").isEqualTo(new Runner.Uncut("SELECT * FROM t WHERE k IN (SELECT k FROM t LIMIT 1)",
                        List.of(), exec));
        assertThat(Runner.within(List.of("a", "a"), List.of("a", "b"))).as("as a multiset").isFalse();
        assertThat(Runner.within(List.of("a", "b"), List.of("b", "c", "a"))).isTrue();
    }

    /**
     * An episode's environment for the VARCHAR table whose direct session reads a second database
     * with the same rows inserted in the reverse order (gone when its connection closes).
     */
    private static Env reversedDirect() throws Exception {
        KeyType t = Target.h2().keyType("VARCHAR");
        Env env = H2Target.INSTANCE.open(List.of(t));
        try {
            Connection reversed = DriverManager.getConnection("jdbc:h2:mem:runner_test_" + System.nanoTime(), "sa", "");
            try (Statement s = reversed.createStatement()) {
                s.execute(Target.createTableSql("PUBLIC", t, true));
            }
            for (long i = KeyType.PRESENT - 1; i >= 0; i--) {
                Target.fill(reversed, "PUBLIC", t, true, i, i + 1);
            }
            env.directSession.close();
            env.directSession = reversed;
            return env;
        } catch (Exception | Error e) {
            env.close();
            throw e;
        }
    }

    private static Step.Query text(String sql, Step.Exec exec) {
        return new Step.Query(null, sql, List.of(), exec, true);
    }

    /** The rows {@code sql} returns on {@code c}, sorted (as the runner compares a statement without a total order). */
    private static List<String> rows(Connection c, String sql) {
        return Runner.observe(c, sql, List.of(), Step.Exec.DEFAULT, false).rows;
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}

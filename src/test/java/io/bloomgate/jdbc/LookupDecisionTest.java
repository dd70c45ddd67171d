package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.jdbc.LookupDecision.Verdict;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.GateFence;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.SyncWatch;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.rowset.RowSetMetaDataImpl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The lookup decision as a specification: when the filter answers a lookup, and why it passes
 * through otherwise. Real plans (the gate's classifier), a real guard and filter holding the key
 * 42; no database: the session's facts are plain values here, as the connection would report them.
 */
class LookupDecisionTest {

    /** The one key in the filter; every other key used here is absent (a 1,000-key filter at 1%). */
    private static final long PRESENT = 42;
    private static final long ABSENT = 7;

    private Guard guard;
    private Session session;
    private GateContext context;

    @BeforeEach
    void setUp() {
        guard = guard(Dialect.H2);
        context = context(guard, Dialect.H2);
        session = new Session(Dialect.H2);
    }

    private static Guard guard(Dialect dialect) {
        String schema = dialect == Dialect.H2 ? "PUBLIC" : "public";
        boolean upper = dialect == Dialect.H2;
        String id = upper ? "ID" : "id";
        String name = upper ? "NAME" : "name";
        Guard g = new Guard(new GuardedTable(schema, upper ? "T" : "t", id, List.of(id, name)), KeyForms.integer(),
                JDBCType.INTEGER, Map.of(id, new ColumnType(JDBCType.INTEGER, "INTEGER", 32, 0),
                        name, new ColumnType(JDBCType.VARCHAR, "VARCHAR", 10, 0)),
                FilterSpec.of(1_000, 0.01));
        g.addLong(PRESENT);
        g.ready(1);
        return g;
    }

    private static GateContext context(Guard guard, Dialect dialect) {
        return new GateContext(null, dialect == Dialect.H2 ? "H2" : "PostgreSQL", dialect,
                dialect == Dialect.H2 ? "PUBLIC" : "public", List.of(guard), null, null, new GateFence());
    }

    /** The facts a connection reports of its session; each answer counted, to check what is asked. */
    static final class Session implements LookupDecision.Session {
        final Dialect dialect;
        boolean closed;
        boolean isolationForbids;
        boolean readCommitted;
        boolean snapshotPredates;
        boolean transactionForbids;
        boolean resolvesAsBuilt = true;
        SyncWatch watch;
        final List<String> asked = new ArrayList<>();

        Session(Dialect dialect) {
            this.dialect = dialect;
        }

        @Override
        public boolean gateClosed() {
            asked.add("closed");
            return closed;
        }

        @Override
        public boolean isolationForbidsAnswers() {
            asked.add("isolation");
            return isolationForbids;
        }

        @Override
        public boolean readCommitted() {
            asked.add("read committed");
            return readCommitted;
        }

        @Override
        public boolean snapshotPredatesFilters() {
            asked.add("snapshot");
            return snapshotPredates;
        }

        @Override
        public boolean transactionForbidsAnswer(Guard guard) {
            asked.add("transaction");
            return transactionForbids;
        }

        @Override
        public boolean resolvesAsBuilt() {
            asked.add("schema");
            return resolvesAsBuilt;
        }

        @Override
        public Dialect dialect() {
            return dialect;
        }

        @Override
        public SyncWatch watch() {
            return watch;
        }

        @Override
        public Object watchAttachment() {
            asked.add("attachment");
            return "attachment";
        }
    }

    /** A plan whose first real execution has been seen (its metadata copied): answers may be given. */
    private CachedPlan.Lookup executedOnce(String sql) throws SQLException {
        return executedOnce(context, sql);
    }

    private static CachedPlan.Lookup executedOnce(GateContext context, String sql) throws SQLException {
        CachedPlan.Lookup plan = (CachedPlan.Lookup) context.plan(sql);
        RowSetMetaDataImpl metaData = new RowSetMetaDataImpl();
        metaData.setColumnCount(1);
        metaData.setColumnLabel(1, "NAME");
        plan.copies().metaData(metaData, sql);
        return plan;
    }

    private static ParameterSlots bound(Object... values) {
        ParameterSlots slots = new ParameterSlots(Math.max(1, values.length));
        for (int i = 0; i < values.length; i++) {
            if (values[i] instanceof Long l) {
                slots.setLong(i + 1, l); // setLong/setInt: the primitive slot
            } else {
                slots.setObject(i + 1, values[i]);
            }
        }
        return slots;
    }

    private Verdict decide(CachedPlan.Lookup plan, ParameterSlots slots) {
        return LookupDecision.decide(plan, slots, true, false, session, new KeyBuffer());
    }

    private static final String BY_ID = "SELECT NAME FROM T WHERE ID = ?";

    @Nested
    class Answers {

        @Test
        void anAbsentKeyIsAnsweredEmpty() throws SQLException {
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void anAbsentKeyBoundAsAnObjectIsAnsweredToo() throws SQLException {
            assertThat(decide(executedOnce(BY_ID), bound(Integer.valueOf(7)))).isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void aNullKeyMatchesNothingOnH2() throws SQLException {
            assertThat(decide(executedOnce(BY_ID), bound((Object) null))).isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void anAbsentLiteralKeyIsAnswered() throws SQLException {
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID = 7"), null)).isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void anInListOfAbsentKeysIsAnswered() throws SQLException {
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID IN (?, ?)"), bound(1L, 2L)))
                    .isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void otherParametersOfTheColumnsTypeAreAccepted() throws SQLException {
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID = ? AND NAME = ?"), bound(ABSENT, "bob")))
                    .isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void everyCheckPassedMeansTheSessionResolvesAsBuilt() throws SQLException {
            Verdict verdict = decide(executedOnce(BY_ID), bound(ABSENT));
            assertThat(verdict.answers()).isTrue();
            assertThat(verdict.sessionAsBuilt).isTrue();
            assertThat(verdict.reason).isNull();
        }
    }

    @Nested
    class TheFirstExecution {

        @Test
        void runsForRealToCopyTheMetadata() {
            Verdict verdict = decide((CachedPlan.Lookup) context.plan(BY_ID), bound(ABSENT));
            assertThat(verdict).isEqualTo(Verdict.FIRST_EXECUTION);
            assertThat(verdict.reason).isEqualTo(BypassReason.FIRST_EXECUTION);
            assertThat(verdict.sessionAsBuilt).as("its metadata may be copied").isTrue();
        }

        @Test
        void ofAnAggregateCapturesTheRowOnEmptyInputThenReplaysIt() throws SQLException {
            CachedPlan.Lookup plan = executedOnce("SELECT COUNT(*) FROM T WHERE ID = ?");
            assertThat(plan.rowsOnEmptyInput).isTrue();
            assertThat(decide(plan, bound(ABSENT))).isEqualTo(Verdict.CAPTURE_EMPTY_INPUT);
            plan.copies().emptyInputRow = CapturedRow.NO_ROW;
            assertThat(decide(plan, bound(ABSENT))).isEqualTo(Verdict.ANSWER_ROW);
        }
    }

    @Nested
    class MaybePresentKeysPassThrough {

        @Test
        void aBoundKeyInTheFilter() throws SQLException {
            Verdict verdict = decide(executedOnce(BY_ID), bound(PRESENT));
            assertThat(verdict).isEqualTo(Verdict.MAYBE_PRESENT);
            assertThat(verdict.reason).as("counted as passed through, not as a bypass").isNull();
        }

        @Test
        void aLiteralKeyInTheFilter() throws SQLException {
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID = 42"), null))
                    .isEqualTo(Verdict.MAYBE_PRESENT);
        }

        @Test
        void oneKeyOfAnInListInTheFilter() throws SQLException {
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID IN (?, ?)"), bound(ABSENT, PRESENT)))
                    .isEqualTo(Verdict.MAYBE_PRESENT);
        }
    }

    @Nested
    class KeysTheGateCannotConvertExactlyPassThrough {

        @Test
        void aKeyOutsideTheColumnsRange() throws SQLException {
            Verdict verdict = decide(executedOnce(BY_ID), bound(1L << 40));
            assertThat(verdict).isEqualTo(Verdict.KEY_NOT_EXACT);
            assertThat(verdict.reason).isEqualTo(BypassReason.PARAMETER);
        }

        @Test
        void aKeyOfAnotherType() throws SQLException {
            assertThat(decide(executedOnce(BY_ID), bound(1.5d))).isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void anUnsetKeyParameter() throws SQLException {
            assertThat(decide(executedOnce(BY_ID), new ParameterSlots(1))).isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void aKeyInAPlainStatementsText() throws SQLException {
            assertThat(decide(executedOnce(BY_ID), null)).as("the driver refuses the '?'")
                    .isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void aKeyCastThatDoesNotFitTheColumn() throws SQLException {
            // int_col = CAST(? AS VARCHAR) compares in another type family (an error on PostgreSQL).
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID = CAST(? AS VARCHAR(20))"), bound("7")))
                    .isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void aKeyCastThatChangesTheValue() throws SQLException {
            CachedPlan.Lookup plan = executedOnce("SELECT NAME FROM T WHERE ID = CAST(? AS SMALLINT)");
            assertThat(decide(plan, bound(ABSENT))).as("fits").isEqualTo(Verdict.ANSWER_EMPTY);
            assertThat(decide(plan, bound(100_000L))).as("overflows SMALLINT").isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void oneOfTheKeysOfAnInList() throws SQLException {
            assertThat(decide(executedOnce("SELECT NAME FROM T WHERE ID IN (?, ?)"), bound(ABSENT, 1L << 40)))
                    .isEqualTo(Verdict.KEY_NOT_EXACT);
        }
    }

    @Nested
    class OnPostgreSql {

        private GateContext pg;

        @BeforeEach
        void setUp() {
            guard = guard(Dialect.POSTGRES);
            pg = context(guard, Dialect.POSTGRES);
            session = new Session(Dialect.POSTGRES);
        }

        private static final String ANY = "SELECT name FROM t WHERE id = ANY(?)";

        @Test
        void anArrayOfAbsentKeysIsAnswered() throws SQLException {
            assertThat(decide(executedOnce(pg, ANY), bound((Object) new Object[] {1, 2, 3})))
                    .isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void anArrayWithOneMaybePresentElementPassesThrough() throws SQLException {
            assertThat(decide(executedOnce(pg, ANY), bound((Object) new Object[] {1, 42, 3})))
                    .isEqualTo(Verdict.MAYBE_PRESENT);
        }

        @Test
        void anArrayWithAnElementOfAnotherTypePassesThrough() throws SQLException {
            assertThat(decide(executedOnce(pg, ANY), bound((Object) new Object[] {1, "x"})))
                    .isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void aNullKeyPassesThroughSinceItsTypeIsUnknown() throws SQLException {
            // pgjdbc sends NULL typed as its setter's type: against another key type the server raises.
            assertThat(decide(executedOnce(pg, "SELECT name FROM t WHERE id = ?"), bound((Object) null)))
                    .isEqualTo(Verdict.KEY_NOT_EXACT);
        }

        @Test
        void aStringBoundForAnIntegerKeyPassesThrough() throws SQLException {
            // Sent typed varchar: the server raises "operator does not exist" rather than answer.
            assertThat(decide(executedOnce(pg, "SELECT name FROM t WHERE id = ?"), bound("7")))
                    .isEqualTo(Verdict.KEY_NOT_EXACT);
        }
    }

    @Nested
    class OtherParametersTheDatabaseCouldRefusePassThrough {

        private static final String BY_ID_AND_NAME = "SELECT NAME FROM T WHERE ID = ? AND NAME = ?";

        @Test
        void aNumberComparedWithATextColumn() throws SQLException {
            Verdict verdict = decide(executedOnce(BY_ID_AND_NAME), bound(ABSENT, 5L));
            assertThat(verdict).isEqualTo(Verdict.PARAMETER);
            assertThat(verdict.sessionAsBuilt).isFalse();
        }

        @Test
        void aStringLongerThanTheColumnOnH2() throws SQLException {
            assertThat(decide(executedOnce(BY_ID_AND_NAME), bound(ABSENT, "far too long a name")))
                    .isEqualTo(Verdict.PARAMETER);
        }

        @Test
        void aNegativeLimit() throws SQLException {
            CachedPlan.Lookup plan = executedOnce("SELECT NAME FROM T WHERE ID = ? LIMIT ?");
            assertThat(decide(plan, bound(ABSENT, 10L))).isEqualTo(Verdict.ANSWER_EMPTY);
            assertThat(decide(plan, bound(ABSENT, -1L))).isEqualTo(Verdict.PARAMETER);
        }
    }

    @Nested
    class TheGuardAndTheSessionComeFirst {

        @Test
        void aGuardNotReadyPassesThroughWithoutAskingTheSessionMore() throws SQLException {
            CachedPlan.Lookup plan = executedOnce(BY_ID);
            guard.unsync("test");
            assertThat(decide(plan, bound(ABSENT))).isEqualTo(Verdict.NOT_READY);
            assertThat(session.asked).as("a probe of the session may cost a round trip").isEmpty();
        }

        @Test
        void aClosedGatePassesThrough() throws SQLException {
            session.closed = true;
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.NOT_READY);
        }

        @Test
        void aWriteWithUnknownKeysInFlightPassesThrough() throws SQLException {
            CachedPlan.Lookup plan = executedOnce(BY_ID);
            guard.unsettle();
            assertThat(decide(plan, bound(ABSENT))).isEqualTo(Verdict.UNSETTLED);
            guard.settle();
            assertThat(decide(plan, bound(ABSENT))).isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void aCallableStatementPassesThrough() throws SQLException {
            assertThat(LookupDecision.decide(executedOnce(BY_ID), bound(ABSENT), true, true, session, new KeyBuffer()))
                    .isEqualTo(Verdict.CALLABLE);
        }

        @Test
        void aScrollableOrUpdatableResultPassesThrough() throws SQLException {
            assertThat(LookupDecision.decide(executedOnce(BY_ID), bound(ABSENT), false, false, session,
                    new KeyBuffer())).isEqualTo(Verdict.NOT_ELIGIBLE);
        }

        @Test
        void anIsolationLevelThatForbidsAnswersPassesThrough() throws SQLException {
            session.isolationForbids = true;
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.ISOLATION);
        }

        @Test
        void aSnapshotOlderThanTheFilterPassesThrough() throws SQLException {
            session.snapshotPredates = true;
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.ISOLATION);
        }

        @Test
        void aTransactionThatCannotBeAnsweredForPassesThrough() throws SQLException {
            session.transactionForbids = true;
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.TRANSACTION);
        }

        @Test
        void namesThatMayResolveElsewherePassThrough() throws SQLException {
            session.resolvesAsBuilt = false;
            Verdict verdict = decide(executedOnce(BY_ID), bound(ABSENT));
            assertThat(verdict).isEqualTo(Verdict.SCHEMA);
            assertThat(verdict.sessionAsBuilt).as("its metadata must not be copied").isFalse();
        }

        @Test
        void theSessionIsAskedInOrder() throws SQLException {
            decide(executedOnce(BY_ID), bound(ABSENT));
            assertThat(session.asked).containsExactly("closed", "isolation", "snapshot", "transaction", "schema");
        }
    }

    @Nested
    class TheHookWatch {

        /** A watch whose stamp moves once per verification when {@code ddlRaces}. */
        final class Watch implements SyncWatch {
            boolean hookInPlace = true;
            boolean ddlRaces;
            long stamp;

            @Override
            public Object attach(Connection raw) {
                return "attachment";
            }

            @Override
            public long stamp(Object attachment) {
                return stamp;
            }

            @Override
            public boolean verify(Object attachment, long stamp, Guard guard) {
                if (ddlRaces) {
                    this.stamp++;
                }
                return hookInPlace;
            }
        }

        @Test
        void aHookInPlaceLetsTheFilterAnswer() throws SQLException {
            session.watch = new Watch();
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.ANSWER_EMPTY);
        }

        @Test
        void aHookGonePassesThrough() throws SQLException {
            Watch watch = new Watch();
            watch.hookInPlace = false;
            session.watch = watch;
            Verdict verdict = decide(executedOnce(BY_ID), bound(ABSENT));
            assertThat(verdict).isEqualTo(Verdict.HOOK_GONE);
            assertThat(verdict.reason).isEqualTo(BypassReason.NOT_READY);
        }

        @Test
        void ddlDuringTheLookupPassesItThrough() throws SQLException {
            Watch watch = new Watch();
            watch.ddlRaces = true;
            session.watch = watch;
            assertThat(decide(executedOnce(BY_ID), bound(ABSENT))).isEqualTo(Verdict.DDL_RACED);
            assertThat(decide(executedOnce(BY_ID), bound(PRESENT))).as("a positive passes through anyway")
                    .isEqualTo(Verdict.MAYBE_PRESENT);
        }

        @Test
        void theWatchIsNotAskedWhenTheSessionAlreadyRefused() throws SQLException {
            Watch watch = new Watch();
            session.watch = watch;
            session.resolvesAsBuilt = false;
            decide(executedOnce(BY_ID), bound(ABSENT));
            assertThat(session.asked).doesNotContain("attachment");
        }
    }
}

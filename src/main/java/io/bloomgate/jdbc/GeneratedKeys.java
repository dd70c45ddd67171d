package io.bloomgate.jdbc;

import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * A write whose keys the database generated (identity columns, defaults), run with generated keys
 * requested ({@code RETURN_GENERATED_KEYS}, column names: Hibernate and Spring Data ask for them):
 * its guards stay unsettled until the application reads the generated keys, whose rows then hold
 * every key the write added. Read to the last row, they settle the guards at once instead of
 * waiting for the change feed or a rescan; anything less (a key column not returned, fewer rows
 * than the update count, a value the key form cannot read, the keys never read) falls back to the
 * ordinary settling. Resolved exactly once.
 */
final class GeneratedKeys {

    private final SessionState session;
    private final Guard[] guards;
    private final long rows;
    private boolean resolved;

    GeneratedKeys(SessionState session, Guard[] guards, long rows) {
        this.session = session;
        this.guards = guards;
        this.rows = rows;
    }

    /** The keys were not all learned: settle as any write with unknown keys. */
    void giveUp() throws SQLException {
        if (!resolved) {
            resolved = true;
            session.forget(this);
            session.afterWrite(guards, true);
        }
    }

    private void learned() {
        if (!resolved) {
            resolved = true;
            session.forget(this);
            session.keysLearned(guards);
        }
    }

    /** The driver's generated keys, adding each row's keys as the application reads it. */
    ResultSet reading(Statement statement, ResultSet rs) throws SQLException {
        int[] columns = new int[guards.length];
        ResultSetMetaData md = rs.getMetaData();
        for (int g = 0; g < guards.length; g++) {
            String key = guards[g].table().keyColumn();
            for (int c = 1; c <= md.getColumnCount() && columns[g] == 0; c++) {
                if (key.equalsIgnoreCase(md.getColumnName(c)) || key.equalsIgnoreCase(md.getColumnLabel(c))) {
                    columns[g] = c;
                }
            }
            if (columns[g] == 0) {
                giveUp(); // the key column is not among the returned ones
                return new GateResultSet(statement, rs);
            }
        }
        return new Learning(statement, rs, columns);
    }

    /** Generated keys that add each row's keys to the filters as the application reads it. */
    private final class Learning extends GateResultSet {

        private final int[] columns;
        private final KeyBuffer buffer = new KeyBuffer();
        private long seen;

        Learning(Statement statement, ResultSet delegate, int[] columns) {
            super(statement, delegate);
            this.columns = columns;
        }

        @Override
        public boolean next() throws SQLException {
            boolean row;
            try {
                row = delegate.next();
            } catch (SQLException | RuntimeException e) {
                giveUp();
                throw e;
            }
            if (resolved) {
                return row;
            }
            if (!row) {
                giveUp(); // fewer rows than the write reported: some key was not returned
                return false;
            }
            for (int g = 0; g < guards.length; g++) {
                Canonical canonical = KeyFunnel.canonical(guards[g], delegate.getObject(columns[g]), buffer);
                if (canonical == Canonical.EXACT) {
                    KeyFunnel.addWritten(guards[g], buffer);
                } else if (canonical == Canonical.NOT_EXACT) {
                    giveUp();
                    return true;
                }
            }
            if (++seen == rows) {
                learned();
            }
            return true;
        }

        @Override
        public void close() throws SQLException {
            try {
                delegate.close();
            } finally {
                giveUp();
            }
        }
    }

    @Override
    public String toString() {
        return "generated keys of " + rows + " row(s) for " + String.join(", ",
                java.util.Arrays.stream(guards).map(g -> g.table().toString().toLowerCase(Locale.ROOT)).toList());
    }
}

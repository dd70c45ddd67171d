package io.bloomgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * The rules MySQL's and MariaDB's InnoDB sessions add to {@link SessionState}'s general model
 * (docs/architecture.md section 5, "MySQL/MariaDB transactions begin on the server" and "What the
 * gate does not see reach the MySQL/MariaDB session"), one per connection of a MySQL gate. They
 * exist because InnoDB's transactions differ from PostgreSQL's and H2's in ways each of which
 * gave a wrong answer, all measured on MariaDB 10.11:
 * <ul>
 *   <li><b>The server's transaction begins at the first statement that uses an InnoDB table</b> (a
 *       read, even {@code WHERE 1 = 0}, or a write; not {@code SELECT 1}), not at {@code START
 *       TRANSACTION} nor when auto-commit goes off, and its isolation level is fixed then. An
 *       answer to that statement would move the beginning to a later one, possibly under another
 *       level ({@code SET TRANSACTION} then succeeds where it raised 1568; a READ COMMITTED
 *       transaction becomes a REPEATABLE READ one with an older read view: fuzzer, seed 31). So in
 *       {@code SessionState} a transaction begun by SQL counts as one an answer may begin ({@code
 *       answered}), which it begins on the server with an empty read of the answered table before
 *       anything else reaches the session ({@code beginIfOnlyAnswered}); and a statement at any
 *       level, not only under snapshot isolation, counts as having begun it ({@code ranOnDatabase}).</li>
 *   <li><b>A level set inside an open transaction is the session's, not the transaction's</b>
 *       ({@code setTransactionIsolation}, {@code SET SESSION TRANSACTION}: a READ COMMITTED
 *       transaction switched to REPEATABLE READ still sees later commits; one begun by a write at
 *       REPEATABLE READ and switched to READ COMMITTED takes its read view at the next read): after
 *       such a change nothing is answered until the transaction ends ({@link #isolationMoved}).</li>
 *   <li><b>Only READ COMMITTED transactions are answered</b>: InnoDB creates a REPEATABLE READ
 *       transaction's read view at its first consistent read of any InnoDB table (not at BEGIN,
 *       not at a write, not for a read the optimizer answers without the engine), which the gate
 *       cannot observe ({@link #transactionForbidsAnswer}).</li>
 *   <li><b>A failed statement may have ended the transaction</b>: a deadlock (1213) rolls the whole
 *       transaction back and the next statement begins another, so {@code SessionState.ranOnDatabase}
 *       counts the transaction as not begun on the server.</li>
 *   <li><b>Locked-tables mode</b> ({@code LOCK TABLES}, {@code FLUSH TABLES ... WITH READ LOCK}):
 *       the server refuses reads of tables it did not lock (1100) instead of answering them, so
 *       nothing is answered until {@code UNLOCK TABLES} went through. ({@code XA START}, which
 *       opens a transaction whatever auto-commit says, is a transaction begun by SQL:
 *       {@code CachedPlan.mayBeginTransaction}.)</li>
 *   <li><b>What the gate does not see reach the session</b>: a procedure may run {@code SET
 *       autocommit}, {@code START TRANSACTION}, {@code XA START} or set a level ({@code LOCK TABLES}
 *       is refused in procedures, 1314), and a pooled session keeps what its previous user left,
 *       since no pool resets it (HikariCP restores what was set through JDBC only). The server's
 *       status flags, which the drivers keep from every reply, tell whether a transaction is open
 *       ({@link MySqlSessionProbe}): one open with auto-commit on and none begun by SQL stops
 *       answers, one open when the connection was made is of an unknown level. A level set for the
 *       next transaction only ({@code SET TRANSACTION} without {@code SESSION}) is not shown by
 *       {@code @@tx_isolation}, survives statements without a table and the CALL, and is taken by
 *       the next statement that opens an InnoDB table (a pending READ UNCOMMITTED made the next
 *       auto-commit read see an uncommitted row); answering that statement would leave it pending
 *       for a later transaction. So after text that may run code or names a level, nothing is
 *       answered until a lookup or write went through and its transaction ended ({@link
 *       #levelPending}). Locked tables and a pending level are kept per server session across
 *       the gate's connections ({@link GateContext#sessionModes}): local reads, no round trip per
 *       checkout (detecting locked tables on the server would cost a statement: no flag shows it).</li>
 * </ul>
 * Not thread-safe, as the connection it belongs to.
 */
final class MySqlTransactionRules {

    /** {@link GateContext#sessionModes}: the session may be in locked-tables mode. */
    static final int LOCKED_TABLES = 1;
    /** {@link GateContext#sessionModes}: an isolation level may be pending for the session's next transaction. */
    static final int LEVEL_PENDING = 2;

    private final GateContext context;
    private final SessionState.Driver driver;
    /** The driver's connection under any pool's proxy: the server session {@link GateContext#sessionModes} is about. */
    private final Object session;

    /** A statement went through this session since the gate last saw a transaction end (JDBC). */
    private boolean statementSinceTransactionEnd;
    /**
     * The isolation level was set while a transaction may have been open on the server, which keeps
     * the level it began with: what the gate knows of the level may not be the transaction's until
     * the transaction ends.
     */
    private boolean isolationMoved;
    /** A statement may have put the session in locked-tables mode, and no {@code UNLOCK TABLES} went through since. */
    private boolean tablesMayBeLocked;
    /** The session may hold an isolation level for its next transaction only (see the class comment). */
    private boolean levelPending;
    /** A lookup or write reached the server since {@link #levelPending} was set: the level is used up when its transaction ends. */
    private boolean levelConsumed;

    /**
     * The rules of a new connection to {@code session}, which starts with what the server session
     * holds from before it: locked tables or a pending level left through this gate, and a
     * transaction open on the server (begun by the previous user, so its level may not be the
     * session's and whether its read view exists is unknown: nothing is answered in it).
     */
    MySqlTransactionRules(GateContext context, SessionState.Driver driver, Object session) {
        this.context = context;
        this.driver = driver;
        this.session = session;
        Integer modes = context.sessionModes.get(session);
        if (modes != null) {
            tablesMayBeLocked = (modes & LOCKED_TABLES) != 0;
            levelPending = (modes & LEVEL_PENDING) != 0;
        }
        if (driver.transactionOpenOnServer()) {
            statementSinceTransactionEnd = true;
            isolationMoved = true;
        }
    }

    // ================================================================ what the decision asks

    /** Whether nothing may be answered, in a transaction or not: tables may be locked, or a level pending. */
    boolean forbidsEveryAnswer() {
        return tablesMayBeLocked || levelPending;
    }

    /**
     * With auto-commit on and no transaction begun by SQL, each statement is its own transaction,
     * unless the server reports one open that the gate did not see begin (a procedure's {@code START
     * TRANSACTION}, one a pooled session's previous user left open): its level and read view are unknown.
     */
    boolean autoCommitForbidsAnswer() {
        return driver.transactionOpenOnServer();
    }

    /**
     * A multi-statement transaction: answered only at READ COMMITTED, known to be the transaction's
     * own level (not set since the transaction may have begun, not named by SQL text).
     */
    boolean transactionForbidsAnswer(int isolation, boolean snapshotSuspected) {
        return isolationMoved || snapshotSuspected || isolation != Connection.TRANSACTION_READ_COMMITTED;
    }

    // ================================================================ events

    /** {@code plan} is about to run (or be answered): what its text may do to the session, as if it succeeded. */
    void noted(CachedPlan plan) {
        statementSinceTransactionEnd = true;
        if (plan.mayLockTables) {
            tablesMayBeLocked = true;
            modeSet(LOCKED_TABLES, true);
        }
        // A lookup's or write's words are mostly names (a column "snapshot_id"): only code it calls
        // counts, after it ran (see ran).
        if (!usesTables(plan) && (plan.mayRunCode || plan.mentionsSnapshotIsolation
                || plan.mentionsUnansweredIsolation)) {
            levelMayBePending();
        }
    }

    /** {@code plan} ran on the server and {@code succeeded} (or not). */
    void ran(CachedPlan plan, boolean succeeded, boolean beganBySql) {
        if (plan.unlocksTables && succeeded) {
            tablesMayBeLocked = false;
            modeSet(LOCKED_TABLES, false);
        }
        if (levelPending && succeeded && usesTables(plan)) {
            // It used a table, so it began a transaction at the pending level (if any), which the
            // level is gone after: now, if that transaction has ended; else when the gate sees it end.
            levelConsumed = true;
            if (!beganBySql && driverAutoCommit() && !driver.transactionOpenOnServer()) {
                levelUsedUp();
            }
        }
        if (plan.mayRunCode && usesTables(plan)) {
            levelMayBePending(); // a function it called may have set one
        }
    }

    /**
     * {@code setTransactionIsolation} moved the level from {@code previous} to {@code level}; a
     * transaction the server may have begun ({@code transactionMayBeOpen}, asked only if a statement
     * went through since the gate saw a transaction end) keeps the level it began with.
     */
    void isolationSet(int level, int previous, BooleanSupplier transactionMayBeOpen) {
        if (level != previous && statementSinceTransactionEnd && transactionMayBeOpen.getAsBoolean()) {
            isolationMoved = true;
        }
    }

    /** The gate saw the open transaction end (commit, rollback, auto-commit on, close). */
    void transactionEnded() {
        if (levelConsumed) {
            levelUsedUp(); // the transaction that began at the pending level has ended
        }
        statementSinceTransactionEnd = false;
        isolationMoved = false;
    }

    /**
     * Auto-commit was switched off (or on and off) with no transaction begun by SQL: in auto-commit
     * every statement committed, so none is open, unless the server reports one the gate did not
     * see begin.
     */
    void autoCommitSwitched(boolean beganBySql) {
        if (!beganBySql && !driver.transactionOpenOnServer()) {
            statementSinceTransactionEnd = false;
            isolationMoved = false;
        }
    }

    // ================================================================ internals

    /** A lookup or write the gate understood: it opens its tables (InnoDB's), as other statements may not. */
    private static boolean usesTables(CachedPlan plan) {
        return plan instanceof CachedPlan.Lookup || plan instanceof CachedPlan.Write;
    }

    private void levelMayBePending() {
        levelPending = true;
        levelConsumed = false;
        modeSet(LEVEL_PENDING, true);
    }

    /** The isolation level that may have been pending was used by a transaction that has ended. */
    private void levelUsedUp() {
        levelPending = false;
        levelConsumed = false;
        modeSet(LEVEL_PENDING, false);
    }

    /** Sets or clears one of {@link GateContext#sessionModes} for this session. */
    private void modeSet(int mode, boolean on) {
        context.sessionModes.compute(session, (key, modes) -> {
            int now = modes == null ? 0 : modes;
            now = on ? now | mode : now & ~mode;
            return now == 0 ? null : now;
        });
    }

    /** The driver's auto-commit mode, asked now (SQL text or a procedure may have changed it). */
    private boolean driverAutoCommit() {
        try {
            return driver.autoCommit();
        } catch (SQLException | RuntimeException e) {
            return false; // the level stays pending until the gate sees the transaction end
        }
    }
}

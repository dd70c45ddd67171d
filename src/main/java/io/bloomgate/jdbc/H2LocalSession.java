package io.bloomgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

/**
 * An embedded H2 session's isolation level and schema, read from the engine's session object
 * (fields, no statement), so that they can be compared before every lookup. Loaded only on H2
 * connections (H2 is an optional dependency).
 *
 * <p>Why: H2 hands user code a connection on the very session that runs it, and that code can
 * {@code SET SCHEMA} or {@code SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL ...}
 * from places whose text names no function — a view's select list, a column default, a check
 * constraint, a trigger. The gate, which re-reads the session only after text that may move it,
 * kept answering under the old facts: a REPEATABLE READ transaction answered "no rows" before its
 * snapshot existed (a later read saw a row committed after the answer), and a lookup of an
 * unqualified table answered "no rows" where H2, now in another schema, raised 42S02
 * ({@code H2UserCodeSessionTest}). Likewise an admin right taken away by another connection's
 * {@code ALTER USER ... ADMIN FALSE}, after which H2 raises 90096 ({@code H2SessionFidelityTest}).
 */
final class H2LocalSession {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(H2LocalSession.class);

    /**
     * {@code SessionLocal.transaction}: the session's open MVStore transaction, or null. Read as a
     * field because {@code getTransaction()} begins one when there is none (an open transaction
     * that rebuilds would wait for).
     */
    private static final java.lang.invoke.VarHandle TRANSACTION = transactionField();

    private final SessionLocal session;

    private H2LocalSession(SessionLocal session) {
        this.session = session;
    }

    /** The embedded session behind {@code connection}; null if it is remote or not H2's. */
    static H2LocalSession of(Connection connection) {
        try {
            Session session = connection.unwrap(JdbcConnection.class).getSession();
            return session instanceof SessionLocal local ? new H2LocalSession(local) : null;
        } catch (SQLException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * The session's open transaction (H2 creates one object per transaction, so a commit or rollback
     * run by user code shows as another object, or none); a new object each call when the field
     * cannot be read, which no earlier identity matches (fail open).
     */
    Object transaction() {
        if (TRANSACTION == null) {
            return new Object();
        }
        try {
            return TRANSACTION.get(session); // the connection's own thread: a plain read
        } catch (RuntimeException e) {
            return new Object();
        }
    }

    private static java.lang.invoke.VarHandle transactionField() {
        try {
            return java.lang.invoke.MethodHandles.privateLookupIn(SessionLocal.class, java.lang.invoke.MethodHandles.lookup())
                    .findVarHandle(SessionLocal.class, "transaction", org.h2.mvstore.tx.Transaction.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("Cannot read H2's SessionLocal.transaction ({}): lookups in REPEATABLE READ transactions pass"
                    + " through", e.toString());
            return null;
        }
    }

    /**
     * Whether the session has a {@code SCHEMA_SEARCH_PATH}: H2 then resolves an unqualified name it
     * does not find in the current schema through it, so a joined table or a subquery's table may be
     * another one than at build (or none: 42S02), and the session does not resolve names as built.
     * Likewise a database with {@code BUILTIN_ALIAS_OVERRIDE} (URL or {@code SET}): a user function
     * may then take a built-in's name ({@code ABS}), and an aggregate lookup's one row, copied once
     * and replayed, held one call's value of it ({@code H2UserCodeSessionTest}).
     */
    boolean namesResolveOtherwise() {
        return session.getSchemaSearchPath() != null || session.getDatabase().isAllowBuiltinAliasOverride();
    }

    /**
     * Whether the session's level differs from {@code isolation}, or, while believed to resolve names
     * as built (in {@code defaultSchema}, as an admin, no search path), it left that schema, lost the
     * admin right or was given a search path.
     */
    boolean moved(int isolation, boolean resolvesAsBuilt, String defaultSchema) {
        try {
            // The user's admin right is part of "resolves as built" on H2 (SessionProbe.h2Admin): another
            // connection's ALTER USER ... ADMIN FALSE takes it away from a live session.
            return session.getIsolationLevel().getJdbc() != isolation
                    || resolvesAsBuilt && (!defaultSchema.equals(session.getCurrentSchemaName())
                            || !session.getUser().isAdmin() || session.getSchemaSearchPath() != null
                            || session.getDatabase().isAllowBuiltinAliasOverride());
        } catch (RuntimeException e) {
            return true; // closed or broken: read the session again (fail open)
        }
    }
}

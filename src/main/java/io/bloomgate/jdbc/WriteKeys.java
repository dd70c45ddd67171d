package io.bloomgate.jdbc;

import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.util.Arrays;

/**
 * What a write does to the guards before it runs: its keys are added, and a guard whose key the gate
 * cannot know (a value the database converts by its own rules, a key the server generates) is
 * unsettled, so that lookups pass through until the write's transaction ends (or, on PostgreSQL and
 * MySQL/MariaDB, until the change feed has the row). One rule for every way a write is sent: a
 * single statement, SQL text in a batch, a prepared statement's batch ({@link GatePreparedStatement}
 * remembers each row's key hashes with {@link #known}). Guards a database trigger keeps in sync
 * (H2) are left alone: the trigger sees the keys inside the write.
 */
final class WriteKeys {

    private WriteKeys() {
    }

    /**
     * A statement that may write keys the gate cannot see: every guard it may touch ({@code all}
     * when the plan names none) is unsettled, except guards a database trigger keeps in sync.
     */
    static Guard[] unsettleUnknownWrite(CachedPlan.UnknownWrite plan, Guard[] all) {
        Guard[] candidates = plan.guard != null ? new Guard[] {plan.guard} : all;
        int n = 0;
        Guard[] unsettled = new Guard[candidates.length];
        for (Guard guard : candidates) {
            guard.counters().countBypass(BypassReason.NOT_PARSED);
            if (!guard.syncedByTrigger()) {
                guard.unsettle();
                unsettled[n++] = guard;
            }
        }
        return n == unsettled.length ? unsettled : Arrays.copyOf(unsettled, n);
    }

    /**
     * Adds a write's keys to each guard it writes; returns the guards left unsettled because some
     * key is unknown (null: none).
     */
    static Guard[] add(CachedPlan.Write plan, ParameterSlots slots, boolean callable, KeyBuffer buffer,
            Dialect dialect) {
        Guard[] unsettled = null;
        for (CachedPlan.Write.Part part : plan.parts) {
            Guard guard = part.guard();
            if (guard.syncedByTrigger()) {
                continue; // the database's trigger adds the keys, inside the write
            }
            if (!add(part, guard, slots, callable, buffer, dialect)) {
                guard.unsettle();
                unsettled = unsettled == null ? new Guard[] {guard} : append(unsettled, guard);
            }
        }
        return unsettled;
    }

    /** Unsettles the guards of a batch with some unknown key (those no trigger keeps in sync). */
    static Guard[] unsettle(CachedPlan.Write write) {
        int n = 0;
        Guard[] guards = new Guard[write.parts.length];
        for (CachedPlan.Write.Part part : write.parts) {
            if (!part.guard().syncedByTrigger()) {
                part.guard().unsettle();
                guards[n++] = part.guard();
            }
        }
        return Arrays.copyOf(guards, n);
    }

    private static Guard[] append(Guard[] guards, Guard guard) {
        Guard[] more = Arrays.copyOf(guards, guards.length + 1);
        more[guards.length] = guard;
        return more;
    }

    /** Adds one guard's keys; false if some key is unknown (so the guard must be unsettled). */
    private static boolean add(CachedPlan.Write.Part part, Guard guard, ParameterSlots slots, boolean callable,
            KeyBuffer buffer, Dialect dialect) {
        // keysRewritable: a BEFORE row trigger may store another key than the one bound (Guard#keysRewritable).
        boolean known = !part.keysUnknown() && !callable && !guard.keysRewritable();
        for (CachedPlan.Key key : part.keys()) {
            if (key.isLiteral()) {
                if (key.literal() == Canonical.EXACT) {
                    KeyFunnel.addWritten(guard, key.literalBytes());
                }
                known &= known(key.literal(), guard, key.literalBytes(), dialect);
                continue;
            }
            Canonical canonical = BoundValues.canonicalKey(slots, key, guard, buffer, false, dialect);
            if (canonical == Canonical.EXACT) {
                KeyFunnel.addWritten(guard, buffer);
                known &= known(canonical, guard, buffer.array(), buffer.length(), dialect);
            } else {
                known &= known(canonical, guard, null, 0, dialect);
            }
        }
        return known;
    }

    static boolean known(Canonical canonical, Guard guard, byte[] literalBytes, Dialect dialect) {
        return known(canonical, guard, literalBytes, literalBytes == null ? 0 : literalBytes.length, dialect);
    }

    /**
     * Whether a written key with canonical form {@code canonical} (its bytes {@code key[0..length)}
     * when EXACT) is the key the row gets. Not when the database converts the value by its own rules
     * (NOT_EXACT: learn the key by a scan), nor on MySQL/MariaDB for NULL, or 0 unless sql_mode has
     * NO_AUTO_VALUE_ON_ZERO, written to an AUTO_INCREMENT column: the server generates the key (the
     * row holds neither), and neither driver reports the ids of a multi-row insert reliably (they
     * compute them from LAST_INSERT_ID() as if consecutive), so the guard stays unsettled until the
     * change feed has the row. For a column that is not AUTO_INCREMENT this costs only the settling
     * (NULL into a NOT NULL key fails; 0 is also added as the key it is). A NULL key elsewhere writes
     * no key a lookup could find.
     */
    static boolean known(Canonical canonical, Guard guard, byte[] key, int length, Dialect dialect) {
        if (canonical == Canonical.NOT_EXACT) {
            return false;
        }
        if (dialect != Dialect.MYSQL) {
            return true;
        }
        return canonical == Canonical.EXACT && !isZero(guard, key, length); // EXACT or NULL here
    }

    private static boolean isZero(Guard guard, byte[] key, int length) {
        KeyBuffer zero = new KeyBuffer(16);
        if (KeyFunnel.canonical(guard, 0L, zero) != Canonical.EXACT || zero.length() != length) {
            return false;
        }
        return Arrays.equals(zero.array(), 0, length, key, 0, length);
    }
}

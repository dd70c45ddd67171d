package io.bloomgate.jdbc;

import java.sql.CallableStatement;

/**
 * A driver callable statement seen through the gate. Lookups through it are never answered from
 * the filter (it is for procedures, whose parameters may be named), and its writes are treated as
 * having unknown keys.
 */
final class GateCallableStatement extends ForwardingCallableStatement {

    GateCallableStatement(GateConnection connection, CallableStatement delegate, String sql, CachedPlan plan,
            int resultSetType, int resultSetConcurrency) {
        super(connection, delegate, sql, plan, resultSetType, resultSetConcurrency);
    }

    @Override
    boolean callable() {
        return true;
    }
}

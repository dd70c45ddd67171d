package io.bloomgate;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * {@link DdlThroughGateContract} on the scan-only sync ({@code ScanSync}), which the gate picks for
 * databases it has no specific sync for: an H2 database whose metadata names another product, so
 * no trigger is installed and only writes through the gate and rescans reach the filter.
 */
class ScanSyncDdlThroughGateTest extends DdlThroughGateContract {

    @Override
    DataSource createDatabase() throws SQLException {
        DataSource h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE t (k INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1)");
        return otherProduct(h2);
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        H2Databases.run(database, "SHUTDOWN");
    }

    @Override
    boolean transactionalDdl() {
        return false;
    }

    @Override
    DataSource aroundTheGate() {
        return gate.dataSource(); // the scan-only sync sees no write around the gate, by design
    }

    /** {@code h2}, but its metadata says "OtherDB" (the gate then uses its scan-only sync). */
    static DataSource otherProduct(DataSource h2) {
        return proxy(DataSource.class, h2);
    }

    private static <T> T proxy(Class<T> type, Object target) {
        InvocationHandler handler = (p, method, args) -> {
            if (method.getName().equals("getDatabaseProductName")) {
                return "OtherDB";
            }
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (result instanceof Connection c && method.getReturnType() == Connection.class) {
                return proxy(Connection.class, c);
            }
            if (result instanceof DatabaseMetaData md && method.getReturnType() == DatabaseMetaData.class) {
                return proxy(DatabaseMetaData.class, md);
            }
            return result;
        };
        return type.cast(Proxy.newProxyInstance(DdlThroughGateContract.class.getClassLoader(), new Class<?>[] {type},
                handler));
    }
}

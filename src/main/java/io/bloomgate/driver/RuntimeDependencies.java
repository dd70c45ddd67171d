package io.bloomgate.driver;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The libraries every gate needs at run time, checked before the driver builds one. Tools that take
 * "the driver's jar" (DBeaver, sqlline, the H2 console) are often given bloomgate's main jar alone;
 * without this check the first class to touch SLF4J fails with a bare {@code NoClassDefFoundError},
 * which {@code ServiceLoader} or the tool reports as "could not be instantiated" with no cause.
 *
 * <p>This class, like {@link BloomGateDriver}'s own initialisation, must not touch any of those
 * libraries itself. (In the all-jar the class names below are relocated with the classes they name.)
 */
final class RuntimeDependencies {

    /** One class of each required library, and the Maven coordinates of the jar that holds it. */
    private static final String[][] REQUIRED = {
        {"org.slf4j.LoggerFactory", "org.slf4j:slf4j-api"},
        {"com.dynatrace.hash4j.hashing.Hashing", "com.dynatrace.hash4j:hash4j"},
        {"com.github.benmanes.caffeine.cache.Caffeine", "com.github.ben-manes.caffeine:caffeine"},
        {"org.jooq.impl.DSL", "org.jooq:jooq"},
        {"io.r2dbc.spi.ConnectionFactory", "io.r2dbc:r2dbc-spi (needed by jOOQ)"},
        {"org.reactivestreams.Publisher", "org.reactivestreams:reactive-streams (needed by jOOQ)"},
    };

    private RuntimeDependencies() {
    }

    /**
     * @throws SQLException naming every missing jar, and the single jar that has them all, with the
     *     first {@code ClassNotFoundException} chained
     */
    static void check(ClassLoader loader) throws SQLException {
        List<String> missing = new ArrayList<>();
        Throwable first = null;
        for (String[] required : REQUIRED) {
            try {
                Class.forName(required[0], false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                missing.add(required[1] + " (class " + required[0] + ")");
                if (first == null) {
                    first = e;
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new SQLException("jdbc:bloomgate: the driver cannot start: " + String.join(", ", missing)
                    + (missing.size() == 1 ? " is" : " are") + " not on the class path. Give the tool the"
                    + " self-contained bloomgate-<version>-all.jar instead of bloomgate's main jar (it bundles"
                    + " every library bloomgate needs; add only the database's own driver), or add the missing"
                    + " jars; see the README's \"Install\".", "08001", first);
        }
    }

    /** The error for a library that failed while the driver used it (a missing or clashing class). */
    static SQLException failed(LinkageError e) {
        return new SQLException("jdbc:bloomgate: the driver cannot start: " + e
                + ". A library bloomgate needs is missing or of an incompatible version: give the tool the"
                + " self-contained bloomgate-<version>-all.jar (add only the database's own driver); see the"
                + " README's \"Install\".", "08001", e);
    }
}

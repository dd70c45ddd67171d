package io.bloomgate.h2;

import java.util.concurrent.ConcurrentHashMap;
import org.h2.engine.Database;

/**
 * The guards of every H2 database in this JVM, by database. H2 instantiates triggers and calls
 * functions by class name, so they cannot be handed their guards: they look them up here. This is
 * bloomgate's one piece of static mutable state, and it is keyed by database, so two databases
 * with a table of the same name never share a filter.
 */
final class H2Registry {

    private static final ConcurrentHashMap<Object, GuardedDatabase> DATABASES = new ConcurrentHashMap<>();

    private H2Registry() {
    }

    /** The guards of {@code database}, created empty on first use. */
    static GuardedDatabase of(Database database) {
        return DATABASES.computeIfAbsent(H2Engine.key(database),
                k -> new GuardedDatabase(k, H2Engine.describe(database)));
    }

    /**
     * Drops a private in-memory database's entry once nothing refers to it (its key is the
     * database object itself, which must not outlive it). Named databases keep their small entry:
     * a file database reopened later must find the same slots.
     */
    static void forgetIfUnused(GuardedDatabase guards) {
        if (guards.key instanceof Database && guards.unused()) {
            DATABASES.remove(guards.key, guards);
        }
    }

    /** The guards of {@code database}, or null if none was ever registered. */
    static GuardedDatabase find(Database database) {
        return DATABASES.get(H2Engine.key(database));
    }
}

-- Removes everything sql/postgres/install.sql and bloomgate.install_guard created: every guard's
-- triggers and functions, the change log, the snapshots and the schema. Running gate instances
-- lose their change feed: their guards stop answering (lookups pass through).
--   psql -v ON_ERROR_STOP=1 -f sql/postgres/uninstall.sql

BEGIN;
SELECT pg_advisory_xact_lock(7262457261001);
DO $$
DECLARE
    g record;
BEGIN
    IF to_regclass('bloomgate.guards') IS NOT NULL THEN
        FOR g IN SELECT c.oid::regclass AS target, gd.id
                   FROM bloomgate.guards gd
                   JOIN pg_namespace n ON n.nspname = gd.schema_name
                   JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = gd.table_name LOOP
            PERFORM bloomgate.drop_guard_triggers(g.target, g.id);
        END LOOP;
    END IF;
END
$$;
DROP FUNCTION IF EXISTS bloomgate.uninstall_guard(regclass, name);
DROP FUNCTION IF EXISTS bloomgate.guard_triggers_ok(regclass, integer);
DROP FUNCTION IF EXISTS bloomgate.install_guard(regclass, name, boolean);
DO $$
DECLARE
    f regprocedure;
BEGIN
    FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
              WHERE n.nspname = 'bloomgate' AND p.proname ~ '^g[0-9]+_(insert|update|delete|truncate)$' LOOP
        EXECUTE format('DROP FUNCTION %s', f);
    END LOOP;
END
$$;
DROP FUNCTION IF EXISTS bloomgate.drop_guard_triggers(regclass, integer);
DROP TABLE IF EXISTS bloomgate.instance_stats, bloomgate.snapshots, bloomgate.instances, bloomgate.change_log, bloomgate.guards,
    bloomgate.version;
DROP FUNCTION IF EXISTS bloomgate.change_log_truncated(), bloomgate.change_log_deleted(); -- after their table
-- Not CASCADE: if other objects were created in schema bloomgate, this fails and leaves them alone.
DROP SCHEMA IF EXISTS bloomgate;
COMMIT;

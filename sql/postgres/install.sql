-- bloomgate for PostgreSQL (13 or later): the change log that keeps every gate instance's filters
-- in sync with writes from any connection or process.
--
--   psql -v ON_ERROR_STOP=1 -f sql/postgres/install.sql            -- as a user with CREATE on the database
--   SELECT bloomgate.install_guard('public.users', 'email');       -- as the table's owner
--
-- BloomGate.build() runs this script itself when the schema is missing or older (the same text
-- ships in the jar) and installs each guard's triggers; run it by hand when the application's user
-- may not create schemas or triggers, then grant that user what a gate needs:
--   GRANT USAGE ON SCHEMA bloomgate TO app;
--   GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA bloomgate TO app;
--
-- Idempotent; `sql/postgres/uninstall.sql` removes everything.
--
-- How it works. Every guarded column gets triggers (created by install_guard) that append each new
-- key to bloomgate.change_log (one row per inserted row, or with row_level => false an array per
-- statement), stamped with the writing transaction's id.
-- Gate instances poll the log from their last position (an index scan on (guard_id, xid); often
-- while rows arrive, less often when idle) and add the keys to their filters. The triggers send no
-- notification (version 8): a transaction that queued one takes a database-wide lock at commit and
-- holds it through the WAL flush, so every guarded write would commit one at a time. Log ids come
-- from a sequence before commit, so rows commit out of id order: readers track a pg_snapshot instead
-- of an id (rows invisible to the previous read's snapshot are the only ones not read yet).
BEGIN;
SELECT pg_advisory_xact_lock(7262457261001); -- concurrent installs (several instances starting) queue here

CREATE SCHEMA IF NOT EXISTS bloomgate;

-- The installed version: build() re-runs this script when it is older than the jar's.
CREATE TABLE IF NOT EXISTS bloomgate.version (
    one     boolean PRIMARY KEY DEFAULT true CHECK (one),
    version integer NOT NULL
);

-- One row per guarded column; its id names the column in the log, the triggers and the snapshots.
CREATE TABLE IF NOT EXISTS bloomgate.guards (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    schema_name name NOT NULL,
    table_name  name NOT NULL,
    column_name name NOT NULL,
    key_type    text NOT NULL,   -- format_type() of the column when its triggers were installed
    row_level   boolean NOT NULL,
    -- This guard's log rows below this transaction id were pruned: a reader whose position is
    -- older must rebuild by scan.
    pruned_below xid8 NOT NULL DEFAULT '0',
    UNIQUE (schema_name, table_name, column_name)
);

-- Upgrades from version 1.
ALTER TABLE bloomgate.guards ADD COLUMN IF NOT EXISTS pruned_below xid8 NOT NULL DEFAULT '0';
DROP TABLE IF EXISTS bloomgate.log_state;

-- The change log: one row per statement and guard, not one per key. op: 'I' keys that may have
-- become visible (keys = their text forms); 'D' keys deleted or changed away (n = how many: they
-- only count towards a rebuild); 'T' the table was truncated. xid is the writing transaction's.
DO $upgrade$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('bloomgate.change_log') AND attname = 'id') THEN
        DROP TABLE bloomgate.change_log; -- version 1-2 kept one row per key
    END IF;
END $upgrade$;
CREATE TABLE IF NOT EXISTS bloomgate.change_log (
    xid      xid8 NOT NULL DEFAULT pg_current_xact_id(),
    guard_id integer NOT NULL,
    op       "char" NOT NULL,
    keys     text[],
    n        bigint
);
DROP INDEX IF EXISTS bloomgate.change_log_xid;
-- Reads look up one guard's rows of transactions not visible to the previous read: those from the
-- previous position's xmax on, and those it listed as in progress (few, whatever the log's size).
CREATE INDEX IF NOT EXISTS change_log_guard_xid ON bloomgate.change_log (guard_id, xid);

-- Version 7: rows that leave the log other than by pruning (a TRUNCATE or DELETE of it by hand, a
-- restore of the schema without its rows) would go unnoticed: an instance would replay what is
-- left from its position or its snapshot's and miss the keys of the rows that went. The log's own
-- triggers record such a loss in guards.lost_below (every xid removed is below it); a reader whose
-- position, or a snapshot whose, lies below it rebuilds by scan, as for pruning past it. Pruning
-- (rows below pruned_below) is not a loss. The triggers are ENABLE ALWAYS, so that they fire under
-- session_replication_role = replica too.
ALTER TABLE bloomgate.guards ADD COLUMN IF NOT EXISTS lost_below xid8 NOT NULL DEFAULT '0';

CREATE OR REPLACE FUNCTION bloomgate.change_log_truncated() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    -- TRUNCATE waited for every other transaction that had written to the log, so each removed
    -- row's xid is this transaction's or one that had completed: below a fresh snapshot's xmax. Only
    -- READ COMMITTED takes a fresh one here; an older (REPEATABLE READ) one could miss some.
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'bloomgate: TRUNCATE bloomgate.change_log must run at READ COMMITTED isolation'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Gate instances must learn which rows it removed; at this isolation level they cannot.';
    END IF;
    UPDATE bloomgate.guards SET lost_below = greatest(lost_below, pg_snapshot_xmax(pg_current_snapshot()),
                                                      (pg_current_xact_id()::text::bigint + 1)::text::xid8);
    RETURN NULL;
END
$f$;

CREATE OR REPLACE FUNCTION bloomgate.change_log_deleted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    UPDATE bloomgate.guards g SET lost_below = greatest(g.lost_below, d.above)
      FROM (SELECT o.guard_id, ((max(o.xid::text::bigint)) + 1)::text::xid8 AS above
              FROM bloomgate_deleted o JOIN bloomgate.guards p ON p.id = o.guard_id
             WHERE o.xid >= p.pruned_below
             GROUP BY o.guard_id) d
     WHERE g.id = d.guard_id;
    RETURN NULL;
END
$f$;

DO $logtriggers$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = 'bloomgate.change_log'::regclass
                    AND tgname = 'change_log_truncated') THEN
        CREATE TRIGGER change_log_truncated AFTER TRUNCATE ON bloomgate.change_log
            FOR EACH STATEMENT EXECUTE FUNCTION bloomgate.change_log_truncated();
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = 'bloomgate.change_log'::regclass
                    AND tgname = 'change_log_deleted') THEN
        CREATE TRIGGER change_log_deleted AFTER DELETE ON bloomgate.change_log
            REFERENCING OLD TABLE AS bloomgate_deleted
            FOR EACH STATEMENT EXECUTE FUNCTION bloomgate.change_log_deleted();
    END IF;
    IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = 'bloomgate.change_log'::regclass
                AND tgname IN ('change_log_truncated', 'change_log_deleted') AND tgenabled <> 'A') THEN
        ALTER TABLE bloomgate.change_log ENABLE ALWAYS TRIGGER change_log_truncated;
        ALTER TABLE bloomgate.change_log ENABLE ALWAYS TRIGGER change_log_deleted;
    END IF;
END $logtriggers$;

-- Live gate instances and the oldest log position each still needs (the minimum over its guards).
-- A guard's log rows are pruned below the oldest position of every live instance and of its own
-- snapshot (if younger than the retention the pruning instance is configured with).
CREATE TABLE IF NOT EXISTS bloomgate.instances (
    id           uuid PRIMARY KEY,
    description  text NOT NULL,       -- host and process, for people reading this table
    started_at   timestamptz NOT NULL DEFAULT now(),
    heartbeat_at timestamptz NOT NULL DEFAULT now(),
    frontier     xid8 NOT NULL
);

-- Each instance's counters per guard, written at most once a second while they change and once
-- more on close (ended_at), for `bloomgate report` to aggregate over instances. Rows of instances
-- that ended or fell silent are kept for seven days. Column names follow H2's BLOOM_STATS().
-- io_*_at_start are the key column's index counters (pg_stat_user_indexes, pg_statio_user_indexes)
-- when the instance started: the report measures the index I/O since then against them.
CREATE TABLE IF NOT EXISTS bloomgate.instance_stats (
    instance_id            uuid NOT NULL,
    guard_id               integer NOT NULL REFERENCES bloomgate.guards (id) ON DELETE CASCADE,
    description            text NOT NULL,
    started_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL DEFAULT now(),
    ended_at               timestamptz,
    state                  text NOT NULL,
    lookups                bigint NOT NULL,
    avoided                bigint NOT NULL,
    passed_through         bigint NOT NULL,
    true_positives         bigint NOT NULL,
    false_positives        bigint NOT NULL,
    bypassed_by_reason     text NOT NULL,   -- 'NOT_ELIGIBLE=3,FIRST_EXECUTION=1'
    keys_added             bigint NOT NULL,
    stale_keys             bigint NOT NULL,
    rebuilds               integer NOT NULL,
    layout                 text NOT NULL,
    bits                   bigint NOT NULL,
    hash_functions         integer NOT NULL,
    stages                 integer NOT NULL,
    expected_keys          bigint NOT NULL,
    target_fpp             double precision NOT NULL,
    added_keys             bigint NOT NULL,
    estimated_keys         bigint NOT NULL,
    fill_ratio             double precision NOT NULL,
    estimated_fpp          double precision NOT NULL,
    memory_bytes           bigint NOT NULL,
    key_indexes            integer,         -- null: the key column has no index of its own
    io_idx_scan_at_start   bigint,
    io_blks_read_at_start  bigint,
    io_blks_hit_at_start   bigint,
    io_table_scans_at_start bigint,
    PRIMARY KEY (instance_id, guard_id)
);

-- Upgrades from version 5: roles granted the tables before this one existed (GRANT ... ON ALL
-- TABLES IN SCHEMA bloomgate) may write it too, or their gates could not persist their counters.
DO $$
DECLARE
    r record;
BEGIN
    IF (SELECT relowner FROM pg_class WHERE oid = 'bloomgate.instance_stats'::regclass)
            = (SELECT oid FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN SELECT DISTINCT a.grantee FROM pg_class c, aclexplode(c.relacl) a
                  WHERE c.oid = 'bloomgate.instances'::regclass AND a.privilege_type = 'INSERT'
                    AND a.grantee <> c.relowner LOOP
            EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.instance_stats TO %s',
                           CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE r.grantee::regrole::text END);
        END LOOP;
    END IF;
END
$$;

-- Saved filters: a new instance loads one and replays the log from its position instead of
-- scanning the table. data holds bloomgate's own checksummed, versioned format.
CREATE TABLE IF NOT EXISTS bloomgate.snapshots (
    guard_id   integer PRIMARY KEY REFERENCES bloomgate.guards (id) ON DELETE CASCADE,
    saved_at   timestamptz NOT NULL DEFAULT now(),
    position   pg_snapshot NOT NULL, -- the log position the filter covers
    data       bytea NOT NULL
);

-- Installs (or repairs) the triggers of one guarded column and returns the guard's id. Needs the
-- table's owner (CREATE TRIGGER). Creating the triggers takes a lock that waits for every open
-- transaction that wrote to the table, so no write made before them can commit unseen after.
--
-- Inserts are logged by a row-level trigger (one log row per inserted row); updates by a row-level
-- trigger that fires only when the key changed (checked in C by its WHEN clause, without calling
-- PL/pgSQL); deletes and truncates are counted, not listed. row_level => false asks instead for
-- statement-level insert and delete triggers that read the transition table (one log row per
-- statement, holding an array of the keys): cheaper for tables written mostly by multi-row
-- statements (pgjdbc batches with reWriteBatchedInserts=true, INSERT ... SELECT, COPY), dearer for
-- single-row ones, which pay for the transition table and a second query (version 9 made row-level
-- the default: a single-row INSERT costs about 12 µs of server time with it, 22 µs without; see
-- docs/benchmarks.md). Partitioned tables always get row-level triggers (PostgreSQL clones those to
-- every partition, so writes addressed to a partition directly are seen too).
DROP FUNCTION IF EXISTS bloomgate.install_guard(regclass, name, boolean); -- its parameter's default changed (version 9)
CREATE OR REPLACE FUNCTION bloomgate.install_guard(target regclass, key_column name, row_level boolean DEFAULT true)
RETURNS integer LANGUAGE plpgsql AS $install$
DECLARE
    s name;
    t name;
    kind "char";
    col_type text;
    gid integer;
    fn text;
    keyref text;
BEGIN
    SELECT n.nspname, c.relname, c.relkind INTO s, t, kind
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = target;
    SELECT format_type(a.atttypid, a.atttypmod) INTO col_type
      FROM pg_attribute a WHERE a.attrelid = target AND a.attname = key_column AND a.attnum > 0 AND NOT a.attisdropped;
    IF col_type IS NULL THEN
        RAISE EXCEPTION 'bloomgate: table %.% has no column %', s, t, key_column
            USING ERRCODE = 'undefined_column', HINT = 'Name an existing column of the table.';
    END IF;
    IF kind NOT IN ('r', 'p') THEN
        RAISE EXCEPTION 'bloomgate: %.% is not a table (relkind %); only tables and partitioned tables can be guarded', s, t, kind
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF kind = 'r' AND EXISTS (SELECT 1 FROM pg_inherits WHERE inhparent = target) THEN
        RAISE EXCEPTION 'bloomgate: %.% has inheritance children, whose rows its queries return but whose writes its triggers do not see', s, t
            USING ERRCODE = 'feature_not_supported', HINT = 'Guard each child table, or use declarative partitioning.';
    END IF;
    row_level := row_level OR kind = 'p';

    INSERT INTO bloomgate.guards (schema_name, table_name, column_name, key_type, row_level)
        VALUES (s, t, key_column, col_type, row_level)
        ON CONFLICT (schema_name, table_name, column_name)
        DO UPDATE SET key_type = EXCLUDED.key_type, row_level = EXCLUDED.row_level
        RETURNING id INTO gid;

    fn := 'bloomgate.g' || gid;
    keyref := quote_ident(key_column);

    -- SECURITY DEFINER: writers to the table need no rights on the log. Without SET search_path
    -- (setting it on every call costs more than the rest of the trigger): every function, type and
    -- operator is schema-qualified instead, so a caller's search_path cannot redirect them.
    IF row_level THEN
        EXECUTE format($f$
            CREATE OR REPLACE FUNCTION %s_insert() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
            BEGIN
                IF NEW.%s IS NOT NULL THEN
                    INSERT INTO bloomgate.change_log (guard_id, op, keys) VALUES (%s, 'I', ARRAY[NEW.%s::pg_catalog.text]);
                END IF;
                RETURN NULL;
            END $body$$f$, fn, keyref, gid, keyref);
        EXECUTE format($f$
            CREATE OR REPLACE FUNCTION %s_delete() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
            BEGIN
                IF OLD.%s IS NOT NULL THEN
                    INSERT INTO bloomgate.change_log (guard_id, op, n) VALUES (%s, 'D', 1);
                END IF;
                RETURN NULL;
            END $body$$f$, fn, keyref, gid);
    ELSE
        EXECUTE format($f$
            CREATE OR REPLACE FUNCTION %s_insert() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
            DECLARE
                added pg_catalog.text[];
            BEGIN
                SELECT pg_catalog.array_agg(n.%s::pg_catalog.text) INTO added FROM bloomgate_new n WHERE n.%s IS NOT NULL;
                IF added IS NOT NULL THEN
                    INSERT INTO bloomgate.change_log (guard_id, op, keys) VALUES (%s, 'I', added);
                END IF;
                RETURN NULL;
            END $body$$f$, fn, keyref, keyref, gid);
        EXECUTE format($f$
            CREATE OR REPLACE FUNCTION %s_delete() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
            DECLARE
                deleted pg_catalog.int8;
            BEGIN
                SELECT pg_catalog.count(*) INTO deleted FROM bloomgate_old o WHERE o.%s IS NOT NULL;
                IF deleted OPERATOR(pg_catalog.<>) 0 THEN
                    INSERT INTO bloomgate.change_log (guard_id, op, n) VALUES (%s, 'D', deleted);
                END IF;
                RETURN NULL;
            END $body$$f$, fn, keyref, gid);
    END IF;
    EXECUTE format($f$
        CREATE OR REPLACE FUNCTION %s_update() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
        BEGIN
            IF NEW.%s IS NOT NULL THEN
                INSERT INTO bloomgate.change_log (guard_id, op, keys) VALUES (%s, 'I', ARRAY[NEW.%s::pg_catalog.text]);
            END IF;
            IF OLD.%s IS NOT NULL THEN
                INSERT INTO bloomgate.change_log (guard_id, op, n) VALUES (%s, 'D', 1);
            END IF;
            RETURN NULL;
        END $body$$f$, fn, keyref, gid, keyref, keyref, gid);
    EXECUTE format($f$
        CREATE OR REPLACE FUNCTION %s_truncate() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
        BEGIN
            INSERT INTO bloomgate.change_log (guard_id, op) VALUES (%s, 'T');
            RETURN NULL;
        END $body$$f$, fn, gid);

    -- Replace the triggers in this transaction: there is no moment without them.
    PERFORM bloomgate.drop_guard_triggers(target, gid);
    IF row_level THEN
        EXECUTE format('CREATE TRIGGER bloomgate_g%s_insert AFTER INSERT ON %s FOR EACH ROW EXECUTE FUNCTION %s_insert()',
                       gid, target, fn);
        EXECUTE format('CREATE TRIGGER bloomgate_g%s_delete AFTER DELETE ON %s FOR EACH ROW EXECUTE FUNCTION %s_delete()',
                       gid, target, fn);
    ELSE
        EXECUTE format('CREATE TRIGGER bloomgate_g%s_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS bloomgate_new'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION %s_insert()', gid, target, fn);
        EXECUTE format('CREATE TRIGGER bloomgate_g%s_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS bloomgate_old'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION %s_delete()', gid, target, fn);
    END IF;
    -- No "UPDATE OF column": a BEFORE trigger may change the key of an UPDATE that does not name it.
    EXECUTE format('CREATE TRIGGER bloomgate_g%s_update AFTER UPDATE ON %s FOR EACH ROW'
                   ' WHEN (OLD.%s IS DISTINCT FROM NEW.%s) EXECUTE FUNCTION %s_update()', gid, target, keyref, keyref, fn);
    EXECUTE format('CREATE TRIGGER bloomgate_g%s_truncate AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION %s_truncate()',
                   gid, target, fn);
    -- ENABLE ALWAYS (version 10): a trigger enabled the ordinary way ('O') does not fire in a session
    -- with session_replication_role = replica (bulk loads, pg_restore without --disable-triggers
    -- run that way, logical replication's apply worker), and the rows that session writes would be
    -- visible to readers but missing from every filter. PostgreSQL 15 passes the setting on to the
    -- clones of the row triggers on existing and later partitions; guard_triggers_ok checks them.
    EXECUTE format('ALTER TABLE %s ENABLE ALWAYS TRIGGER bloomgate_g%s_insert, ENABLE ALWAYS TRIGGER bloomgate_g%s_update,'
                   ' ENABLE ALWAYS TRIGGER bloomgate_g%s_delete, ENABLE ALWAYS TRIGGER bloomgate_g%s_truncate',
                   target, gid, gid, gid, gid);
    RETURN gid;
END
$install$;

-- Drops the triggers of guard gid on target (they are named bloomgate_g<gid>_<event>).
CREATE OR REPLACE FUNCTION bloomgate.drop_guard_triggers(target regclass, gid integer)
RETURNS void LANGUAGE plpgsql AS $drop$
DECLARE
    trig name;
BEGIN
    FOR trig IN SELECT tgname FROM pg_trigger WHERE tgrelid = target AND NOT tgisinternal
                  AND tgname LIKE 'bloomgate\_g' || gid || '\_%' LOOP
        EXECUTE format('DROP TRIGGER %I ON %s', trig, target);
    END LOOP;
END
$drop$;

-- How many of guard gid's four triggers are in place and enabled ALWAYS on target (4 when healthy).
-- A trigger disabled (ALTER TABLE ... DISABLE TRIGGER) does not fire, and one enabled the ordinary
-- way ('O', as before version 10) does not fire in sessions with session_replication_role = replica:
-- either counts as missing. A plain table that has gained inheritance children counts as 0: queries
-- on it return the children's rows, whose writes fire none of its triggers. So does a partitioned
-- table with a leaf partition whose clone of a row trigger is missing or not ALWAYS (a partition's
-- trigger disabled by hand): the rows written to that partition would go unlogged.
CREATE OR REPLACE FUNCTION bloomgate.guard_triggers_ok(target regclass, gid integer)
RETURNS integer LANGUAGE sql STABLE AS $ok$
    SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhparent
                              WHERE i.inhparent = target AND c.relkind = 'r') THEN 0
           WHEN EXISTS (SELECT 1 FROM pg_partition_tree(target) p
                         CROSS JOIN unnest(ARRAY['bloomgate_g' || gid || '_insert', 'bloomgate_g' || gid || '_update',
                                                 'bloomgate_g' || gid || '_delete']) AS n(tgname)
                         WHERE p.isleaf AND p.relid <> target
                           AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = p.relid
                                            AND t.tgname = n.tgname AND t.tgenabled = 'A')) THEN 0
           ELSE (SELECT count(*)::integer FROM pg_trigger
                  WHERE tgrelid = target AND NOT tgisinternal AND tgenabled = 'A'
                    AND tgname IN ('bloomgate_g' || gid || '_insert', 'bloomgate_g' || gid || '_update',
                                   'bloomgate_g' || gid || '_delete', 'bloomgate_g' || gid || '_truncate'))
           END;
$ok$;

-- Removes one guard: its triggers, functions, log rows and snapshot.
CREATE OR REPLACE FUNCTION bloomgate.uninstall_guard(target regclass, key_column name)
RETURNS void LANGUAGE plpgsql AS $uninstall$
DECLARE
    gid integer;
    f text;
BEGIN
    SELECT g.id INTO gid FROM bloomgate.guards g JOIN pg_namespace n ON n.nspname = g.schema_name
      JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = g.table_name
     WHERE c.oid = target AND g.column_name = key_column;
    IF gid IS NULL THEN
        RETURN;
    END IF;
    PERFORM bloomgate.drop_guard_triggers(target, gid);
    FOREACH f IN ARRAY ARRAY['insert', 'update', 'delete', 'truncate'] LOOP
        EXECUTE format('DROP FUNCTION IF EXISTS bloomgate.g%s_%s()', gid, f);
    END LOOP;
    DELETE FROM bloomgate.change_log WHERE guard_id = gid;
    DELETE FROM bloomgate.guards WHERE id = gid;
END
$uninstall$;

-- Upgrades: guards installed by an older version get this version's trigger functions (version 8:
-- without pg_notify; version 9: row-level insert triggers, the new default, for guards installed
-- with the old one; version 10: triggers enabled ALWAYS). Re-installing needs the table's owner: where the user running this script is
-- not, that guard keeps its older (correct, slower) triggers with a warning, and build() or
-- bloomgate.install_guard as the owner replaces them later.
DO $regenerate$
DECLARE
    g record;
BEGIN
    IF (SELECT coalesce(max(version), 0) FROM bloomgate.version) < 10 THEN
        IF (SELECT coalesce(max(version), 0) FROM bloomgate.version) < 9 THEN
            UPDATE bloomgate.guards SET row_level = true;
        END IF;
        FOR g IN SELECT schema_name, table_name, column_name, row_level FROM bloomgate.guards
                  WHERE to_regclass(format('%I.%I', schema_name, table_name)) IS NOT NULL LOOP
            BEGIN
                PERFORM bloomgate.install_guard(to_regclass(format('%I.%I', g.schema_name, g.table_name)),
                                                g.column_name, g.row_level);
            EXCEPTION WHEN insufficient_privilege THEN
                RAISE WARNING 'bloomgate: the triggers of %.%.% are an older version''s (not ALWAYS, or slower for writers; the gate passes its lookups through until they are replaced): run SELECT bloomgate.install_guard(%L, %L) as the table''s owner',
                    g.schema_name, g.table_name, g.column_name, format('%I.%I', g.schema_name, g.table_name), g.column_name;
            END;
        END LOOP;
    END IF;
END
$regenerate$;

INSERT INTO bloomgate.version (version) VALUES (10)
    ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version;
COMMIT;

-- bloomgate's MySQL/MariaDB objects: the change log that keeps every gate instance's Bloom filters
-- in sync with writes from any connection (docs/architecture.md section 4, "MySQL and MariaDB").
--
-- BloomGate.build() runs this script when the database `bloomgate` lacks these tables (idempotent:
-- every statement is IF NOT EXISTS / INSERT IGNORE), then installs each guarded table's triggers.
-- Where the application's user may not create them, an administrator runs it once:
--
--   mariadb < sql/mysql/install.sql        (or: mysql < sql/mysql/install.sql)
--   GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO 'app'@'%';
--   GRANT TRIGGER ON appdb.guarded_table TO 'app'@'%';       -- per guarded table
--   -- optional, for the strict hole check (see README): GRANT PROCESS ON *.* TO 'app'@'%';
--   -- with the binary log on (MySQL 8's default), creating triggers also needs:
--   -- SET GLOBAL log_bin_trust_function_creators = 1;
--
-- The statements are separated by a semicolon at the end of a line (build() runs them one by one).

CREATE DATABASE IF NOT EXISTS bloomgate;

-- The version of these objects (this jar's MySqlSchema.VERSION).
CREATE TABLE IF NOT EXISTS bloomgate.version (
    version INT NOT NULL PRIMARY KEY
) ENGINE = InnoDB;

-- One row per guarded column of any database of the server; its id names the column's triggers
-- (bloomgate_g<id>_ins / _upd / _del) and tags its change-log rows.
CREATE TABLE IF NOT EXISTS bloomgate.guards (
    id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    database_name VARCHAR(64) NOT NULL,
    table_name VARCHAR(64) NOT NULL,
    column_name VARCHAR(64) NOT NULL,
    UNIQUE KEY guards_column (database_name, table_name, column_name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- What the triggers write: op 'I' = a key written (k: the key as the trigger logged it: an integer's
-- decimal digits, a binary string's bytes, a text's utf8mb4 bytes), 'D' = a row deleted or a key
-- moved away (k NULL; counted as a stale key). Ids are assigned before commit, so they commit out of
-- order: the feed tracks the holes (LogFeed).
CREATE TABLE IF NOT EXISTS bloomgate.change_log (
    id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    guard_id INT NOT NULL,
    op CHAR(1) CHARACTER SET ascii NOT NULL,
    k BLOB NULL
) ENGINE = InnoDB;

-- The live gate instances: pruning keeps every log row at or above the lowest position of an
-- instance whose heartbeat is recent (an instance silent for longer rebuilds by scan if it returns).
CREATE TABLE IF NOT EXISTS bloomgate.instances (
    id CHAR(36) CHARACTER SET ascii NOT NULL PRIMARY KEY,
    description VARCHAR(512) NOT NULL,
    heartbeat DATETIME(6) NOT NULL,
    position BIGINT NOT NULL,
    feed_connection BIGINT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- pruned_below: every log row below it was deleted by pruning (an instance whose position is lower
-- lost rows it needed, and rebuilds by scan).
CREATE TABLE IF NOT EXISTS bloomgate.state (
    id INT NOT NULL PRIMARY KEY,
    pruned_below BIGINT NOT NULL
) ENGINE = InnoDB;

INSERT IGNORE INTO bloomgate.state (id, pruned_below) VALUES (1, 0);

-- Each instance's counters per guard, for `bloomgate report --url jdbc:mariadb://...` to sum over
-- instances: written at most once a second while they change, and on close (ended_at). io_*: the
-- server's read counters (SHOW GLOBAL STATUS: every table, every client) when the instance started,
-- and the server's start then, in Unix seconds (a later start means the counters were reset). build() also creates
-- this table where an older install lacks it (without it, counters are not persisted).
CREATE TABLE IF NOT EXISTS bloomgate.instance_stats (
    instance_id CHAR(36) CHARACTER SET ascii NOT NULL,
    guard_id INT NOT NULL,
    description VARCHAR(512) NOT NULL,
    started_at DATETIME(6) NOT NULL,
    updated_at DATETIME(6) NOT NULL,
    ended_at DATETIME(6) NULL,
    state VARCHAR(32) NOT NULL,
    lookups BIGINT NOT NULL,
    avoided BIGINT NOT NULL,
    passed_through BIGINT NOT NULL,
    true_positives BIGINT NOT NULL,
    false_positives BIGINT NOT NULL,
    bypassed_by_reason VARCHAR(2048) NOT NULL,
    keys_added BIGINT NOT NULL,
    stale_keys BIGINT NOT NULL,
    rebuilds INT NOT NULL,
    layout VARCHAR(32) NOT NULL,
    bits BIGINT NOT NULL,
    hash_functions INT NOT NULL,
    stages INT NOT NULL,
    expected_keys BIGINT NOT NULL,
    target_fpp DOUBLE NOT NULL,
    added_keys BIGINT NOT NULL,
    estimated_keys BIGINT NOT NULL,
    fill_ratio DOUBLE NOT NULL,
    estimated_fpp DOUBLE NOT NULL,
    memory_bytes BIGINT NOT NULL,
    io_server_started_epoch BIGINT NULL,
    io_index_reads_at_start BIGINT NULL,
    io_page_requests_at_start BIGINT NULL,
    io_disk_reads_at_start BIGINT NULL,
    PRIMARY KEY (instance_id, guard_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Saved filters (added after version 1 without a new version: older jars ignore the table; build()
-- also creates it where an older install lacks it, and without it filters are not saved). data: the filter with the change-log
-- position it covers (the high-water mark and the open holes) and what it was made for; position:
-- its lowest unread id (a load replays from there; loaded only if pruning has not passed it).
CREATE TABLE IF NOT EXISTS bloomgate.snapshots (
    guard_id INT NOT NULL PRIMARY KEY,
    saved_at DATETIME(6) NOT NULL,
    position BIGINT NOT NULL,
    data LONGBLOB NOT NULL
) ENGINE = InnoDB;

-- Which run of the server this is: a MEMORY table is empty after every restart (a crash included), so
-- the random token the first feed of a run inserts names that run exactly. A change-log position is
-- valid only within one run (a crash can undo commits a feed had read, and the restarted server then
-- draws their log ids again); the server's start time (now - Uptime, whole seconds) cannot tell apart
-- two starts a second apart. Added after version 1 without a new version; build() also creates it
-- where an older install lacks it (without it, every reconnection of a feed counts as a restart).
CREATE TABLE IF NOT EXISTS bloomgate.server_run (
    id INT NOT NULL PRIMARY KEY,
    run CHAR(36) CHARACTER SET ascii NOT NULL
) ENGINE = MEMORY;

INSERT IGNORE INTO bloomgate.version (version) VALUES (1);

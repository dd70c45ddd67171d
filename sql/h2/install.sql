-- bloomgate for H2: SQL functions over the Bloom filter guards of this database.
-- Needs bloomgate-<version>-all.jar on the class path of the JVM that opens the database (or bloomgate's
-- jar and its dependencies), an admin user, and a session at READ COMMITTED (H2's default).
-- Idempotent: run it as often as you like.  RUNSCRIPT FROM 'sql/h2/install.sql'
--
--   CALL BLOOM_GUARD('USERS', 'EMAIL');                  -- sized from the table, p = 1%
--   CALL BLOOM_GUARD('ORDERS', 'ID', 10000000, 0.001);   -- explicit expected keys and rate
--   SELECT BLOOM_MAY_CONTAIN('USERS', 'EMAIL', 'a@b.c'); -- FALSE: definitely absent
--   SELECT * FROM BLOOM_STATS();                         -- one row per guard
--   CALL BLOOM_REBUILD('USERS', 'EMAIL');                -- after writes no trigger saw (a restored backup)
--   CALL BLOOM_UNGUARD('USERS', 'EMAIL');
--
-- BLOOM_GUARD installs the trigger BLOOMGATE_<table> (CREATE TRIGGER commits the current
-- transaction). None of these functions is DETERMINISTIC: H2 would fold a call with constant
-- arguments into a constant when a query is prepared, freezing the answer.

CREATE ALIAS IF NOT EXISTS BLOOM_MAY_CONTAIN FOR 'io.bloomgate.h2.H2Functions.mayContain';
CREATE ALIAS IF NOT EXISTS BLOOM_GUARD FOR 'io.bloomgate.h2.H2Functions.guard';
CREATE ALIAS IF NOT EXISTS BLOOM_UNGUARD FOR 'io.bloomgate.h2.H2Functions.unguard';
CREATE ALIAS IF NOT EXISTS BLOOM_REBUILD FOR 'io.bloomgate.h2.H2Functions.rebuild';
CREATE ALIAS IF NOT EXISTS BLOOM_STATS FOR 'io.bloomgate.h2.H2Functions.stats';
CREATE ALIAS IF NOT EXISTS BLOOM_UNGUARD_ALL FOR 'io.bloomgate.h2.H2Functions.unguardAll';

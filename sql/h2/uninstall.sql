-- Removes everything sql/h2/install.sql and BLOOM_GUARD created: the guards created from SQL,
-- every bloomgate trigger (BLOOMGATE_<table>) and the functions. Guards of running Java gates
-- lose their triggers too: they stop answering (their lookups pass through) until rebuilt.
-- RUNSCRIPT FROM 'sql/h2/uninstall.sql'

CREATE ALIAS IF NOT EXISTS BLOOM_UNGUARD_ALL FOR 'io.bloomgate.h2.H2Functions.unguardAll';
CALL BLOOM_UNGUARD_ALL();
DROP ALIAS IF EXISTS BLOOM_UNGUARD_ALL;
DROP ALIAS IF EXISTS BLOOM_STATS;
DROP ALIAS IF EXISTS BLOOM_REBUILD;
DROP ALIAS IF EXISTS BLOOM_UNGUARD;
DROP ALIAS IF EXISTS BLOOM_GUARD;
DROP ALIAS IF EXISTS BLOOM_MAY_CONTAIN;

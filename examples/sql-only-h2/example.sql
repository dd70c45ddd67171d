-- bloomgate from SQL only, on H2: no Java code of your own, just bloomgate-<version>-all.jar on the class path
-- of the JVM that opens the database, at READ COMMITTED. Paths are relative to the working directory (the repo root).
--   RUNSCRIPT FROM 'examples/sql-only-h2/example.sql'

-- 1. Install the functions (BLOOM_GUARD, BLOOM_MAY_CONTAIN, BLOOM_STATS, ...).
RUNSCRIPT FROM 'sql/h2/install.sql';

-- 2. A block list of 10,000 domains, and a guard on its key column. BLOOM_GUARD scans the column and
--    installs a trigger that adds every key written afterwards, by any connection.
CREATE TABLE ex_blocked (domain VARCHAR(255) PRIMARY KEY, reason VARCHAR(50) NOT NULL);
INSERT INTO ex_blocked SELECT 'spam' || X || '.example', 'spam' FROM SYSTEM_RANGE(1, 10000);
CALL BLOOM_GUARD('EX_BLOCKED', 'DOMAIN', 100000, 0.001);
INSERT INTO ex_blocked VALUES ('phish.example', 'phishing');   -- in the filter at once (the trigger)

-- 3. Domains seen in incoming mail: 1 in 50 is blocked.
CREATE TABLE ex_incoming (domain VARCHAR(255) PRIMARY KEY);
INSERT INTO ex_incoming SELECT CASE WHEN MOD(X, 50) = 0 THEN 'spam' || X || '.example'
                                    ELSE 'mail' || X || '.example' END FROM SYSTEM_RANGE(1, 2000);
INSERT INTO ex_incoming VALUES ('phish.example');

-- 4. Ask the filter first; only a "maybe" (TRUE) looks the domain up in the table (AND stops at
--    FALSE, so EXISTS runs only for the maybes).
CREATE TABLE ex_verdicts AS
SELECT domain, may_be_blocked,
       may_be_blocked AND EXISTS (SELECT 1 FROM ex_blocked b WHERE b.domain = f.domain) AS blocked
  FROM (SELECT domain, BLOOM_MAY_CONTAIN('EX_BLOCKED', 'DOMAIN', domain) AS may_be_blocked FROM ex_incoming) f;

-- 5. What the filter saved: AVOIDED calls answered FALSE, PASSED_THROUGH answered TRUE.
CREATE TABLE ex_stats AS
SELECT TABLE_NAME, COLUMN_NAME, STATE, LOOKUPS, AVOIDED, PASSED_THROUGH, ESTIMATED_FPP FROM BLOOM_STATS();

SELECT * FROM ex_verdicts WHERE blocked;
SELECT * FROM ex_stats;

-- 6. Remove the guard, its trigger and the functions (the tables stay).
RUNSCRIPT FROM 'sql/h2/uninstall.sql';

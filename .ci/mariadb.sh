#!/usr/bin/env bash
# Installs (if needed) and starts MariaDB 10.11 (Debian's mariadb-server) on loopback, creates the
# test database and users, and prints the JDBC URL the tests read from BLOOMGATE_MYSQL_URL; all
# else goes to stderr. Run as root (CI and the dev machines run as root). Works without systemd:
# the server is started directly in the background with a pid file.
set -euo pipefail

PORT=3306
PIDFILE=/run/mysqld/mysqld.pid
SOCKET=/run/mysqld/mysqld.sock

if ! command -v mariadbd >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    # The package's postinst may try to start the server through invoke-rc.d; whether it manages
    # to or not, the start below is the one that counts.
    apt-get install -y -qq -o Dpkg::Use-Pty=0 mariadb-server >&2
fi

mkdir -p /run/mysqld
chown mysql:mysql /run/mysqld
if [ ! -d /var/lib/mysql/mysql ]; then
    mariadb-install-db --user=mysql --datadir=/var/lib/mysql >&2
fi

answers() { mariadb-admin --socket="$SOCKET" ping >/dev/null 2>&1; }

if ! answers; then
    # Loopback only, whatever the packaged configuration says.
    # Its own temporary directory rather than /tmp, which other jobs clean and share.
    mkdir -p /var/lib/mysql-tmp && chown mysql:mysql /var/lib/mysql-tmp
    # setsid: a session of its own, so that ending the shell or job that started it (a CI step, a
    # developer's terminal, an agent's tool call) does not take the shared server down with it.
    setsid nohup mariadbd --user=mysql --datadir=/var/lib/mysql --tmpdir=/var/lib/mysql-tmp --bind-address=127.0.0.1 --port="$PORT" \
        --socket="$SOCKET" --pid-file="$PIDFILE" >/var/log/mariadbd-bloomgate.log 2>&1 &
    for _ in $(seq 1 60); do
        answers && break
        sleep 1
    done
    if ! answers; then
        echo "MariaDB did not answer within 60 s; its log:" >&2
        tail -n 50 /var/log/mariadbd-bloomgate.log >&2 || true
        exit 1
    fi
fi

# root@localhost authenticates by unix socket on Debian.
mariadb --socket="$SOCKET" -u root >&2 <<'SQL'
CREATE DATABASE IF NOT EXISTS bloomgate_test;
-- TCP connections to 127.0.0.1 may be matched as host 'localhost' (name resolution) or
-- '127.0.0.1'; both accounts exist so neither an anonymous account nor resolution decides.
CREATE USER IF NOT EXISTS 'bloomgate'@'localhost' IDENTIFIED BY 'bloomgate';
CREATE USER IF NOT EXISTS 'bloomgate'@'127.0.0.1' IDENTIFIED BY 'bloomgate';
-- The same rights without PROCESS: the change feed must work (less strictly) without it.
CREATE USER IF NOT EXISTS 'bloomgate_noproc'@'localhost' IDENTIFIED BY 'bloomgate_noproc';
CREATE USER IF NOT EXISTS 'bloomgate_noproc'@'127.0.0.1' IDENTIFIED BY 'bloomgate_noproc';
-- All rights (TRIGGER included) on the test databases: bloomgate_test, bloomgate (the change
-- log's database) and any bloomgate_* the tests create.
GRANT ALL PRIVILEGES ON `bloomgate%`.* TO 'bloomgate'@'localhost', 'bloomgate'@'127.0.0.1',
    'bloomgate_noproc'@'localhost', 'bloomgate_noproc'@'127.0.0.1';
GRANT PROCESS ON *.* TO 'bloomgate'@'localhost', 'bloomgate'@'127.0.0.1';
-- Everything but TRIGGER: a gate built by this user must refuse with the GRANT an administrator runs.
CREATE USER IF NOT EXISTS 'bloomgate_notrigger'@'localhost' IDENTIFIED BY 'bloomgate_notrigger';
CREATE USER IF NOT EXISTS 'bloomgate_notrigger'@'127.0.0.1' IDENTIFIED BY 'bloomgate_notrigger';
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, INDEX, ALTER ON `bloomgate%`.*
    TO 'bloomgate_notrigger'@'localhost', 'bloomgate_notrigger'@'127.0.0.1';
SQL

# With the binary log on, CREATE TRIGGER needs SUPER unless this is set (error 1419).
if [ "$(mariadb --socket="$SOCKET" -u root -N -B -e 'SELECT @@log_bin')" = "1" ]; then
    mariadb --socket="$SOCKET" -u root -e 'SET GLOBAL log_bin_trust_function_creators = 1' >&2
fi

echo "jdbc:mariadb://127.0.0.1:${PORT}/bloomgate_test?user=bloomgate&password=bloomgate"

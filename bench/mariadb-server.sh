#!/usr/bin/env bash
# A private MariaDB server for the MySQL/MariaDB benchmarks (docs/benchmarks.md), so that they neither
# load nor see the shared server's `bloomgate` database (its change log is read by every gate on a
# server): same binary and packaged configuration as .ci/mariadb.sh, its own datadir, port and
# socket. Run as root.
#
#   bench/mariadb-server.sh start    # prints the JDBC URL for BLOOMGATE_MYSQL_URL (user bloomgate, with PROCESS)
#   bench/mariadb-server.sh stop     # stops it and deletes its datadir
#
# Environment: BENCH_MARIADB_PORT (default 3307), BENCH_MARIADB_DIR (default /tmp/bloomgate-bench-mariadb).
set -euo pipefail

PORT="${BENCH_MARIADB_PORT:-3307}"
DIR="${BENCH_MARIADB_DIR:-/tmp/bloomgate-bench-mariadb}"
SOCKET="$DIR/mysqld.sock"
PIDFILE="$DIR/mysqld.pid"

answers() { mariadb-admin --socket="$SOCKET" -u root ping >/dev/null 2>&1; }

case "${1:-}" in
start)
    if ! answers; then
        if [ ! -d "$DIR/data/mysql" ]; then
            mkdir -p "$DIR/data" "$DIR/tmp"
            chown -R mysql:mysql "$DIR"
            mariadb-install-db --user=mysql --datadir="$DIR/data" >"$DIR/install.log" 2>&1
        fi
        # Command-line options override the packaged configuration's pid file, socket and port. Its
        # own tmpdir: the default (/tmp) is shared with other jobs, and a server whose temporary
        # file was deleted under it fails the statement using it (seen once here: error 6).
        nohup mariadbd --user=mysql --datadir="$DIR/data" --tmpdir="$DIR/tmp" --bind-address=127.0.0.1 --port="$PORT" \
            --socket="$SOCKET" --pid-file="$PIDFILE" --log-error="$DIR/error.log" >"$DIR/mariadbd.out" 2>&1 &
        for _ in $(seq 1 60); do
            answers && break
            sleep 1
        done
        answers || { echo "MariaDB did not answer within 60 s; see $DIR/error.log" >&2; exit 1; }
    fi
    mariadb --socket="$SOCKET" -u root >&2 <<'SQL'
CREATE USER IF NOT EXISTS 'bloomgate'@'localhost' IDENTIFIED BY 'bloomgate';
CREATE USER IF NOT EXISTS 'bloomgate'@'127.0.0.1' IDENTIFIED BY 'bloomgate';
GRANT ALL PRIVILEGES ON `bloomgate%`.* TO 'bloomgate'@'localhost', 'bloomgate'@'127.0.0.1';
GRANT PROCESS ON *.* TO 'bloomgate'@'localhost', 'bloomgate'@'127.0.0.1';
CREATE DATABASE IF NOT EXISTS bloomgate_bench;
SQL
    echo "jdbc:mariadb://127.0.0.1:${PORT}/bloomgate_bench?user=bloomgate&password=bloomgate"
    ;;
stop)
    if [ -s "$PIDFILE" ]; then
        pid="$(cat "$PIDFILE")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 60); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 1
        done
    fi
    rm -rf "$DIR"
    ;;
*)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac

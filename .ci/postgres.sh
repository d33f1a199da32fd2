# A throwaway PostgreSQL for the tests (tests/it/common/postgres.rs), sourced by
# .ci/run:
#   postgres_start   installs Debian's `postgresql` when initdb is missing, makes a
#                    cluster in a temporary folder owned by the `postgres` user (initdb
#                    refuses root), starts it on a free loopback port and exports
#                    BOARDBOT_TEST_POSTGRES_URL (a superuser URL, trust authentication)
#   postgres_stop    stops it and removes the folder (set it as an EXIT trap)
# Durability settings stay the server's defaults (fsync on, synchronous_commit on): the
# crash tests rely on them.

postgres_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

postgres_start() {
  local started=$SECONDS bin port
  if ! bin="$(postgres_bin)"; then
    echo "postgres: installing Debian's postgresql package"
    apt-get update -qq
    # No default cluster: the tests make their own.
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/boardbot-ci.conf
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    bin="$(postgres_bin)" || { echo "postgres: initdb is still missing after the install" >&2; return 1; }
    echo "postgres: installed in $((SECONDS - started)) s"
  fi
  local as_server=()
  if [ "$(id -u)" = 0 ]; then as_server=(runuser -u postgres --); fi
  PG_CI_DIR="$(mktemp -d /tmp/boardbot-ci-postgres.XXXXXX)"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PG_CI_DIR"; fi
  "${as_server[@]}" "$bin/initdb" -D "$PG_CI_DIR/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >/dev/null
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "${as_server[@]}" "$bin/pg_ctl" -D "$PG_CI_DIR/data" -l "$PG_CI_DIR/server.log" -w -t 60 \
    -o "-p $port -k $PG_CI_DIR -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
  PG_CI_BIN="$bin"
  export BOARDBOT_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "postgres: $("$bin/postgres" --version) on 127.0.0.1:$port, ready in $((SECONDS - started)) s"
}

postgres_stop() {
  if [ -n "${PG_CI_DIR:-}" ] && [ -d "$PG_CI_DIR/data" ]; then
    local as_server=()
    if [ "$(id -u)" = 0 ]; then as_server=(runuser -u postgres --); fi
    "${as_server[@]}" "$PG_CI_BIN/pg_ctl" -D "$PG_CI_DIR/data" stop -m fast >/dev/null 2>&1 || true
    rm -rf "$PG_CI_DIR"
  fi
}

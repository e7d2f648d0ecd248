#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and for CI, in a directory of its own.
#
#   throwaway-cluster.sh start DIR     initdb + start; prints the admin connection URL
#   throwaway-cluster.sh restart DIR   pg_ctl restart -m fast
#   throwaway-cluster.sh stop DIR      stop it (immediately) and leave DIR to the caller
#
# The server listens only on a Unix socket in DIR (no TCP port to collide on). initdb refuses
# to run as root, so as root every server command runs as the `postgres` user. Local
# connections are trusted, except for members of the role catalog_password_users, who must
# give a password (scram-sha-256): the tests of authentication failures use such roles.
set -euo pipefail

usage() { echo "usage: $0 start|restart|stop DIR" >&2; exit 64; }
[ $# -eq 2 ] || usage
command=$1
dir=$2

# The server's programs: pg_config's bindir, else Debian's versioned directories, else PATH.
bindir=""
if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir=$(pg_config --bindir)
else
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/initdb" ]; then bindir=$candidate; break; fi
  done
fi
if [ -z "$bindir" ]; then
  bindir=$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")
fi
if [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "throwaway-cluster: no initdb/pg_ctl found (install the postgresql package)" >&2
  exit 69
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Close every descriptor this script inherited beyond stdin, stdout and stderr. A test process
# that runs other commands at the same moment passes their pipes along (the pipes are not
# close-on-exec), the server would hold them for its whole life, and whoever reads such a pipe
# to its end would wait forever. 255 is bash's own descriptor for this script.
for fd in /proc/$$/fd/*; do
  fd=${fd##*/}
  case $fd in
  0 | 1 | 2 | 255 | *[!0-9]*) ;;
  *) eval "exec $fd>&-" 2>/dev/null || true ;;
  esac
done

case $command in
start)
  mkdir -p "$dir"
  chmod 0755 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
  as_owner "$bindir/initdb" -D "$dir/data" -U postgres -E UTF8 --locale=C --auth=trust \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 69; }
  cat >"$dir/data/pg_hba.conf" <<'HBA'
local all +catalog_password_users scram-sha-256
local all all trust
HBA
  # The server must not inherit this script's stdout or stderr: whoever reads them to their
  # end would wait for the server to exit. fsync off: the cluster is thrown away, and a crash of the machine is not what is tested.
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $dir -c max_connections=300 -c fsync=off" start \
    >"$dir/pg_ctl.log" 2>&1 </dev/null || { cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 69; }
  "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -U postgres -d postgres \
    -c "CREATE ROLE catalog_password_users NOLOGIN" >/dev/null
  echo "postgresql:///postgres?host=$dir&user=postgres"
  ;;
restart)
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -m fast restart \
    >"$dir/pg_ctl.log" 2>&1 </dev/null || { cat "$dir/pg_ctl.log" >&2; exit 69; }
  ;;
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -w -t 60 -m immediate stop >/dev/null || true
  fi
  ;;
*) usage ;;
esac

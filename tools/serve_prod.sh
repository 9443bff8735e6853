#!/usr/bin/env bash
# Production: N Daphne processes behind nginx, on PostgreSQL and Redis (docs/deploy.md).
#
#   tools/serve_prod.sh start [N]   migrate, collectstatic, N Daphne processes, then nginx
#   tools/serve_prod.sh restart     rolling: one process at a time, each healthy before the next
#   tools/serve_prod.sh stop        nginx, then the processes
#   tools/serve_prod.sh status      each process's /healthz, and nginx's
#   tools/serve_prod.sh configure [N]  migrate, collectstatic, write RUN_DIR/nginx.conf, start nothing
#                                   (systemd runs the processes: tools/deploy/*.service)
#
# Each Daphne runs under a small supervisor (a loop of this script): a process that dies,
# even by SIGKILL, is started again within a second (docs/deploy.md, "A service that
# mends itself"). On a host with systemd, tools/deploy/*.service do the same instead.
#
# Settings come from the environment (README's table): DATABASE_URL, REDIS_URL,
# DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS are required; DJANGO_DEBUG is off.
# The script's own: LISTEN (nginx's address, default 8080), DAPHNE_PORT (the first
# process's port, default 8001; process i listens on DAPHNE_PORT + i, 127.0.0.1 only),
# RUN_DIR (pid files, logs, nginx.conf; default ./run), PYTHON_BIN (default ./.venv/bin).
# nginx comes from Debian: installed with apt-get when missing and run as root.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
RUN_DIR="${RUN_DIR:-$ROOT/run}"
LISTEN="${LISTEN:-8080}"
DAPHNE_PORT="${DAPHNE_PORT:-8001}"
PYTHON_BIN="${PYTHON_BIN:-$ROOT/.venv/bin}"
export DJANGO_DEBUG="${DJANGO_DEBUG:-false}"
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-config.settings}"
# nginx, on this machine, is the one proxy whose X-Real-IP is believed (config/proxy.py).
export DJANGO_TRUSTED_PROXIES="${DJANGO_TRUSTED_PROXIES:-127.0.0.1}"
STOP_WAIT=20  # seconds a process gets to close its sockets before it is killed
RESPAWN_WAIT=0.2  # seconds before a dead process is started again
CRASH_LOOP=5  # deaths within CRASH_WINDOW seconds: then wait CRASH_PAUSE seconds between starts
CRASH_WINDOW=30
CRASH_PAUSE=10

die() { echo "serve_prod: $*" >&2; exit 1; }

require_settings() {
    local missing=""
    for name in DATABASE_URL REDIS_URL DJANGO_SECRET_KEY DJANGO_ALLOWED_HOSTS; do
        [ -n "${!name:-}" ] || missing="$missing $name"
    done
    [ -z "$missing" ] || die "missing settings:$missing (see README, Configuration, and docs/deploy.md)"
    case "$DATABASE_URL" in postgres*://*) ;; *) die "DATABASE_URL must be PostgreSQL: several processes share it";; esac
}

ensure_nginx() {
    command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "Installing Debian's nginx"
        apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light \
            || DEBIAN_FRONTEND=noninteractive apt-get install -y nginx
    else
        die "nginx is missing: sudo apt-get install -y nginx-light"
    fi
}

nginx_bin() { command -v nginx 2>/dev/null || echo /usr/sbin/nginx; }

count() { cat "$RUN_DIR/processes" 2>/dev/null || echo 0; }

host() { echo "${DJANGO_ALLOWED_HOSTS%%,*}" | sed 's/^\.//'; }

# 0 when http://127.0.0.1:PORT/healthz answers 200 within WAIT seconds.
healthy() {
    "$PYTHON_BIN/python" - "$1" "$2" "$(host)" <<'PY'
import sys, time, urllib.request
port, wait, host = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
deadline = time.monotonic() + wait
while True:
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz", headers={"Host": host})
        with urllib.request.urlopen(request, timeout=3) as response:
            sys.exit(0 if response.status == 200 else 1)
    except Exception:
        if time.monotonic() > deadline:
            sys.exit(1)
        time.sleep(0.2)
PY
}

# The supervisor of process i: starts Daphne, waits for it, and starts it again when it
# dies, until `stop_process` leaves daphne-i.stop. Its own pid is in daphne-i.supervisor.
supervise() {
    local i=$1 port=$2 deaths=() now status
    set +e
    trap 'kill -TERM "$(cat "$RUN_DIR/daphne-$i.pid" 2>/dev/null)" 2>/dev/null; exit 0' TERM INT
    while [ ! -f "$RUN_DIR/daphne-$i.stop" ]; do
        # No --proxy-headers (it believes X-Forwarded-For from anyone): config/proxy.py
        # takes nginx's X-Real-IP, from 127.0.0.1 only (DJANGO_TRUSTED_PROXIES).
        "$PYTHON_BIN/daphne" -b 127.0.0.1 -p "$port" config.asgi:application >>"$RUN_DIR/daphne-$i.log" 2>&1 &
        echo $! >"$RUN_DIR/daphne-$i.pid"
        wait $!
        status=$?
        [ -f "$RUN_DIR/daphne-$i.stop" ] && break
        now=$(date +%s)
        deaths=("${deaths[@]}" "$now")
        [ "${#deaths[@]}" -gt "$CRASH_LOOP" ] && deaths=("${deaths[@]:1}")
        echo "serve_prod: process $i died (status $status) at $(date -u +%FT%TZ); starting it again" \
            >>"$RUN_DIR/daphne-$i.log"
        if [ "${#deaths[@]}" -ge "$CRASH_LOOP" ] && [ $((now - deaths[0])) -lt "$CRASH_WINDOW" ]; then
            sleep "$CRASH_PAUSE"  # dying again and again (a bad setting?): do not spin
        else
            sleep "$RESPAWN_WAIT"
        fi
    done
}

start_process() {
    local i=$1 port=$((DAPHNE_PORT + $1))
    rm -f "$RUN_DIR/daphne-$i.stop" "$RUN_DIR/daphne-$i.pid"
    nohup "$0" supervise "$i" "$port" >>"$RUN_DIR/daphne-$i.log" 2>&1 &
    echo $! >"$RUN_DIR/daphne-$i.supervisor"
    healthy "$port" 30 || die "process $i (port $port) is not healthy: see $RUN_DIR/daphne-$i.log"
    echo "process $i: pid $(cat "$RUN_DIR/daphne-$i.pid"), 127.0.0.1:$port, healthy, supervised"
}

stop_process() {
    local pidfile="$RUN_DIR/daphne-$1.pid" pid supervisor
    touch "$RUN_DIR/daphne-$1.stop"  # the supervisor starts nothing more
    if [ -f "$pidfile" ]; then
        pid=$(cat "$pidfile")
        if kill -TERM "$pid" 2>/dev/null; then
            for _ in $(seq $((STOP_WAIT * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    if [ -f "$RUN_DIR/daphne-$1.supervisor" ]; then
        supervisor=$(cat "$RUN_DIR/daphne-$1.supervisor")
        for _ in $(seq 50); do kill -0 "$supervisor" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$supervisor" 2>/dev/null || true
    fi
    rm -f "$pidfile" "$RUN_DIR/daphne-$1.supervisor"
}

prepare() {
    "$PYTHON_BIN/python" manage.py migrate --noinput
    "$PYTHON_BIN/python" manage.py collectstatic --noinput -v 0
    if command -v msgfmt >/dev/null 2>&1; then
        "$PYTHON_BIN/python" manage.py compilemessages --ignore=.venv --ignore=staticfiles --ignore=data -v 0
    fi
}

write_nginx_conf() {
    local n=$1 upstreams="" user_line="" redirect=""
    for i in $(seq 0 $((n - 1))); do
        upstreams+="        server 127.0.0.1:$((DAPHNE_PORT + i)) max_fails=3 fail_timeout=10s;"$'\n'
    done
    # As root, the workers keep root's read access to the static files here.
    [ "$(id -u)" = 0 ] && user_line="user root;"
    # With TLS on nginx (LISTEN="443 ssl"), HTTP_REDIRECT=80 answers plain HTTP with a redirect.
    if [ -n "${HTTP_REDIRECT:-}" ]; then
        redirect="    server {
        listen $HTTP_REDIRECT;
        server_name _;
        location / { return 301 https://\$host\$request_uri; }
    }"
    fi
    mkdir -p "$RUN_DIR/tmp"
    UPSTREAMS="$upstreams" USER_LINE="$user_line" RUN="$RUN_DIR" LISTEN_AT="$LISTEN" REDIRECT="$redirect" \
    STATIC="$("$PYTHON_BIN/python" -c 'from django.conf import settings; import django; django.setup(); print(settings.STATIC_ROOT)')" \
    "$PYTHON_BIN/python" - tools/deploy/nginx.conf.template "$RUN_DIR/nginx.conf" <<'PY'
import os, sys
text = open(sys.argv[1]).read()
for key, env in (("@UPSTREAMS@", "UPSTREAMS"), ("@USER_LINE@", "USER_LINE"), ("@RUN_DIR@", "RUN"),
                 ("@LISTEN@", "LISTEN_AT"), ("@STATIC_ROOT@", "STATIC"), ("@REDIRECT_SERVER@", "REDIRECT")):
    text = text.replace(key, os.environ[env].rstrip("\n"))
open(sys.argv[2], "w").write(text)
PY
    "$(nginx_bin)" -t -q -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf"
}

nginx_running() { [ -f "$RUN_DIR/nginx.pid" ] && kill -0 "$(cat "$RUN_DIR/nginx.pid")" 2>/dev/null; }

start() {
    local n=${1:-2}
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "N must be a whole number of processes, at least 1 (got '$n')"
    require_settings
    ensure_nginx
    [ "$(count)" = 0 ] || die "already started ($(count) processes, $RUN_DIR): use restart, or stop first"
    mkdir -p "$RUN_DIR"
    prepare
    for i in $(seq 0 $((n - 1))); do start_process "$i"; done
    echo "$n" >"$RUN_DIR/processes"
    write_nginx_conf "$n"
    "$(nginx_bin)" -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf"
    echo "nginx: listening on $LISTEN in front of $n processes (logs and pids in $RUN_DIR)"
}

restart() {
    local n; n=$(count)
    [ "$n" != 0 ] || die "nothing to restart: start first"
    require_settings
    prepare
    # One at a time: nginx sends new connections to the others meanwhile, and the
    # phones of the restarted process reconnect (the page's socket retries) to them.
    for i in $(seq 0 $((n - 1))); do
        stop_process "$i"
        start_process "$i"
    done
    write_nginx_conf "$n"
    "$(nginx_bin)" -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf" -s reload
    echo "restarted $n processes, one at a time"
}

stop() {
    if nginx_running; then
        "$(nginx_bin)" -e "$RUN_DIR/nginx-error.log" -c "$RUN_DIR/nginx.conf" -s quit || true
        for _ in $(seq 100); do nginx_running || break; sleep 0.1; done
    fi
    for i in $(seq 0 $(($(count) - 1))); do stop_process "$i"; done
    rm -f "$RUN_DIR/processes"
    echo "stopped"
}

status() {
    local n; n=$(count) ; local bad=0
    [ "$n" != 0 ] || { echo "not started"; return 1; }
    for i in $(seq 0 $((n - 1))); do
        if healthy $((DAPHNE_PORT + i)) 0; then echo "process $i: healthy"; else echo "process $i: NOT healthy"; bad=1; fi
    done
    if nginx_running; then echo "nginx: running"; else echo "nginx: NOT running"; bad=1; fi
    return $bad
}

case "${1:-}" in
    start) start "${2:-2}" ;;
    restart) restart ;;
    stop) stop ;;
    status) status ;;
    supervise) supervise "$2" "$3" ;;  # internal: started by start_process
    configure) require_settings; ensure_nginx; mkdir -p "$RUN_DIR"; prepare; write_nginx_conf "${2:-2}" ;;
    *) die "usage: $0 start [N] | restart | stop | status | configure [N]" ;;
esac

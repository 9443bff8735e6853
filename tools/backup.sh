#!/usr/bin/env bash
# Back up the database, or restore it (docs/deploy.md, "Backup and restore").
#
#   tools/backup.sh                  saves to $BACKUP_DIR/marque-carte-<UTC time>.dump (default ./backups)
#   tools/backup.sh FILE             saves to FILE
#   tools/backup.sh --restore FILE   replaces every table with FILE's (stop the site first)
#
# Settings come from the environment, as for tools/serve_prod.sh (DATABASE_URL...).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PYTHON_BIN="${PYTHON_BIN:-$ROOT/.venv/bin}"
if [ "${1:-}" = "--restore" ]; then
    [ -n "${2:-}" ] || { echo "backup: --restore needs the backup file" >&2; exit 2; }
    exec "$PYTHON_BIN/python" manage.py backup_db --restore "$2"
fi
FILE="${1:-}"
if [ -z "$FILE" ]; then
    mkdir -p "${BACKUP_DIR:-$ROOT/backups}"
    FILE="${BACKUP_DIR:-$ROOT/backups}/marque-carte-$(date -u +%Y%m%dT%H%M%SZ).dump"
fi
exec "$PYTHON_BIN/python" manage.py backup_db "$FILE"

#!/usr/bin/env bash
# The former name of the zoomcheck part of CI/regenerate.sh, kept for CI/musl-canary.sh and old
# habits: regenerates (or, with --check, verifies) the tables, plots, catalogue reference and
# failure example that `zoomcheck` produces. `bash CI/regenerate.sh` does that and the rest.
exec bash "$(dirname "$0")/regenerate.sh" --zoomcheck-only "$@"

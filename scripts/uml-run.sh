#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the cached UML kernel with a host directory as its root file system
# (hostfs) and that directory's /init.sh as init; the console goes to
# stdout (CRs stripped).  The init must end with `poweroff -f`.
#
# Usage: scripts/uml-run.sh ROOTDIR [extra kernel arguments...]
# Environment: SC_UML_KERNEL (build dir; default: scripts/uml-kernel.sh
# --print-only), SC_UML_TIMEOUT (seconds, default 600), SC_UML_MEM (512M).
# Exit status: that of the UML process (0 after poweroff), 124 on timeout.

set -euo pipefail
. "$(dirname "$0")/lib.sh"

root=${1:?usage: $0 ROOTDIR [kernel args...]}
shift
root=$(cd "$root" && pwd)
[ -x "$root/init.sh" ] || sc_die "$root/init.sh missing or not executable"
kdir=${SC_UML_KERNEL:-$("$SC_TOP/scripts/uml-kernel.sh" --print-only)}
[ -x "$kdir/linux" ] || sc_die "no UML kernel at $kdir/linux"

# UML keeps its memory file in TMPDIR and its pid/mconsole files in
# uml_dir; both private and on tmpfs.
shm=/dev/shm
[ -d "$shm" ] && [ -w "$shm" ] || shm=${TMPDIR:-/tmp}
priv=$(mktemp -d "$shm/simdcrypt-uml.XXXXXX")
trap 'rm -rf "$priv"' EXIT
mkdir -p "$priv/tmp"

rc=0
TMPDIR="$priv/tmp" timeout -k 10 "${SC_UML_TIMEOUT:-600}" \
	"$kdir/linux" mem="${SC_UML_MEM:-512M}" uml_dir="$priv" umid=simdcrypt \
	rootfstype=hostfs rootflags="$root" rw init=/init.sh \
	con=null ssl=null con0=null,fd:1 "$@" </dev/null 2>&1 | tr -d '\r' || rc=${PIPESTATUS[0]}
exit "$rc"

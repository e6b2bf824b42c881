#!/usr/bin/env bash
# A single-node Slurm cluster on this machine from Debian's packages (slurmctld, slurmd, munge;
# ci/install-deps.sh --tests installs them), for the Slurm test (ci/slurm-test.sh). Run as root.
#   bash ci/slurm-cluster.sh start   # prints the line to eval: export SLURM_CONF=...
#   bash ci/slurm-cluster.sh stop    # cancels its jobs, stops the daemons it started, waits
# Everything but munge's socket lives in $WORMCAST_SLURM_DIR (default /tmp/wormcast-slurm): the
# configuration (slurm.conf, used through SLURM_CONF, so /etc/slurm is left alone), state, logs
# and pid files. munged is started only when no munge daemon answers already.
set -euo pipefail
dir=${WORMCAST_SLURM_DIR:-/tmp/wormcast-slurm}
conf="$dir/slurm.conf"
export SLURM_CONF="$conf"

log() { echo "slurm-cluster: $*" >&2; }

# Waits up to $2 tenths of a second for process $1 to end; then kills it.
wait_gone() {
    local pid=$1 tenths=$2 i
    for ((i = 0; i < tenths; i++)); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    log "process $pid still running after $((tenths / 10)) s: killing it"
    kill -KILL "$pid" 2>/dev/null || true
}

stop_pidfile() {  # stop_pidfile FILE: TERM the daemon whose pid FILE holds, wait for it
    local file=$1 pid
    [ -s "$file" ] || return 0
    pid=$(cat "$file")
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        wait_gone "$pid" 100
    fi
    rm -f "$file"
}

stop() {
    if [ -f "$conf" ] && [ -s "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
        scancel --full --quiet --user=root 2>/dev/null || true
        # Jobs end within seconds of the cancel; their slurmstepd processes go with them.
        for ((i = 0; i < 100; i++)); do
            [ -z "$(squeue --noheader --user=root 2>/dev/null)" ] && break
            sleep 0.1
        done
    fi
    stop_pidfile "$dir/slurmd.pid"
    stop_pidfile "$dir/slurmctld.pid"
    # slurmstepd of a job that had not ended: children of the slurmd we started (ppid 1 now) that
    # write their pid nowhere; find them by their spool directory's jobs.
    if [ -d "$dir/spool/slurmd" ]; then
        for pid in $(pgrep -x slurmstepd 2>/dev/null || true); do
            if grep -qs "$dir" "/proc/$pid/cmdline" "/proc/$pid/environ"; then
                kill -KILL "$pid" 2>/dev/null || true
            fi
        done
    fi
    if [ -f "$dir/munged.started" ]; then
        stop_pidfile /run/munge/munged.pid
        rm -f "$dir/munged.started"
    fi
    log "stopped"
}

start() {
    [ "$(id -u)" -eq 0 ] || { log "must run as root"; exit 2; }
    for tool in slurmctld slurmd munged sbatch scontrol; do
        command -v "$tool" >/dev/null || { log "$tool is missing (bash ci/install-deps.sh --tests)"; exit 2; }
    done
    stop 2>/dev/null || true
    mkdir -p "$dir/state" "$dir/spool/slurmd" "$dir/log"

    # munge: the key the package made (or a new one), then the daemon unless one answers.
    if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        if [ ! -s /etc/munge/munge.key ]; then
            mkdir -p /etc/munge
            mungekey --create --keyfile=/etc/munge/munge.key
        fi
        chown munge:munge /etc/munge/munge.key
        chmod 0400 /etc/munge/munge.key
        mkdir -p /run/munge /var/lib/munge /var/log/munge
        chown munge:munge /run/munge /var/lib/munge /var/log/munge
        chmod 0755 /run/munge
        runuser -u munge -- /usr/sbin/munged </dev/null >>"$dir/log/start.log" 2>&1
        touch "$dir/munged.started"
        for ((i = 0; i < 50; i++)); do
            munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
            sleep 0.1
        done
        munge -n | unmunge >/dev/null || { log "munged does not answer"; exit 1; }
    fi

    local host cpus memory
    host=$(hostname -s)
    cpus=$(nproc)
    memory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10))
    cat >"$conf" <<EOF
# Written by ci/slurm-cluster.sh: one node, this machine, loopback only.
ClusterName=wormcast
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
MaxArraySize=1001
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/slurmd
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    # No daemon keeps this script's standard output or error (a pipe in CI) open.
    slurmctld -f "$conf" -i </dev/null >>"$dir/log/start.log" 2>&1
    slurmd -f "$conf" </dev/null >>"$dir/log/start.log" 2>&1
    # Up when the node takes jobs (idle), within 30 s.
    for ((i = 0; i < 300; i++)); do
        state=$(sinfo --noheader --format=%t 2>/dev/null || true)
        case "$state" in idle*|mix*|alloc*) break ;; esac
        sleep 0.1
    done
    case "$state" in
        idle*|mix*|alloc*) ;;
        *)
            log "the node did not come up (state '$state'); logs in $dir/log"
            tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
            exit 1
            ;;
    esac
    log "up: node $host, $cpus CPUs, partition debug (SLURM_CONF=$conf)"
    echo "export SLURM_CONF=$conf"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# CTest fixture (FIXTURES_SETUP): a one-node Slurm cluster on localhost for the cluster tests.
# Starts munged, slurmctld and slurmd with a key, a slurm.conf, state and logs under SCRATCH (a folder
# in the build tree), on free ports, and records their process ids for stop-cluster.sh.
# Where it cannot run (not root, slurm-wlm or munge not installed) it writes SCRATCH/skip-reason and
# exits 0; the Slurm tests then skip with that reason, so the plain `ctest` still passes and says why.
set -euo pipefail
scratch=${1:?usage: start-cluster.sh SCRATCH}
here=$(cd "$(dirname "$0")" && pwd)

bash "$here/stop-cluster.sh" "$scratch" >/dev/null 2>&1 || true # daemons of an earlier, interrupted run
rm -rf "$scratch"
mkdir -p "$scratch"/munge "$scratch"/state "$scratch"/spool "$scratch"/log
skip() {
  echo "$1" >"$scratch/skip-reason"
  echo "slurm fixture: not started: $1"
  exit 0
}
[ "$(id -u)" -eq 0 ] || skip "not root (the one-node cluster runs slurmd, which needs root)"
for tool in munged mungekey slurmctld slurmd sbatch squeue sacct scontrol scancel sinfo; do
  command -v "$tool" >/dev/null || skip "$tool not found (packaging/install-deps.sh installs slurm-wlm and munge)"
done

free_port() { # the first port from $1 on that nothing listens on (bash's /dev/tcp: no extra tools)
  local p
  for p in $(seq "$1" $(($1 + 500))); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  return 1
}
ctld_port=$(free_port 26817)
slurmd_port=$(free_port $((ctld_port + 1)))

chmod 700 "$scratch/munge"
mungekey --create --keyfile="$scratch/munge/munge.key" --force
chmod 755 "$scratch/munge" # the socket lives here too: clients need to reach it; the key stays 0600
munged --force --socket="$scratch/munge/munge.socket" --key-file="$scratch/munge/munge.key" \
  --pid-file="$scratch/munge/munged.pid" --log-file="$scratch/log/munged.log" --seed-file="$scratch/munge/munged.seed"

cpus=$(nproc)
cat >"$scratch/slurm.conf" <<CONF
# Written by tests/cluster/slurm/start-cluster.sh: a one-node cluster for kix's tests.
ClusterName=kixtest
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$scratch/munge/munge.socket
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/log/slurmctld.log
SlurmdLogFile=$scratch/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MinJobAge=600
KillWait=5
InactiveLimit=0
NodeName=kixnode NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=kixnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$scratch/slurm.conf"
slurmctld
slurmd -N kixnode

for _ in $(seq 1 100); do # up to 20 s
  if [ "$(sinfo --noheader --nodes=kixnode --format=%T 2>/dev/null)" = idle ]; then
    echo "slurm fixture: one-node cluster up (slurmctld port $ctld_port, slurmd port $slurmd_port, SLURM_CONF=$SLURM_CONF)"
    exit 0
  fi
  sleep 0.2
done
echo "slurm fixture: the node did not become idle within 20 s" >&2
sinfo >&2 || true
tail -n 20 "$scratch"/log/*.log >&2 || true
exit 1

#!/usr/bin/env bash
# CTest fixture (FIXTURES_CLEANUP): stops the daemons start-cluster.sh started, by the process ids
# they recorded under SCRATCH, and waits for them to exit.
set -u
scratch=${1:?usage: stop-cluster.sh SCRATCH}
stopped=0
alive() { # running, and not a zombie that nobody reaps (a container's init may not)
  [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat"
}
for pidfile in "$scratch/slurmd.pid" "$scratch/slurmctld.pid" "$scratch/munge/munged.pid"; do
  [ -s "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  if alive "$pid"; then
    kill -TERM "$pid"
    for _ in $(seq 1 50); do alive "$pid" || break; sleep 0.1; done
    alive "$pid" && kill -KILL "$pid"
    stopped=$((stopped + 1))
  fi
  rm -f "$pidfile"
done
echo "slurm fixture: stopped $stopped daemon(s)"
exit 0

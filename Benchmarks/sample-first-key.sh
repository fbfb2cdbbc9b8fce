#!/usr/bin/env bash
# Issue 21: the first screen without a network (ways forward) → Down, Enter on the sample → the sample's list drawn,
# in tmux, on an empty store. Prints the time from Enter for three runs. Usage: sample-first-key.sh [STACKTERM_BINARY]
set -euo pipefail
BIN=${1:-$(cd "$(dirname "$0")/.." && pwd)/.build/release/stackterm}
for run in 1 2 3; do
  data=$(mktemp -d)
  tmux kill-session -t sb 2>/dev/null || true
  tmux new-session -d -s sb -x 100 -y 30 "XDG_DATA_HOME=$data $BIN --api-base-url http://127.0.0.1:9/2.3 --site stackoverflow; sleep 5"
  for i in $(seq 1 200); do tmux capture-pane -p -t sb | grep -q "Ways forward" && break; sleep 0.02; done
  tmux send-keys -t sb Down
  sleep 0.2
  start=$(date +%s%N)
  tmux send-keys -t sb Enter
  for i in $(seq 1 1000); do tmux capture-pane -p -t sb | head -1 | grep -q "cardano · activity" && tmux capture-pane -p -t sb | sed -n 3p | grep -q "4y" && break; sleep 0.005; done
  end=$(date +%s%N)
  echo "run $run: Enter → sample list drawn: $(( (end - start) / 1000000 )) ms"
  tmux send-keys -t sb Q; sleep 0.3; tmux kill-session -t sb 2>/dev/null || true; rm -rf "$data"
done

#!/usr/bin/env bash
# Runs a command and gives it LIMIT seconds. A command still running then is hung: every thread of each
# process it started is printed (with gdb, when the machine has it), the processes are ended, and this
# fails with exit code 124. A hang then costs LIMIT seconds and shows where it is, instead of using up
# the rest of CI's time without a word. Test time limits cannot do this: a test blocked outside Swift's
# cooperative cancellation, or a whole cooperative pool blocked, never reaches its limit.
#
# usage: bash .ci/hang-guard.sh LIMIT_SECONDS command [arguments...]
set -uo pipefail
limit=$1
shift

# A process group of its own, so that the whole tree (swift test, the test binary, the Python servers)
# can be looked at and ended together.
setsid "$@" &
leader=$!
forward() { kill -s "$1" -- "-$leader" 2>/dev/null; }
trap 'forward INT' INT
trap 'forward TERM' TERM

elapsed=0
while kill -0 "$leader" 2>/dev/null; do
    if [ "$elapsed" -ge "$limit" ]; then
        echo "hang-guard: '$*' still runs after ${limit}s: it is hung. Its threads:" >&2
        for pid in $(pgrep -g "$leader"); do
            echo "--- process $pid: $(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)" >&2
            if command -v gdb >/dev/null 2>&1; then
                gdb -p "$pid" -batch -ex "thread apply all bt 30" 2>&1 | grep -E '^(Thread|#)' >&2
            else
                echo "(no gdb on this machine: no stacks)" >&2
            fi
        done
        kill -TERM -- "-$leader" 2>/dev/null
        sleep 5
        kill -KILL -- "-$leader" 2>/dev/null
        wait "$leader" 2>/dev/null
        exit 124
    fi
    sleep 1
    elapsed=$((elapsed + 1))
done
wait "$leader"

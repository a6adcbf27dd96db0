#!/usr/bin/env python3
"""
CPU seconds used by a command's process tree, by kind of process (Chromium renderer, its GPU
process, Playwright's workers, the app server, Vitest, ...): where a test suite's CPU goes.
Samples /proc every 0.3 s until the command ends; a process seen at least once counts with its
last reading, so only processes that live under 0.3 s are missed.

  python3 bench/process-cpu.py npx playwright test --project=chromium
"""
import collections, os, subprocess, sys, time

HZ = os.sysconf("SC_CLK_TCK")


def kind(cmd: str) -> str:
    if "server.js" in cmd and "node" in cmd:
        return "app-server"
    if "chromium" in cmd or "headless" in cmd:
        for t in ("renderer", "gpu-process", "utility", "zygote"):
            if "--type=" + t in cmd:
                return "chromium:" + t
        return "chromium:browser"
    if "playwright" in cmd:
        return "playwright-node"
    if "vitest" in cmd:
        return "vitest"
    return "other:" + os.path.basename(cmd.split(" ")[0])[:30]


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    child = subprocess.Popen(sys.argv[1:])
    tree, seen = {str(child.pid)}, {}
    while child.poll() is None:
        procs = {}
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                stat = open(f"/proc/{pid}/stat").read()
                cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")[:300]
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            procs[pid] = (fields[1], (int(fields[11]) + int(fields[12])) / HZ, cmd)
        grew = True
        while grew:
            grew = False
            for pid, (parent, _, _) in procs.items():
                if pid not in tree and parent in tree:
                    tree.add(pid)
                    grew = True
        for pid in tree & procs.keys():
            # The kind is read once: a process that has exited has no command line left.
            seen[pid] = (seen[pid][0] if pid in seen else kind(procs[pid][2]), procs[pid][1])
        time.sleep(0.3)
    totals = collections.Counter()
    for name, cpu in seen.values():
        totals[name] += cpu
    print(f"{sum(totals.values()):8.1f} CPU-s in all (exit code {child.returncode})")
    for name, cpu in totals.most_common():
        print(f"{cpu:8.1f} {name}")
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Kills real `catalog import`s of a large generated file at random moments, and checks that
nothing is lost: after every kill, `catalog doctor` is healthy, head is the previous revision
or the next one, and `catalog export` is byte for byte the file of that revision.

    Tests/Fuzz/kill-imports.py [--rounds 40] [--entries 20000] [--catalog .build/debug/catalog]

Uses Tests/Benchmarks/gen_components.py (a copy of the shared generator). This is
the slow, randomized companion of KilledWriterTests, which kills smaller imports at fixed
fractions on every `swift test`; docs/reliability.md records its runs.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--entries", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--catalog", default=os.path.join(ROOT, ".build/debug/catalog"))
    args = parser.parse_args()
    generator = os.path.join(ROOT, "Tests", "Benchmarks", "gen_components.py")
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="kill-imports-")
    try:
        files = [os.path.join(work, "a.json"), os.path.join(work, "b.json")]
        subprocess.run([sys.executable, generator, str(args.entries), "--out", files[0]], check=True)
        subprocess.run(
            [sys.executable, generator, str(args.entries), "--mutate", "50", "--out", files[1]],
            check=True)
        documents = [open(f, "rb").read() for f in files]
        database = os.path.join(work, "c.sqlite")

        def catalog(*arguments):
            return subprocess.run(
                [args.catalog, "-d", database, *arguments], capture_output=True)

        def state():
            log = catalog("log", "--limit", "1", "--format", "json")
            head = json.loads(log.stdout)[0]["revision"] if log.returncode == 0 else 0
            return head, catalog("export").stdout

        assert catalog("import", files[0], "--prune").returncode == 0
        start = time.monotonic()
        assert catalog("import", files[1], "--prune").returncode == 0
        duration = time.monotonic() - start
        print(f"an uninterrupted import of {args.entries} entries takes {duration:.2f} s")
        landed = interrupted = 0
        for round in range(args.rounds):
            head, export = state()
            current = documents.index(export)
            target = 1 - current
            delay = rng.uniform(0, 1.2 * duration)
            process = subprocess.Popen(
                [args.catalog, "-d", database, "import", files[target], "--prune"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            process.kill()
            status = process.wait()
            doctor = catalog("doctor")
            if doctor.returncode != 0:
                raise SystemExit(f"round {round}: doctor failed: {doctor.stderr.decode()}")
            new_head, new_export = state()
            if new_head == head:
                assert new_export == documents[current], f"round {round}: export changed"
                assert status != 0, f"round {round}: import said it wrote, nothing landed"
                interrupted += 1
            else:
                assert new_head == head + 1, f"round {round}: head {head} -> {new_head}"
                assert new_export == documents[target], f"round {round}: export is neither file"
                landed += 1
            print(f"round {round}: killed after {delay:.2f} s, "
                  f"{'landed' if new_head != head else 'rolled back'}")
        print(f"{args.rounds} rounds: {landed} landed, {interrupted} rolled back, "
              "doctor healthy and export whole after every kill")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

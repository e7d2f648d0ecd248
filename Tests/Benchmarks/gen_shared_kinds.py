#!/usr/bin/env python3
"""Write a components.json whose kinds share long prefixes: the worst case of the first
import's kind_version sort (docs/maintainers/benchmark-rounds.md, round six).

usage: gen_shared_kinds.py prefix COUNT LENGTH OUT   COUNT kinds sharing LENGTH bytes
       gen_shared_kinds.py zeros COUNT OUT           "a" + j zero bytes, j < COUNT
"""
import json
import random
import sys


def main():
    mode = sys.argv[1]
    count = int(sys.argv[2])
    if mode == "prefix":
        length, out = int(sys.argv[3]), sys.argv[4]
        shared = ("shared-prefix-" * (length // 14 + 1))[:length]
        kinds = [shared + format(i, "x") for i in range(count)]
    elif mode == "zeros":
        out = sys.argv[3]
        kinds = ["a" + "\0" * j for j in range(count)]
    else:
        sys.exit(__doc__)
    random.Random(1).shuffle(kinds)
    entries = [{"kind": k, "category": "c", "description": "d", "payload": {"i": i}}
               for i, k in enumerate(kinds)]
    with open(out, "w") as f:
        json.dump(entries, f)


main()

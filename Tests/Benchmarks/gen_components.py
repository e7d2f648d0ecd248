#!/usr/bin/env python3
# Copied unchanged (below this note) from the team's shared benchmark material (bench/gen_components.py),
# so that the repository stands alone; catalog-bench generate is checked against it.
"""Generate a synthetic components.json catalog, deterministically.

usage: gen_components.py COUNT [--seed N] [--mutate PERCENT] [--out FILE]

COUNT entries shaped like a real component catalog: kebab-case kinds, a few
dozen categories, descriptions, and sample payloads with strings (some
non-ASCII), numbers, booleans, nulls, nested objects and arrays, and a few
nested child components. With --mutate P, the same catalog (same --seed) is
produced with about P percent of entries changed, removed or added, for
diff and re-import benchmarks.
"""
import argparse
import json
import random
import sys

CATEGORIES = ["Display", "Input", "Navigation", "Layout", "Feedback", "Media",
              "Data", "Overlay", "Typography", "Forms", "Charts", "Lists",
              "Cards", "Badges", "Buttons", "Menus", "Tables", "Editors",
              "Canvas", "Status"]
WORDS = ("tile preview hero card badge toggle slider stepper label field canvas "
         "panel header footer avatar chip banner toast sheet drawer tab grid "
         "list row cell icon image caption title subtitle status progress "
         "meter gauge chart legend axis marker tooltip popover menu item").split()
UNICODE = ["Überschrift", "タイトル", "заголовок", "título", "标题", "🎨 palette", "naïve café"]


def kind_name(i, rnd):
    return "-".join(rnd.sample(WORDS, 2)) + "-" + format(i, "x")


def payload(rnd, depth=0):
    p = {
        "title": rnd.choice(WORDS).title() + " " + rnd.choice(WORDS),
        "subtitle": rnd.choice(UNICODE) if rnd.random() < 0.2 else " ".join(rnd.sample(WORDS, 4)),
        "isActive": rnd.random() < 0.7,
        "count": rnd.randint(-1000, 100000),
        "ratio": round(rnd.uniform(0, 1), 6),
        "accent": None if rnd.random() < 0.3 else "#%06x" % rnd.randint(0, 0xFFFFFF),
        "insets": {"top": rnd.randint(0, 32), "leading": rnd.randint(0, 32),
                   "bottom": rnd.randint(0, 32), "trailing": rnd.randint(0, 32)},
        "tags": rnd.sample(WORDS, rnd.randint(0, 5)),
    }
    if depth == 0 and rnd.random() < 0.1:
        p["children"] = [{"kind": "label-" + format(rnd.randint(0, 999), "x"),
                          "payload": payload(rnd, depth + 1)} for _ in range(rnd.randint(1, 3))]
    return p


def entry(i, rnd):
    return {
        "kind": kind_name(i, rnd),
        "category": rnd.choice(CATEGORIES),
        "description": "Displays " + " ".join(rnd.sample(WORDS, rnd.randint(3, 12))),
        "payload": payload(rnd),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--mutate", type=float, default=0.0)
    ap.add_argument("--out")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    entries = [entry(i, rnd) for i in range(a.count)]
    if a.mutate:
        m = random.Random(a.seed + 1)
        n = max(1, int(a.count * a.mutate / 100))
        for _ in range(n):
            op = m.random()
            j = m.randrange(len(entries))
            if op < 0.6:
                e = entries[j]
                field = m.choice(["title", "count", "isActive", "tags", "insets"])
                if field == "insets":
                    e["payload"]["insets"]["top"] += 1
                elif field == "tags":
                    e["payload"]["tags"] = e["payload"]["tags"] + [m.choice(WORDS)]
                elif field == "count":
                    e["payload"]["count"] += 1
                elif field == "isActive":
                    e["payload"]["isActive"] = not e["payload"]["isActive"]
                else:
                    e["payload"]["title"] += " v2"
            elif op < 0.7:
                entries[j]["description"] += " (updated)"
            elif op < 0.85:
                entries.pop(j)
            else:
                entries.append(entry(a.count + j + 1000000, m))
    out = open(a.out, "w", encoding="utf-8") if a.out else sys.stdout
    json.dump({"components": entries}, out, ensure_ascii=False, indent=2)
    out.write("\n")


if __name__ == "__main__":
    main()

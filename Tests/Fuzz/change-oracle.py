#!/usr/bin/env python3
"""Random catalogs written in random spellings, imported through the real `catalog` binary,
with "what changed" checked against an oracle computed from the generated values.

    Tests/Fuzz/change-oracle.py [--rounds 30] [--seed 1] [--catalog .build/debug/catalog]
                                [--postgres postgresql:///postgres?host=DIR&user=postgres]

On SQLite by default (a new catalog file each round); with --postgres, on a new database of
that server each round (made and dropped with psql through the given admin URL).

Each round makes a catalog of 3 to 1,500 entries (strings with escapes, surrogate pairs,
control characters, numbers in every JSON form, nested objects and arrays, extra members,
shuffled members, kinds of up to 300 bytes and outside ASCII) and writes it with random
whitespace and a random choice of escapes for each character (`\\/` or `/`, `\\u00e9` or
`é`, ...). It imports that, then a second version with about a tenth of its entries changed
by the smallest edits (one character, one number, two keys swapped, a literal), some added
and removed, maybe shuffled, written in another random spelling. Then:

- `diff @head FILE --prune`, `import FILE --prune --dry-run`, `import FILE --prune` and
  `diff @1 @2` name exactly the kinds the oracle expects added, removed and changed (one
  change model: four commands, one answer);
- `export` reads back (Python's json, numbers kept as written) as exactly the second
  version's entries, in its order;
- importing the second version again in a third spelling changes nothing.

The oracle compares decoded strings and numbers as written, as the catalog's canonical text
does (docs/json.md). The fast paths this exercises (the reader's entry scanner and
transcoder across buffer boundaries, the re-import's read-ahead thread, head's index and
its expected-order lookups, payloads compared by bytes) have in-process differential tests
too; this checks the whole program. Deterministic for a seed. Exit status 1 on the first
disagreement, with the two files kept in a directory it names.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Characters strings are made of: quotes, backslashes and slashes (escaped or not), control
# characters, non-ASCII in two, three and four UTF-8 bytes.
CHARACTERS = ["a", "b", "Z", " ", '"', "\\", "/", "\n", "\t", "é", "A", "日本", "😀", "\x1f",
              "~", "\x7f"]
NUMBERS = ["0", "-0", "1", "-12", "3.25", "1e5", "2.50E-3", "-0.0",
           "123456789012345678901234567890", "1E+2", "1.0"]


class Generator:
    """Values as tagged tuples: ('s', text), ('n', number as written), ('l', literal),
    ('o', [(key, value)...]) and ('a', [value...])."""

    def __init__(self, rng):
        self.rng = rng

    def string(self, short=False):
        n = self.rng.choice([0, 1, 3, 8, 20] if short else [0, 1, 3, 8, 20, 200])
        if self.rng.random() < 0.01:
            n = 5000  # a value longer than many of the reader's buffer steps
        return ("s", "".join(self.rng.choice(CHARACTERS) for _ in range(n)))

    def number(self):
        return ("n", self.rng.choice(NUMBERS))

    def value(self, depth=0):
        r = self.rng.random()
        if depth > 4 or r < 0.45:
            pick = self.rng.randrange(3)
            if pick == 0:
                return self.string()
            if pick == 1:
                return self.number()
            return ("l", self.rng.choice(["true", "false", "null"]))
        if r < 0.75:
            keys = []
            for _ in range(self.rng.choice([0, 1, 2, 4, 9])):
                key = self.string(short=True)[1]
                if key not in keys:
                    keys.append(key)
            return ("o", [(key, self.value(depth + 1)) for key in keys])
        return ("a", [self.value(depth + 1) for _ in range(self.rng.choice([0, 1, 3, 6]))])

    def entry(self, i):
        kind = self.rng.choice(
            ["k%d" % i, "kind-%d" % i, "é-%d" % i, "x" * self.rng.choice([1, 40, 300]) + str(i)])
        members = [("kind", ("s", kind)), ("category", self.string(short=True)),
                   ("description", self.string(short=True)), ("payload", self.value())]
        if self.rng.random() < 0.2:
            members.append(("extra%d" % self.rng.randint(0, 3), self.value(3)))
        if self.rng.random() < 0.2:
            self.rng.shuffle(members)
        return members

    def tweak(self, value):
        """The value with one small edit, never equal to it."""
        tag, x = value
        if tag == "s":
            return ("s", x + "q") if not x or self.rng.random() < 0.5 else ("s", x[:-1])
        if tag == "n":
            while True:
                other = self.number()
                if other[1] != x:
                    return other
        if tag == "l":
            return ("l", "true" if x == "null" else "null")
        if tag == "o":
            if not x:
                return ("o", [("new", ("n", "1"))])
            y = list(x)
            if len(y) > 1 and self.rng.random() < 0.3:
                y[0], y[1] = y[1], y[0]  # members in another order: another canonical text
            else:
                i = self.rng.randrange(len(y))
                y[i] = (y[i][0], self.tweak(y[i][1]))
            return ("o", y)
        if not x:
            return ("a", [("l", "null")])
        y = list(x)
        i = self.rng.randrange(len(y))
        y[i] = self.tweak(y[i])
        return ("a", y)


class Writer:
    """Writes values as JSON text, choosing whitespace and escapes at random."""

    def __init__(self, rng):
        self.rng = rng

    def space(self):
        return self.rng.choice(["", " ", "\n", "  ", "\r\n", "\t", "\n    ", " \n\t "])

    def string(self, text):
        out = []
        for c in text:
            o = ord(c)
            if c == '"':
                out.append('\\"')
            elif c == "\\":
                out.append("\\\\")
            elif c == "/":
                out.append(self.rng.choice(["/", "\\/"]))
            elif o < 0x20:
                choices = ["\\u%04x" % o, "\\u%04X" % o]
                if c == "\n":
                    choices.append("\\n")
                if c == "\t":
                    choices.append("\\t")
                out.append(self.rng.choice(choices))
            elif self.rng.random() < 0.1:
                if o > 0xFFFF:
                    v = o - 0x10000
                    out.append("\\u%04x\\u%04x" % (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)))
                else:
                    out.append("\\u%04x" % o)
            else:
                out.append(c)
        return '"' + "".join(out) + '"'

    def value(self, value):
        tag, x = value
        s = self.space
        if tag == "s":
            return self.string(x)
        if tag in "nl":
            return x
        if tag == "o":
            return "{" + ",".join(
                s() + self.string(k) + s() + ":" + s() + self.value(v) + s() for k, v in x) + "}"
        return "[" + ",".join(s() + self.value(v) + s() for v in x) + "]"

    def document(self, entries):
        s = self.space
        body = ",".join(s() + self.value(("o", e)) + s() for e in entries)
        text = "{" + s() + '"components"' + s() + ":" + s() + "[" + body + "]" + s() + "}"
        return (text + self.rng.choice(["", "\n"])).encode()


def tagged(value):
    """A value Python's json read (objects as pair lists, numbers as text) as a tagged one."""
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, tuple):
        return value  # a number, tagged by the parse hooks
    if value is True or value is False or value is None:
        return ("l", json.dumps(value))
    if isinstance(value, list) and value and value[0] == "object-pairs":
        return ("o", [(k, tagged(v)) for k, v in value[1]])
    return ("a", [tagged(v) for v in value])


def read(text):
    return tagged(json.loads(
        text, object_pairs_hook=lambda pairs: ["object-pairs", pairs],
        parse_int=lambda x: ("n", x), parse_float=lambda x: ("n", x)))


def kind_of(entry):
    return dict(entry)["kind"][1]


class Disagreement(Exception):
    pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--catalog", default=os.path.join(ROOT, ".build/debug/catalog"))
    parser.add_argument("--postgres", help="an admin URL: each round gets a new database")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="change-oracle-")
    failed = False
    try:
        for round in range(args.rounds):
            rng = random.Random("%d-%d" % (args.seed, round))
            try:
                run_round(args.catalog, rng, work, args.postgres, round)
            except Disagreement as problem:
                kept = tempfile.mkdtemp(prefix="change-oracle-failure-")
                for name in ("a.json", "b.json", "c.json"):
                    if os.path.exists(os.path.join(work, name)):
                        shutil.copy(os.path.join(work, name), kept)
                print("round %d (seed %d): %s; files in %s" % (round, args.seed, problem, kept))
                failed = True
                break
        if not failed:
            print("change oracle: %d rounds, seed %d, %s: every command agreed" % (
                args.rounds, args.seed, "PostgreSQL" if args.postgres else "SQLite"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


def postgres_database(admin, name):
    """A new, empty database on the server of `admin` (dropped first if a run left it), and
    its URL: `admin` with its database name replaced."""
    for sql in ("DROP DATABASE IF EXISTS %s" % name, "CREATE DATABASE %s" % name):
        subprocess.run(["psql", admin, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql],
                       check=True, capture_output=True)
    scheme, rest = admin.split("://", 1)
    authority, _, tail = rest.partition("/")
    query = tail.partition("?")[2]
    return "%s://%s/%s" % (scheme, authority, name) + ("?" + query if query else "")


def run_round(binary, rng, work, postgres=None, round=0):
    generate = Generator(rng)
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    if postgres:
        database = postgres_database(postgres, "change_oracle_%d" % round)
    else:
        database = os.path.join(work, "c.sqlite")

    def catalog(*arguments, statuses=(0,)):
        p = subprocess.run([binary, "-d", database, *arguments], capture_output=True, timeout=300)
        if p.returncode not in statuses:
            raise Disagreement("catalog %s exited %d: %s" % (
                " ".join(arguments), p.returncode, p.stderr.decode(errors="replace")[:400]))
        return p

    count = rng.choice([3, 20, 200, 1500])
    first = []
    seen = set()
    for i in range(count):
        entry = generate.entry(i)
        if kind_of(entry) not in seen:  # kinds are unique by construction; make sure
            seen.add(kind_of(entry))
            first.append(entry)
    path_a, path_b, path_c = (os.path.join(work, n) for n in ("a.json", "b.json", "c.json"))
    with open(path_a, "wb") as f:
        f.write(Writer(rng).document(first))
    catalog("import", path_a, "--prune")

    second = []
    changed = set()
    for entry in first:
        r = rng.random()
        if r < 0.05:
            continue  # removed
        if r < 0.15:
            entry = list(entry)
            names = [name for name, _ in entry]
            i = names.index("payload") if rng.random() < 0.7 else rng.choice(
                [j for j, name in enumerate(names) if name != "kind"])
            entry[i] = (entry[i][0], generate.tweak(entry[i][1]))
            changed.add(kind_of(entry))
        second.append(entry)
    for i in range(rng.choice([0, 0, 1, 5])):
        entry = generate.entry(count + i)
        if kind_of(entry) not in seen:
            seen.add(kind_of(entry))
            second.append(entry)
    if rng.random() < 0.3:
        rng.shuffle(second)
    expected = {
        "added": sorted(set(map(kind_of, second)) - set(map(kind_of, first))),
        "removed": sorted(set(map(kind_of, first)) - set(map(kind_of, second))),
        "changed": sorted(changed & set(map(kind_of, second))),
    }
    with open(path_b, "wb") as f:
        f.write(Writer(rng).document(second))

    def kinds(report, key):
        return sorted(k if isinstance(k, str) else k["kind"] for k in report[key])

    def check(what, report):
        for key in ("added", "removed", "changed"):
            got = kinds(report, key)
            if got != expected[key]:
                missing = sorted(set(expected[key]) - set(got))
                unexpected = sorted(set(got) - set(expected[key]))
                raise Disagreement("%s: %s kinds differ: missing %s, unexpected %s" % (
                    what, key, missing[:5], unexpected[:5]))

    file_diff = json.loads(catalog(
        "diff", "@head", path_b, "--prune", "--format", "json", statuses=(0, 1)).stdout)
    check("diff @head FILE", file_diff)
    dry_run = json.loads(catalog("import", path_b, "--prune", "--dry-run", "--format", "json").stdout)
    check("import --dry-run", dry_run["kinds"])
    imported = json.loads(catalog("import", path_b, "--prune", "--format", "json").stdout)
    check("import", imported["kinds"])
    if any(expected.values()):
        revision_diff = json.loads(catalog(
            "diff", "@1", "@2", "--format", "json", statuses=(0, 1)).stdout)
        check("diff @1 @2", revision_diff)

    exported = read(catalog("export").stdout.decode())
    if exported != ("o", [("components", ("a", [("o", e) for e in second]))]):
        raise Disagreement("export does not read back as the imported entries")

    with open(path_c, "wb") as f:
        f.write(Writer(rng).document(second))
    again = json.loads(catalog("import", path_c, "--prune", "--format", "json").stdout)
    if any(again["counts"].values()):
        raise Disagreement("the same entries in another spelling changed %s" % again["counts"])


if __name__ == "__main__":
    main()

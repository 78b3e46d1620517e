#!/usr/bin/env python3
"""Counts, over the generated tests of every example, the tests that start with a null DAO,
service or data-source field and the objects built by reflection, for one or more hornet
binaries in one run:

    python3 benches/null_fields.py BEFORE=/path/to/old/hornet AFTER=target/release/hornet

`NULL_FIELDS_EXAMPLES=datasource,lending` restricts it to those examples.

A DAO/service field is a field of a class of the example whose type is a class of the example
named ...Dao/...DAO/...Service/...Repository, or a DataSource, Connection or connection
factory. A test starts with one null when it allocates its object by reflection and leaves the
field unset, sets it to null, or passes null for it to the constructor that assigns it.
"""
import os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAOISH = re.compile(r"(Dao|DAO|Service|Repository|DataSource|Connection|ConnectionFactory|Factory)$")
FIELD = re.compile(r"^\s*(?:private|protected|public)?\s*(?:final\s+)?([A-Z]\w*)\s+(\w+)\s*(?:=[^;]*)?;", re.M)
CTOR_ASSIGN = re.compile(r"this\.(\w+)\s*=\s*(\w+)\s*;")


def dao_fields(src):
    fields = set()
    for folder, _, files in os.walk(src):
        for f in files:
            if f.endswith(".java"):
                text = open(os.path.join(folder, f)).read()
                for ty, name in FIELD.findall(text):
                    if DAOISH.search(ty):
                        fields.add(name)
    return fields


def count(out, fields):
    tests = with_null = allocated = 0
    for folder, _, files in os.walk(out):
        for f in files:
            if not f.endswith("HornetTest.java"):
                continue
            text = open(os.path.join(folder, f)).read()
            for body in re.split(r"\n    @Test\n", text)[1:]:
                tests += 1
                allocated += body.count("HornetObjects.allocate(")
                null = False
                for var in re.findall(r"(\w+) = HornetObjects\.allocate\(", body):
                    for field in fields:
                        set_line = re.search(r"HornetObjects\.set\(%s, \"%s\", ([^;]*)\);" % (var, field), body)
                        declared = re.search(r"HornetObjects\.(?:get|set)\(%s, \"%s\"" % (var, field), body)
                        if declared and (set_line is None or set_line.group(1) == "null"):
                            null = True
                # Passed null for a parameter of a DAO-ish type (`(javax.sql.DataSource) null`).
                if re.search(r"new [\w.]+\([^;]*\((?:[\w.]*\.)?\w*(?:Dao|DAO|Service|Repository|DataSource|Connection|Factory)\) null", body):
                    null = True
                with_null += null
    return tests, with_null, allocated


def main():
    binaries = [arg.split("=", 1) for arg in sys.argv[1:]]
    examples = sorted(d for d in os.listdir(os.path.join(ROOT, "examples")) if os.path.isdir(os.path.join(ROOT, "examples", d)))
    only = os.environ.get("NULL_FIELDS_EXAMPLES")
    if only:
        examples = [e for e in examples if e in only.split(",")]
    totals = {name: [0, 0, 0] for name, _ in binaries}
    print("example", *["%s: tests / null DAO field / reflection-built" % name for name, _ in binaries], sep=" | ")
    for example in examples:
        path = os.path.join(ROOT, "examples", example)
        options = []
        opt_file = os.path.join(path, "hornet-options.txt")
        if os.path.isfile(opt_file):
            options = [w for line in open(opt_file) if not line.lstrip().startswith("#") for w in line.split()]
        if os.path.isfile(os.path.join(path, "schema.sql")):
            options += ["--schema", os.path.join(path, "schema.sql")]
        summaries = os.path.join(path, "summaries")
        if os.path.isdir(summaries):
            options += ["--summaries", summaries]
        fields = dao_fields(os.path.join(path, "src"))
        row = [example]
        for name, binary in binaries:
            with tempfile.TemporaryDirectory() as out:
                subprocess.run([os.path.abspath(binary), "gen", "--jobs", "1", "--quiet", "--no-cache", "--out", out,
                                *options, os.path.join(path, "src")], cwd=out, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                figures = count(out, fields)
            totals[name] = [a + b for a, b in zip(totals[name], figures)]
            row.append("%d / %d / %d" % figures)
        print(*row, sep=" | ", flush=True)
    print("total", *["%d / %d / %d" % tuple(totals[name]) for name, _ in binaries], sep=" | ")


if __name__ == "__main__":
    main()

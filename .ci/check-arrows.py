#!/usr/bin/env python3
"""Checks the dependency arrows between packages.

1. Every package under Packages/ declares in its own Package.swift the same target dependencies that the
   root Package.swift declares for the same targets (the root compiles the packages' sources by path, so
   the two manifests can drift apart silently).
2. No library target depends on a package the table of layers does not allow (docs/architecture.md).

Reads `swift package dump-package` output; prints every difference and exits 1 when there is one.
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Which packages each package's library targets may import (docs/architecture.md, "Layers and arrows").
ALLOWED = {
    "Primitives": set(),
    "GraphQLCore": {"Primitives"},
    "EventLog": {"Primitives"},
    "Transport": {"GraphQLCore", "Primitives"},
    "StoreCore": {"GraphQLCore", "Primitives"},
    "SQLiteStore": {"GraphQLCore", "Primitives", "StoreCore"},
    "Retention": {"GraphQLCore"},
    "Scheduling": {"GraphQLCore", "Primitives"},
    "Codegen": {"GraphQLCore"},
    "LoopbackHTTP": {"Primitives"},
}


# Test targets the root manifest leaves to their package on purpose, each with the reason in the root
# Package.swift.
PACKAGE_ONLY = {"GraphQLCodegenRoundTripTests"}


def dump(path):
    out = subprocess.run(
        ["swift", "package", "--package-path", str(path), "dump-package"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)


def dependency_names(target):
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names


def main():
    problems = []
    root = dump(ROOT)
    root_targets = {t["name"]: t for t in root["targets"]}
    owner = {}  # target name -> package that owns it
    packages = sorted(p for p in (ROOT / "Packages").iterdir() if (p / "Package.swift").exists())
    dumps = {p.name: dump(p) for p in packages}
    for name, manifest in dumps.items():
        for target in manifest["targets"]:
            owner[target["name"]] = name
    for name, manifest in dumps.items():
        if name not in ALLOWED:
            problems.append(f"{name}: not in the design's table of packages (add it to .ci/check-arrows.py)")
        for target in manifest["targets"]:
            tname = target["name"]
            if tname in PACKAGE_ONLY and tname not in root_targets:
                continue
            if tname not in root_targets:
                problems.append(f"{name}: target {tname} is missing from the root Package.swift")
                continue
            mine = dependency_names(target)
            rooted = dependency_names(root_targets[tname])
            if mine != rooted:
                problems.append(
                    f"{name}: target {tname} depends on {sorted(mine)} in its own manifest "
                    f"but on {sorted(rooted)} in the root manifest")
            if target["type"] != "test":
                for dep in mine:
                    dep_owner = owner.get(dep)
                    if dep_owner and dep_owner != name and dep_owner not in ALLOWED.get(name, set()):
                        problems.append(f"{name}: library target {tname} may not import {dep} ({dep_owner})")
    for tname, target in root_targets.items():
        if tname in owner or target["type"] == "test":
            continue
        # Root-only targets (the umbrella) may depend on anything.
    for problem in problems:
        print("arrow check:", problem)
    if problems:
        return 1
    print(f"arrow check: {len(dumps)} packages agree with the root manifest")
    return 0


if __name__ == "__main__":
    sys.exit(main())

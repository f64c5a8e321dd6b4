#!/usr/bin/env python3
"""Checks that the documentation points only at things that exist.

In README.md, CONTRIBUTING.md, CHANGELOG.md and every Markdown file under docs/:

1. every relative Markdown link `[text](target)` names a file or folder that exists (relative to the file
   that links; `#anchors` are ignored, `http:`/`https:`/`mailto:` links are not checked);
2. every backticked path outside code blocks (`Packages/StoreCore/...`, `.ci/run`, `docs/runtime.md`:
   text with a `/` or a file extension and no spaces) exists: relative to the repository's root, to the
   file, or as the end of a tracked path (`Compilation/SHA256.swift`, as decision records name files
   inside their package), or is a path `.gitignore` ignores (`.ci/.venv`, `.build/docs`: made by a build
   or a setup script, so absent from a fresh clone). Templates are skipped: a segment that is one capital letter
   (`Packages/X/Package.swift`, `Tests/XTests`), `NNNN`, `<...>`, globs, absolute paths and media types (`text/...`).

Prints every broken reference with its file and line and exits 1 when there is one.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"`([^`\n]+)`")
MEDIA_TYPES = {"text", "application", "multipart", "image"}
EXTENSIONS = (".md", ".swift", ".py", ".sh", ".txt", ".json", ".yml", ".yaml", ".toml", ".docc")


def files():
    yield from (ROOT / name for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md") if (ROOT / name).exists())
    yield from sorted((ROOT / "docs").rglob("*.md"))


def looks_like_path(text):
    if " " in text or text.startswith(("-", "/", "~", "http:", "https:")) or "://" in text:
        return False
    if any(c in text for c in "()<>*$={}[],;:'\"\\|?!@"):
        return False
    if text.count("/") == 0 and not text.endswith(EXTENSIONS):
        return False
    if text.split("/", 1)[0] in MEDIA_TYPES:
        return False
    segments = [s for s in text.split("/") if s]
    if not segments or any(re.fullmatch(r"[A-Z](Tests)?", s) or "NNNN" in s or s == ".." for s in segments):
        return False
    return all(re.fullmatch(r"[A-Za-z0-9_.+@-]+", s) for s in segments)


def tracked_paths():
    """Every file and folder git tracks (or would: untracked files not ignored), as `/a/b/c` strings."""
    import subprocess

    out = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard"],
        check=True, capture_output=True, text=True,
    ).stdout.split("\n")
    paths = set()
    for name in filter(None, out):
        parts = name.split("/")
        for end in range(1, len(parts) + 1):
            paths.add("/" + "/".join(parts[:end]))
    return paths


TRACKED = None


def ignored(path):
    """Whether `.gitignore` ignores the path: something a build or setup script makes, not a source file."""
    import subprocess

    # A folder pattern (`.ci/.venv/`) matches only a name ending in `/` when the folder is absent.
    for name in (path, path + "/"):
        result = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", "--no-index", name], capture_output=True)
        if result.returncode == 0:
            return True
    return False


def exists(path, base):
    global TRACKED
    if (ROOT / path).exists() or (base / path).exists():
        return True
    if ignored(path):
        return True
    if TRACKED is None:
        TRACKED = tracked_paths()
    # A test suite is named without its `.swift` (`Transaction/TransactionTests`).
    suffixes = ("/" + path, "/" + path + ".swift")
    return any(p.endswith(suffixes) for p in TRACKED)


def main():
    problems = []
    checked = 0
    for file in files():
        base = file.parent
        in_code = False
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            where = f"{file.relative_to(ROOT)}:{number}"
            for target in LINK.findall(line):
                if target.startswith(("http:", "https:", "mailto:", "#")):
                    continue
                path = target.split("#", 1)[0]
                checked += 1
                if path and not (base / path).exists():
                    problems.append(f"{where}: link to {target}, which does not exist")
            for text in CODE.findall(LINK.sub("", line)):
                if looks_like_path(text):
                    checked += 1
                    if not exists(text.rstrip("/"), base):
                        problems.append(f"{where}: `{text}` does not exist")
    for problem in problems:
        print("link check:", problem)
    if problems:
        return 1
    print(f"link check: {checked} links and paths, all exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""SHA-256 digests from Python's hashlib for the Transport package's hand-written SHA-256.

Writes Packages/Transport/Tests/TransportTests/Fixtures/sha256-pattern.json: the digest of the message
whose byte i is (i*7+3) % 256, for every length from 0 to 129 bytes (every padding case around the
55/56/63/64-byte boundaries and the next block) and for 1,000 bytes. With --check, compares instead of
writing and exits 1 when the committed file differs.
"""

import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
FIXTURE = ROOT / "Packages/Transport/Tests/TransportTests/Fixtures/sha256-pattern.json"


def fixture():
    vectors = []
    for length in list(range(0, 130)) + [1000]:
        message = bytes((i * 7 + 3) % 256 for i in range(length))
        vectors.append({"length": length, "sha256": hashlib.sha256(message).hexdigest()})
    return {"pattern": "byte i is (i*7+3) % 256", "vectors": vectors}


def main():
    text = json.dumps(fixture(), indent=1) + "\n"
    if "--check" in sys.argv:
        if FIXTURE.read_text() != text:
            print(f"{FIXTURE} differs from hashlib's digests; regenerate it", file=sys.stderr)
            sys.exit(1)
        return
    FIXTURE.write_text(text)


if __name__ == "__main__":
    main()

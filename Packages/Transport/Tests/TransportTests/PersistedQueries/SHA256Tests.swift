import Foundation
import GraphQLCore
import Testing

@testable import Transport

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "the FIPS 180-2 example messages hash to their published digests",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
            (
                "The quick brown fox jumps over the lazy dog",
                "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
            ),
        ])
    func publishedVectors(message: String, digest: String) {
        #expect(DocumentDigest.sha256Hex(message) == digest)
    }

    @Test("a million repetitions of `a` hash to the published digest")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            DocumentDigest.sha256Hex(bytes: message)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Digests from Python's hashlib (`scripts/reference/sha256_vectors.py`) for every length from 0 to
    /// 129 bytes and 1,000 bytes, so that
    /// every padding case (55, 56, 63, 64 bytes and the block boundaries after) is covered.
    @Test("every message length across the padding boundaries agrees with hashlib")
    func paddingBoundaries() throws {
        struct Fixture: Decodable {
            struct Vector: Decodable {
                var length: Int
                var sha256: String
            }
            var vectors: [Vector]
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/sha256-pattern.json")
        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        #expect(fixture.vectors.count == 131)
        for vector in fixture.vectors {
            let message = (0..<vector.length).map { UInt8(($0 * 7 + 3) % 256) }
            #expect(DocumentDigest.sha256Hex(bytes: message) == vector.sha256, "length \(vector.length)")
        }
    }

    @Test("a string is hashed as its UTF-8 bytes")
    func utf8() {
        #expect(DocumentDigest.sha256Hex("é😀") == DocumentDigest.sha256Hex(bytes: Array("é😀".utf8)))
        #expect(DocumentDigest.sha256(Array("abc".utf8)).count == 32)
    }
}

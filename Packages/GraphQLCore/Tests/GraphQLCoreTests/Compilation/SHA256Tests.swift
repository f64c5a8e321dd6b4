import Testing

@testable import GraphQLCore

@Suite("SHA256")
struct SHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("the digest of the empty string is the FIPS 180-4 value")
    func emptyString() {
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("the digest of 'abc' is the FIPS 180-4 value")
    func abc() {
        #expect(hex(SHA256.hash("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a two-block message hashes to the FIPS 180-4 value")
    func twoBlocks() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(hex(SHA256.hash(message.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("a message of 55, 56 and 64 bytes pads across the block boundary correctly")
    func paddingBoundaries() {
        #expect(
            hex(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 55)))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(
            hex(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 56)))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(
            hex(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 64)))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test("feeding a message in pieces of any size gives the digest of the whole")
    func piecewise() {
        let message = Array((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let whole = SHA256.hash(message)
        for pieceSize in [1, 3, 63, 64, 65, 130] {
            var hasher = SHA256()
            var offset = 0
            while offset < message.count {
                let end = min(offset + pieceSize, message.count)
                hasher.update(message[offset..<end])
                offset = end
            }
            #expect(hasher.finalize() == whole, "pieces of \(pieceSize)")
        }
    }
}

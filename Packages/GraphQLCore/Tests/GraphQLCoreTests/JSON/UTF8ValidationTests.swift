import Testing

@testable import GraphQLCore

@Suite("UTF-8 validation below iOS 18 / macOS 15")
struct UTF8ValidationTests {
    /// Valid text, and each way UTF-8 can be ill-formed (RFC 3629 and the Unicode standard's table 3-7).
    static let samples: [[UInt8]] = [
        [], Array("plain ascii".utf8), Array("é ü 日本 🎉".utf8), Array("\u{FFFD}".utf8),
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80], [0xE0, 0xA0],
        [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
        [0xFE], [0xFF], [0x41, 0xE2, 0x82], [0xE2, 0x82, 0xAC, 0x41],
    ]

    // The reference is `String(validating:as:)` itself, so the comparison runs where it exists (Linux,
    // and Apple platforms from iOS 18 / macOS 15).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("the scan accepts and refuses exactly what the standard library's validation does")
    func scanAgreesWithStandardLibrary() {
        var inputs = Self.samples
        // Every string of up to four bytes from the bytes at the edges of the lead and continuation ranges.
        let edges: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xF5,
        ]
        var strings: [[UInt8]] = [[]]
        for _ in 1...4 {
            strings = strings.flatMap { prefix in edges.map { prefix + [$0] } }
            inputs += strings
        }
        var refused = 0
        for bytes in inputs {
            bytes.withUnsafeBufferPointer { buffer in
                let expected = String(validating: buffer, as: UTF8.self)
                #expect(UTF8Validation.stringByScanning(buffer) == expected, "bytes \(bytes)")
                if expected == nil { refused += 1 }
            }
        }
        // Both answers occur, so agreement is not agreement on one answer.
        #expect(refused > 100)
        #expect(inputs.count - refused > 100)
    }
}

import Foundation
import Testing

@testable import GraphQLCore

/// `parse(serialize(v)) == v` over random values from a seeded generator, so a failure reproduces.
@Suite("JSON round trips")
struct JSONRoundTripTests {
    @Test("reading what was written gives the value back", arguments: 0..<8)
    func roundTrip(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        for _ in 0..<250 {
            let value = generator.value(depth: 4)
            let compact = value.serialized()
            let sorted = value.serialized(sortedKeys: true)
            let readCompact = try JSONValue(parsing: compact)
            #expect(readCompact == value, "seed \(seed): \(value.serializedString())")
            #expect(try JSONValue(parsing: sorted) == value)
            #expect(readCompact.serialized() == compact, "writing is deterministic")
            #expect(try JSONValue(parsing: value.serializedString()) == value)
        }
    }

    @Test("every double survives a round trip bit for bit, whatever its bits")
    func doubleBits() throws {
        var generator = RandomJSON(seed: 99)
        for _ in 0..<5000 {
            let double = generator.double()
            let read = try JSONValue(parsing: JSONValue.double(double).serialized())
            guard case .double(let back) = read else {
                Issue.record("\(double) read back as \(read)")
                continue
            }
            #expect(back.bitPattern == double.bitPattern, "\(double)")
        }
    }
}

/// Random JSON values from SplitMix64: strings mix ASCII, the characters that need escapes, and
/// multi-byte scalars; doubles are random bit patterns (finite) and awkward literals.
struct RandomJSON {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func value(depth: Int) -> JSONValue {
        switch below(depth > 0 ? 9 : 6) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2: return .int(int())
        case 3: return .double(double())
        case 4, 5: return .string(string())
        case 6: return .array((0..<below(6)).map { _ in value(depth: depth - 1) })
        default:
            var object = JSONObject()
            for _ in 0..<below(7) { object[string()] = value(depth: depth - 1) }
            return .object(object)
        }
    }

    mutating func int() -> Int {
        switch below(4) {
        case 0: return [0, -1, 1, Int.max, Int.min][below(5)]
        case 1: return Int(truncatingIfNeeded: next())
        default: return below(2000) - 1000
        }
    }

    mutating func double() -> Double {
        switch below(4) {
        case 0:
            return [
                0.1, 1.0, -0.0, 3.0, 1e16, 1e-7, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 2.5,
                123.456,
            ][below(10)]
        case 1: return Double(below(100_000)) / 8
        default:
            while true {
                let double = Double(bitPattern: next())
                if double.isFinite { return double }
            }
        }
    }

    mutating func string() -> String {
        let pieces: [String] = [
            "a", "id", "name", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "ü",
            "€", "😀", "𝄞", "\u{2028}", "\u{FEFF}", "long run of plain ascii text",
        ]
        var string = ""
        for _ in 0..<below(8) { string += pieces[below(pieces.count)] }
        return string
    }
}

/// Finds where UTF-8 text stops being valid, to point an error at the offending byte.
///
/// The reader lets the standard library validate strings where it can (`String(validating:as:)`,
/// iOS 18 / macOS 15) and, when it refuses one, asks here for the offset (RFC 3629: no overlong
/// forms, no surrogates, nothing above U+10FFFF). Below those versions the scan here is the
/// validation (decision 0121).
enum UTF8Validation {
    /// The string `bytes` spell in UTF-8, or `nil` when they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return stringByScanning(bytes)
    }

    /// ``string(_:)`` for the platforms without `String(validating:as:)`: the scan, then a decode
    /// that has nothing to repair.
    static func stringByScanning(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard firstInvalidIndex(in: bytes, 0..<bytes.count) == nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The index of the first byte in `range` that starts an invalid sequence, or `nil`.
    static func firstInvalidIndex(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                highest = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            let second = bytes[index + 1]
            guard second >= lowest, second <= highest else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}

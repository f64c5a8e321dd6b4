import Foundation

extension JSONValue {
    /// The value as compact JSON text (UTF-8), keys in the object's order; with `sortedKeys`, keys
    /// sorted by their UTF-8 bytes at every level, so that equal values print to equal bytes.
    ///
    /// Doubles print so that they read back to the same `Double` (integral ones with `.0`);
    /// infinities and NaN, which JSON cannot express, print as `null`.
    public func serialized(sortedKeys: Bool = false) -> Data {
        var writer = JSONWriter(sortedKeys: sortedKeys)
        writer.write(self)
        return Data(writer.output)
    }

    /// The value as compact JSON text; see ``serialized(sortedKeys:)``.
    public func serializedString(sortedKeys: Bool = false) -> String {
        var writer = JSONWriter(sortedKeys: sortedKeys)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

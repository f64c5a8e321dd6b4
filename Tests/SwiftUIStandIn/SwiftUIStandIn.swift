// Test support, not a product: SwiftUI's environment names, declared as SwiftUI declares them, so that a
// test on Linux (where SwiftUI does not exist) compiles a file that imports them beside `Environment`.
// What the test checks is name lookup, which depends only on these names and their kinds.

/// The values a view reads from its environment, as SwiftUI's `EnvironmentValues`.
public struct EnvironmentValues: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Empty values: every key reads its default.
    public init() {}

    /// The value stored for `key`, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A key of ``EnvironmentValues``, as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    /// What the key's value is.
    associatedtype Value: Sendable
    /// The value when nothing was stored.
    static var defaultValue: Value { get }
}

/// The property wrapper that reads one environment value, as SwiftUI's `@Environment`: the name a type
/// of the same name in another imported module makes ambiguous.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let values: EnvironmentValues

    /// Reads `keyPath` of the values the view was given.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>, in values: EnvironmentValues) {
        self.keyPath = keyPath
        self.values = values
    }

    /// The value read.
    public var wrappedValue: Value { values[keyPath: keyPath] }
}

import Foundation

/// A value a generated selection reads from its answer object without decoding it again: the
/// standard scalars, a generated selection, and optionals and lists of them.
///
/// Generated code names these types in its field tables and accessors; an app does not conform its
/// own types (custom scalars and enums are read through `Decodable` instead).
public protocol GraphQLAnswerValue: Codable, Sendable, Hashable {
    /// How decoding checks a value of this type in an answer.
    static var __shape: GraphQLAnswerShape { get }
    /// The value from an answer that the shape's check accepted; `nil` is a key the answer lacks.
    init(__answer value: JSONValue?)
    /// The value as an answer holds it, for the memberwise initializers of previews and fixtures.
    var __answer: JSONValue { get }
    /// Whether the type is an optional, whose `null` an outer optional keeps as `.some(nil)`.
    static var __isOptional: Bool { get }
}

extension GraphQLAnswerValue {
    /// Not an optional.
    public static var __isOptional: Bool { false }
}

/// How decoding checks one value of an answer: a kind of scalar, a selection's fields, a list or a
/// nullable value of another shape. Built once per field table, walked for every answer.
public struct GraphQLAnswerShape: Sendable {
    indirect enum Kind: Sendable {
        case int, double, string, bool
        case nullable(Kind)
        case list(Kind)
        case selection(ObjectCheck)
        /// A custom scalar, an enum or a masked fragment's reference: decoded to be checked.
        case decodable(@Sendable (JSONValue) throws -> Void)
    }

    let kind: Kind

    /// The shape of a type read through `Decodable`.
    static func decodable<T: Decodable & SendableMetatype>(_ type: T.Type) -> GraphQLAnswerShape {
        GraphQLAnswerShape(kind: .decodable { _ = try JSONValueDecoder().decode(T.self, from: $0) })
    }
}

/// Checks an object against a selection's table; returns the object with only the keys the selection
/// and its views read when the context projects (what data masking keeps), the object with the field
/// errors its `@catch` fields caught recorded in it, or `nil` when the object stays as it is.
typealias ObjectCheck = @Sendable (_ object: JSONObject, _ context: inout AnswerCheckContext) throws -> JSONObject?

/// What one decoding walk carries down to each value it checks.
struct AnswerCheckContext {
    /// Whether the walk keeps only the keys the selections read (data masking).
    var project: Bool
    /// The field errors of the decode, for the `@catch` fields; `nil` when there are none.
    let catcher: FieldErrorCatcher?
    /// The response path of the value checked, kept only with a catcher: what a field error names.
    var path: [ResponsePathSegment] = []

    /// Enters `segment` for `body` when a catcher needs the path.
    mutating func entering<T>(_ segment: ResponsePathSegment, _ body: (inout Self) throws -> T) rethrows -> T {
        guard catcher != nil else { return try body(&self) }
        path.append(segment)
        defer { path.removeLast() }
        return try body(&self)
    }
}

/// Reads a value that `GraphQLAnswerShape` checked when the answer was decoded, so it cannot fail
/// there; only a value built by hand around the checks (`init(__data:)` with a wrong object, where
/// decoding the object would have thrown the typed error) gets here. The message names the type and
/// the kind of value found, never the value: answers are user data, and this lands in crash logs.
@usableFromInline func uncheckedAnswer(_ type: Any.Type, _ value: JSONValue?) -> Never {
    preconditionFailure("an answer's value was not checked as \(type): found \(valueKind(value))")
}

/// The kind of `value` (`a string`, `null`, `nothing`), without its contents.
@usableFromInline func valueKind(_ value: JSONValue?) -> String {
    switch value {
    case nil: "nothing"
    case .null?: "null"
    case .bool?: "a Boolean"
    case .int?, .bigInt?, .double?: "a number"
    case .string?: "a string"
    case .array?: "a list"
    case .object?: "an object"
    }
}

extension Int: GraphQLAnswerValue {
    /// An integer: `Int`'s range, as `JSONDecoder` reads it.
    public static var __shape: GraphQLAnswerShape { GraphQLAnswerShape(kind: .int) }
    /// The checked integer.
    public init(__answer value: JSONValue?) {
        switch value {
        case .int(let int)?: self = int
        case .double(let double)?:
            guard let exact = Int(exactly: double) else { uncheckedAnswer(Int.self, value) }
            self = exact
        default: uncheckedAnswer(Int.self, value)
        }
    }
    /// `.int`.
    public var __answer: JSONValue { .int(self) }
}

extension Double: GraphQLAnswerValue {
    /// Any number.
    public static var __shape: GraphQLAnswerShape { GraphQLAnswerShape(kind: .double) }
    /// The checked number.
    public init(__answer value: JSONValue?) {
        switch value {
        case .double(let double)?: self = double
        case .int(let int)?: self = Double(int)
        case .bigInt(let digits)?:
            guard let double = Double(digits) else { uncheckedAnswer(Double.self, value) }
            self = double
        default: uncheckedAnswer(Double.self, value)
        }
    }
    /// `.double`.
    public var __answer: JSONValue { .double(self) }
}

extension String: GraphQLAnswerValue {
    /// A string.
    public static var __shape: GraphQLAnswerShape { GraphQLAnswerShape(kind: .string) }
    /// The checked string.
    public init(__answer value: JSONValue?) {
        guard case .string(let string)? = value else { uncheckedAnswer(String.self, value) }
        self = string
    }
    /// `.string`.
    public var __answer: JSONValue { .string(self) }
}

extension Bool: GraphQLAnswerValue {
    /// `true` or `false`.
    public static var __shape: GraphQLAnswerShape { GraphQLAnswerShape(kind: .bool) }
    /// The checked Boolean.
    public init(__answer value: JSONValue?) {
        guard case .bool(let bool)? = value else { uncheckedAnswer(Bool.self, value) }
        self = bool
    }
    /// `.bool`.
    public var __answer: JSONValue { .bool(self) }
}

extension Optional: GraphQLAnswerValue where Wrapped: GraphQLAnswerValue {
    /// `null` or the wrapped shape.
    public static var __shape: GraphQLAnswerShape { GraphQLAnswerShape(kind: .nullable(Wrapped.__shape.kind)) }
    /// `nil` for a missing key; for `null`, `nil` too unless the wrapped type is itself optional
    /// (a nullable field under `@include` keeps "missing" and "null" apart as `T??`).
    public init(__answer value: JSONValue?) {
        guard let value else {
            self = nil
            return
        }
        if case .null = value, !Wrapped.__isOptional {
            self = nil
        } else {
            self = Wrapped(__answer: value)
        }
    }
    /// `null` for `nil`.
    public var __answer: JSONValue { self?.__answer ?? .null }
    /// An optional.
    public static var __isOptional: Bool { true }
}

extension Array: GraphQLAnswerValue where Element: GraphQLAnswerValue {
    /// A list of the element's shape.
    public static var __shape: GraphQLAnswerShape { GraphQLAnswerShape(kind: .list(Element.__shape.kind)) }
    /// The checked list.
    public init(__answer value: JSONValue?) {
        guard case .array(let elements)? = value else { uncheckedAnswer(Array.self, value) }
        self = elements.map { Element(__answer: $0) }
    }
    /// `.array`.
    public var __answer: JSONValue { .array(map(\.__answer)) }
}

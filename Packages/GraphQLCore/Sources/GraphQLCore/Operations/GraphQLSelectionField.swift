import Foundation

/// One entry of a generated selection's field table (``GraphQLSelection/__fields``): a field and
/// how decoding checks it, or a view of the same object that decoding checks too.
///
/// The table is the selection's decoding: one shared walk in this module reads it, instead of an
/// `init(from:)` written out for every struct.
public struct GraphQLSelectionField: Sendable {
    enum Kind: Sendable {
        /// A field: its key, its shape, and whether the answer may lack it.
        case value(String, GraphQLAnswerShape.Kind, mayBeMissing: Bool)
        /// A type condition or a fragment spread, checked when the object's `__typename` is one of
        /// the types (always when there are none).
        case view([String]?, @Sendable (JSONObject) throws -> Void)
    }

    let kind: Kind

    /// A field the answer always has: its value is checked as a `T` (`null` only for an optional).
    public static func field<T: GraphQLAnswerValue>(_ key: String, _ type: T.Type) -> Self {
        Self(kind: .value(key, T.__shape.kind, mayBeMissing: false))
    }

    /// A field of a custom scalar or enum type that the answer always has, checked by decoding it.
    // The generic path, for types that are not `GraphQLAnswerValue`s.
    @_disfavoredOverload
    public static func field<T: Decodable & SendableMetatype>(_ key: String, _ type: T.Type) -> Self {
        Self(kind: .value(key, GraphQLAnswerShape.decodable(T.self).kind, mayBeMissing: false))
    }

    /// A field the answer may lack: under `@include`, `@skip` or `@defer`, or added by the compiler
    /// to what the app wrote (a fixture of the document as written lacks it).
    public static func conditional<T: GraphQLAnswerValue>(_ key: String, _ type: T.Type) -> Self {
        Self(kind: .value(key, T.__shape.kind, mayBeMissing: true))
    }

    /// A field of a custom scalar or enum type that the answer may lack.
    // The generic path, for types that are not `GraphQLAnswerValue`s.
    @_disfavoredOverload
    public static func conditional<T: Decodable & SendableMetatype>(_ key: String, _ type: T.Type) -> Self {
        Self(kind: .value(key, GraphQLAnswerShape.decodable(T.self).kind, mayBeMissing: true))
    }

    /// A type condition or a fragment spread on the same object, checked when its `__typename` is
    /// one of `types` (always when `nil`).
    public static func view<T: GraphQLSelection>(_ type: T.Type, when types: [String]? = nil) -> Self {
        Self(kind: .view(types) { try T.__check($0) })
    }

    /// A masked fragment's reference, decoded from the same object to be checked.
    // The generic path, for types that are not `GraphQLAnswerValue`s.
    @_disfavoredOverload
    public static func view<T: Decodable & SendableMetatype>(_ type: T.Type, when types: [String]? = nil) -> Self {
        Self(kind: .view(types) { object in
            do {
                _ = try JSONValueDecoder().decode(T.self, from: .object(object))
            } catch let error as DecodingError {
                throw AnswerCheckFailure(.decoding(error))
            }
        })
    }
}

extension GraphQLAnswerShape.Kind {
    /// Checks one value; a failure names the keys below this value.
    func check(_ value: JSONValue) throws {
        switch self {
        case .nullable(let wrapped):
            if case .null = value { return }
            try wrapped.check(value)
            return
        case .decodable(let decode):
            do {
                try decode(value)
            } catch let error as DecodingError {
                throw AnswerCheckFailure(.decoding(error))
            }
            return
        default:
            break
        }
        if case .null = value { throw AnswerCheckFailure(.null(typeName)) }
        switch (self, value) {
        case (.int, .int), (.double, .int), (.double, .double), (.double, .bigInt), (.string, .string),
            (.bool, .bool):
            return
        case (.int, .double(let double)) where Int(exactly: double) != nil:
            return
        case (.list(let element), .array(let elements)):
            for (index, element_) in elements.enumerated() {
                do {
                    try element.check(element_)
                } catch var failure as AnswerCheckFailure {
                    failure.keys.append(JSONCodingKey(index: index))
                    throw failure
                }
            }
        case (.selection(let check), .object(let object)):
            try check(object)
        default:
            throw AnswerCheckFailure(.mismatch(typeName, value))
        }
    }

    private var typeName: String {
        switch self {
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .bool: "Bool"
        case .nullable(let wrapped): "Optional<\(wrapped.typeName)>"
        case .list(let element): "Array<\(element.typeName)>"
        case .selection: "a selection's object"
        case .decodable: "a decodable value"
        }
    }
}

/// Why an answer failed its check, and the keys from the failing value up to the checked object
/// (innermost first): made into the `DecodingError` `JSONDecoder` would give once, at the top.
struct AnswerCheckFailure: Error {
    enum Reason {
        case keyNotFound(String)
        case null(String)
        case mismatch(String, JSONValue)
        case decoding(DecodingError)
    }

    let reason: Reason
    var keys: [any CodingKey] = []

    init(_ reason: Reason) { self.reason = reason }

    func decodingError(under codingPath: [any CodingKey]) -> DecodingError {
        let path = codingPath + keys.reversed()
        switch reason {
        case .keyNotFound(let key):
            return .keyNotFound(
                JSONCodingKey(key),
                DecodingError.Context(codingPath: path, debugDescription: "No value for the key \"\(key)\"."))
        case .null(let type):
            return .valueNotFound(
                JSONValue.self,
                DecodingError.Context(codingPath: path, debugDescription: "Expected \(type) but found null."))
        case .mismatch(let type, let value):
            return .typeMismatch(
                JSONValue.self,
                DecodingError.Context(
                    codingPath: path, debugDescription: "Expected \(type) but found \(Unboxing.kind(of: value))."))
        case .decoding(let error):
            return error.prefixed(by: path)
        }
    }
}

extension DecodingError {
    /// The same error with `prefix` before its coding path.
    fileprivate func prefixed(by prefix: [any CodingKey]) -> DecodingError {
        switch self {
        case .typeMismatch(let type, let context): .typeMismatch(type, context.prefixed(by: prefix))
        case .valueNotFound(let type, let context): .valueNotFound(type, context.prefixed(by: prefix))
        case .keyNotFound(let key, let context): .keyNotFound(key, context.prefixed(by: prefix))
        case .dataCorrupted(let context): .dataCorrupted(context.prefixed(by: prefix))
        @unknown default: self
        }
    }
}

extension DecodingError.Context {
    fileprivate func prefixed(by prefix: [any CodingKey]) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: prefix + codingPath, debugDescription: debugDescription, underlyingError: underlyingError)
    }
}

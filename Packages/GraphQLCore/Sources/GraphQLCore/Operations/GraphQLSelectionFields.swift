import Foundation

/// A generated selection's field table (`GraphQLSelection.__fields`): each field and how decoding
/// checks it, and the views of the same object that decoding checks too.
///
/// The table is the selection's decoding: one shared walk in this module reads it, instead of an
/// `init(from:)` written out for every struct. It is written as one string, read once per type, so
/// that the generated code stays small and the compiler has no expression to type-check:
///
/// - a field is `key:T`, and `?key:T` when the answer may lack it (under `@include`, `@skip` or
///   `@defer`, or added by the compiler to what the app wrote); `!` before either marks a `@catch`
///   field, which records in the object the field error it caught (decision 0216);
/// - `__typename`, which the compiler adds to every selection it sends, is checked where the answer has
///   it (a string or `null`): at `=`, or `=Name` when the selection's type is the object type `Name`,
///   which `GraphQLSelection.__typename` gives when the answer lacks the field (decision 0226); a
///   table that neither lists it nor has `=` checks it last;
/// - `T` is `i` (`Int`), `f` (`Double`), `s` (`String`), `b` (`Bool`), `#n` (the `n`th of the types
///   passed: a selection, a custom scalar or an enum), `[T]` a list, and `?` after it a nullable value;
/// - a view is `@n` (the `n`th type, on every object) or `@n:User,Admin` (when the object's
///   `__typename` is one of those): a type condition, or a fragment spread that always applies;
///   `@?n` is a spread under `@include`, `@skip` or `@defer`, which the object may fail (then it is
///   no view of it), checked only when the selection has `@catch` fields to record errors for.
///
/// `"id:s ?name:s? friends:[#0?]? @1:User =Post"` with `Friends.self, AsUser.self`.
public struct GraphQLSelectionFields: Sendable {
    enum Entry: Sendable {
        /// A field: its key, its shape, whether the answer may lack it, and whether it is a `@catch` field.
        case value(String, GraphQLAnswerShape.Kind, mayBeMissing: Bool, isCaught: Bool)
        /// A view of the same object, checked when the object's `__typename` is one of the types
        /// (always when there are none).
        case view([String]?, ObjectCheck)
        /// A conditional view, checked for its `@catch` fields: a failure only means it does not apply.
        case conditionalView(ObjectCheck)
    }

    let entries: [Entry]
    /// The selection's object type, when the compiler added `__typename` to it: what an answer without
    /// the field is.
    let typename: String?
    /// Whether the selection, or one nested in it, holds a masked fragment's reference: then decoding
    /// keeps only the keys the selections read.
    let masks: Bool

    /// The table `text` describes, whose `#n` and `@n` name `types` by position.
    ///
    /// The text is generated, not input: one that does not parse is a generator defect, and stops.
    public init(_ text: String, _ types: any (Decodable & SendableMetatype).Type...) {
        var entries: [Entry] = []
        var masks = false
        var typename: String? = nil
        for item in text.split(separator: " ") {
            var rest = Substring(item)
            if rest.first == "=" {
                if rest.count > 1 { typename = String(rest.dropFirst()) }
                entries.append(Self.addedTypename)
                continue
            }
            if rest.first == "@" {
                rest.removeFirst()
                let isConditional = rest.first == "?"
                if isConditional { rest.removeFirst() }
                let parts = rest.split(separator: ":", maxSplits: 1)
                guard let index = Int(parts[0]), types.indices.contains(index) else {
                    preconditionFailure("a generated field table names no type \(item)")
                }
                let possible = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : nil
                entries.append(
                    isConditional
                        ? .conditionalView(Self.checker(types[index])) : .view(possible, Self.checker(types[index])))
                // A conditional view is no part of the projection, as before it was in the table.
                if !isConditional { masks = masks || Self.masks(types[index]) }
                continue
            }
            let isCaught = rest.first == "!"
            if isCaught { rest.removeFirst() }
            let mayBeMissing = rest.first == "?"
            if mayBeMissing { rest.removeFirst() }
            guard let colon = rest.lastIndex(of: ":") else {
                preconditionFailure("a generated field table entry \(item)")
            }
            var type = rest[rest.index(after: colon)...]
            let kind = Self.kind(&type, types)
            masks = masks || Self.masks(type: rest[rest.index(after: colon)...], types)
            guard type.isEmpty else { preconditionFailure("a generated field table entry \(item)") }
            entries.append(.value(String(rest[..<colon]), kind, mayBeMissing: mayBeMissing, isCaught: isCaught))
        }
        if !entries.contains(where: { if case .value("__typename", _, _, _) = $0 { true } else { false } }) {
            entries.append(Self.addedTypename)
        }
        self.entries = entries
        self.typename = typename
        self.masks = masks
    }

    /// `__typename` as the compiler adds it: a string or `null` where the answer has it.
    private static let addedTypename = Entry.value(
        "__typename", .nullable(.string), mayBeMissing: true, isCaught: false)

    /// Whether a view's type is a masked reference, or a selection that holds one.
    private static func masks(_ type: any (Decodable & SendableMetatype).Type) -> Bool {
        guard let selection = type as? any GraphQLSelection.Type else { return true }
        return selection.__fields.masks
    }

    /// Whether a field's type names a selection that masks.
    private static func masks(type text: Substring, _ types: [any (Decodable & SendableMetatype).Type]) -> Bool {
        var rest = text
        while let hash = rest.firstIndex(of: "#") {
            rest = rest[rest.index(after: hash)...]
            let digits = rest.prefix(while: \.isNumber)
            if let index = Int(digits), types.indices.contains(index),
                let selection = types[index] as? any GraphQLSelection.Type, selection.__fields.masks
            {
                return true
            }
        }
        return false
    }

    private static func kind(_ text: inout Substring, _ types: [any (Decodable & SendableMetatype).Type])
        -> GraphQLAnswerShape.Kind
    {
        var kind: GraphQLAnswerShape.Kind
        switch text.popFirst() {
        case "i": kind = .int
        case "f": kind = .double
        case "s": kind = .string
        case "b": kind = .bool
        case "[":
            kind = .list(Self.kind(&text, types))
            guard text.popFirst() == "]" else { preconditionFailure("a generated list type lacks its ]") }
        case "#":
            let digits = text.prefix(while: \.isNumber)
            text.removeFirst(digits.count)
            guard let index = Int(digits), types.indices.contains(index) else {
                preconditionFailure("a generated field table names no type #\(digits)")
            }
            kind = shape(of: types[index])
        default:
            preconditionFailure("a generated field table has an unknown type")
        }
        if text.first == "?" {
            text.removeFirst()
            kind = .nullable(kind)
        }
        return kind
    }

    private static func shape<T: Decodable & SendableMetatype>(of type: T.Type) -> GraphQLAnswerShape.Kind {
        if let selection = type as? any GraphQLSelection.Type { return selection.__shape.kind }
        return GraphQLAnswerShape.decodable(type).kind
    }

    /// The check of a view: a selection's table, or for a masked fragment's reference its decoding
    /// (projected, the keys it encodes back: `__typename` and `id`).
    private static func checker<T: Decodable & SendableMetatype>(_ type: T.Type) -> ObjectCheck {
        if let selection = type as? any GraphQLSelection.Type {
            return selection.__checker
        }
        return { object, context in
            let value: T
            do {
                value = try JSONValueDecoder().decode(T.self, from: .object(object))
            } catch let error as DecodingError {
                throw AnswerCheckFailure(.decoding(error))
            }
            guard context.project, let encodable = value as? any Encodable,
                let data = try? JSONEncoder().encode(encodable), case .object(let kept)? = try? JSONValue(parsing: data)
            else { return nil }
            return kept
        }
    }
}

extension GraphQLSelection {
    /// The check of this selection's table, for the views and fields that hold it.
    static var __checker: ObjectCheck { { object, context in try Self.__check(object, in: &context) } }
}

extension GraphQLAnswerShape.Kind {
    /// Checks one value; a failure names the keys below this value. Returns the value with only what
    /// the selections in it read when `context` projects, or with the field errors its `@catch` fields
    /// caught, or `nil` when it is kept as it is.
    func check(_ value: JSONValue, in context: inout AnswerCheckContext) throws -> JSONValue? {
        switch self {
        case .nullable(let wrapped):
            if case .null = value { return nil }
            return try wrapped.check(value, in: &context)
        case .decodable(let decode):
            do {
                try decode(value)
            } catch let error as DecodingError {
                throw AnswerCheckFailure(.decoding(error))
            }
            return nil
        default:
            break
        }
        if case .null = value { throw AnswerCheckFailure(.null(typeName)) }
        switch (self, value) {
        case (.int, .int), (.double, .int), (.double, .double), (.double, .bigInt), (.string, .string),
            (.bool, .bool):
            return nil
        case (.int, .double(let double)) where Int(exactly: double) != nil:
            return nil
        case (.list(let elementKind), .array(let elements)):
            var kept: [JSONValue]? = nil
            for (index, element) in elements.enumerated() {
                do {
                    let checked = try context.entering(.index(index)) { try elementKind.check(element, in: &$0) }
                    if checked != nil, kept == nil { kept = Array(elements[..<index]) }
                    kept?.append(checked ?? element)
                } catch var failure as AnswerCheckFailure {
                    failure.keys.append(JSONCodingKey(index: index))
                    throw failure
                }
            }
            return kept.map(JSONValue.array)
        case (.selection(let check), .object(let object)):
            return try check(object, &context).map(JSONValue.object)
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

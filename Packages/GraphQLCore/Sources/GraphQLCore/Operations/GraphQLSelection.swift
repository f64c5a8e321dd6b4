import Foundation

/// A struct generated for a selection set: a view of one answer object, whose properties read the
/// object's fields when asked.
///
/// The struct of a selection, the structs of its type conditions (`asUser`) and of the fragments
/// spread in it are views of the same object: none copies the fields, and none has its own coding.
/// Decoding reads the object once and checks it against the selection's `__fields` (a missing
/// key, a `null` where the schema promises a value and a value of the wrong kind are the errors
/// `JSONDecoder` would give); encoding writes the object back as it came.
public protocol GraphQLSelection: GraphQLAnswerValue {
    /// The answer object this view reads, shared with every view of the same object.
    var __data: JSONObject { get }
    /// A view of `__data`, which the caller has checked against `__fields`.
    init(__data: JSONObject)
    /// What decoding checks, one entry per field or view of the selection.
    static var __fields: GraphQLSelectionFields { get }

    /// The field table's type, by the short name generated code builds it with
    /// (`static let __fields = __Fields("name:s")`): it is written once for every struct.
    typealias __Fields = GraphQLSelectionFields
}

extension GraphQLSelection {
    /// Reads the object and checks it against `__fields`.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard case .object(let object) = value else {
            if case .null = value {
                throw DecodingError.valueNotFound(
                    Self.self,
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "The value is null."))
            }
            throw Unboxing.mismatch(Self.self, value, codingPath: decoder.codingPath)
        }
        do {
            // With data masking somewhere in the selection, the object keeps only what the selection
            // reads, as the masked structs held before: a cell's fields do not change its list's data.
            // With field errors in the decoder's `userInfo`, each `@catch` field records the one it
            // caught in its object: the properties read lazily, after the decoder is gone.
            let catcher = decoder.userInfo[FieldErrorCatcher.userInfoKey] as? FieldErrorCatcher
            var context = AnswerCheckContext(project: Self.__fields.masks, catcher: catcher)
            if catcher != nil { context.path = decoder.codingPath.map(ResponsePathSegment.init(codingKey:)) }
            let checked = try Self.__check(object, in: &context)
            self.init(__data: checked ?? object)
        } catch let failure as AnswerCheckFailure {
            throw failure.decodingError(under: decoder.codingPath)
        }
    }

    /// Writes the object as it was decoded or built, without the field errors its `@catch` fields
    /// recorded: a caught error's field is the `null` the answer had.
    public func encode(to encoder: any Encoder) throws {
        let object = JSONValue.object(__data)
        try (object.withoutCaughtErrors() ?? object).encode(to: encoder)
    }

    /// Two views are equal when their objects are: one definition here rather than one synthesized
    /// for every generated struct, which is compile time for nothing.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data == rhs.__data }

    /// Hashes the object.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(__data) }

    /// A selection is checked field by field.
    public static var __shape: GraphQLAnswerShape {
        GraphQLAnswerShape(kind: .selection { object, context in try Self.__check(object, in: &context) })
    }

    /// A view of the checked object.
    @inlinable public init(__answer value: JSONValue?) {
        guard case .object(let object)? = value else { uncheckedAnswer(Self.self, value) }
        self.init(__data: object)
    }

    /// The object.
    @inlinable public var __answer: JSONValue { .object(__data) }

    /// Checks `object` against `__fields`. Returns the object with only the keys the selection and
    /// its views read when `context` projects, the object with what its `@catch` fields caught
    /// recorded when they caught anything, else `nil` (the object is kept as it is).
    static func __check(_ object: JSONObject, in context: inout AnswerCheckContext) throws -> JSONObject? {
        var checked: JSONObject? = context.project ? JSONObject(minimumCapacity: object.count) : nil
        var caught = JSONObject()
        for entry in __fields.entries {
            switch entry {
            case .value(let key, let shape, let mayBeMissing, let isCaught):
                let value = object[key]
                if value == nil, mayBeMissing { continue }
                // Checked again after decoding (a conditional view's `__viewIfValid`): a field whose
                // error was recorded is as decoding found it.
                if isCaught, context.catcher == nil, object.hasCaughtError(key) {
                    if context.project { checked?[key] = value }
                    continue
                }
                let kept: JSONValue?
                do {
                    kept = try context.entering(.key(key)) { context in
                        guard let value else { throw AnswerCheckFailure(.keyNotFound(key)) }
                        guard isCaught, let catcher = context.catcher else {
                            return try shape.check(value, in: &context)
                        }
                        // The value first, the `@catch` fields below catching their own errors; then
                        // the errors at or under this field that none of them took (decision 0216).
                        let result: Result<JSONValue?, any Error>
                        do { result = .success(try shape.check(value, in: &context)) } catch {
                            result = .failure(error)
                        }
                        if let error = catcher.take(under: context.path) {
                            caught[key] = error.recorded
                            return nil
                        }
                        return try result.get()
                    }
                } catch var failure as AnswerCheckFailure {
                    // A missing key is named by the error itself, at the object.
                    if value != nil { failure.keys.append(JSONCodingKey(key)) }
                    throw failure
                }
                guard let value else { continue }
                if let kept {
                    if checked == nil { checked = object }
                    checked?[key] = kept
                } else if checked != nil, context.project {
                    checked?[key] = value
                }
            case .view(let types, let check):
                if let types, !types.contains(object.typename) { continue }
                if let kept = try check(object, &context) {
                    if checked == nil { checked = object }
                    checked?.mergeChecked(kept)
                }
            case .conditionalView(let check):
                // Only its `@catch` fields' records are kept: without them it is read as before.
                guard context.catcher != nil, let kept = try? check(object, &context) else { continue }
                if checked == nil { checked = object }
                checked?.mergeChecked(kept)
            }
        }
        if !caught.isEmpty {
            if checked == nil { checked = object }
            checked?.mergeChecked([JSONObject.caughtErrorsKey: .object(caught)])
        }
        return checked
    }

    /// The field `key`, which decoding checked. The key defaults to the name of the property that
    /// asks, which a generated property shares with its response key: `var name: String { __field() }`.
    @inlinable public func __field<T: GraphQLAnswerValue>(_ key: String = #function) -> T {
        T(__answer: __data[key])
    }

    /// The field `key` of a custom scalar or enum type, decoded from the value decoding checked.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __field<T: Decodable>(_ key: String = #function) -> T {
        decodeChecked(T.self, __data[key])
    }

    /// The object's type, which every selection can tell: the answer's `__typename` (the compiler adds
    /// the field to every selection it sends), else, for an answer written for the document as the app
    /// wrote it, the selection's type when that is an object type, and empty for an interface or a
    /// union, as for an object no type condition applies to (decision 0226).
    public var __typename: String {
        let typename = __data.typename
        return typename.isEmpty ? Self.__fields.typename ?? "" : typename
    }

    /// The same object seen through another selection that always applies to it.
    @inlinable public func __view<T: GraphQLSelection>() -> T {
        T(__data: __data)
    }

    /// The object as a masked fragment's reference, or another view decoded from it.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __view<T: Decodable>() -> T {
        decodeChecked(T.self, .object(__data))
    }

    /// The same object seen through a type condition, when its `__typename` is one of `types`.
    @inlinable public func __view<T: GraphQLSelection>(when types: [String]) -> T? {
        types.contains(__data.typename) ? T(__data: __data) : nil
    }

    /// A masked fragment's reference when the object's `__typename` is one of `types`.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __view<T: Decodable>(when types: [String]) -> T? {
        types.contains(__data.typename) ? decodeChecked(T.self, .object(__data)) : nil
    }

    /// A view of a spread under `@include`, `@skip` or `@defer`: `nil` when the object lacks its fields.
    public func __viewIfValid<T: GraphQLSelection>() -> T? {
        var context = AnswerCheckContext(project: false, catcher: nil)
        do {
            _ = try T.__check(__data, in: &context)
            return T(__data: __data)
        } catch {
            return nil
        }
    }

    /// A masked reference of a spread under `@include`, `@skip` or `@defer`, when it decodes.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    public func __viewIfValid<T: Decodable>() -> T? {
        try? JSONValueDecoder().decode(T.self, from: .object(__data))
    }
}

extension JSONObject {
    /// The object's `__typename`, empty when it has none: then no type condition applies.
    @inlinable var typename: String { self["__typename"]?.stringValue ?? "" }

    /// Adds what a view's check kept of the same object: where both hold an object (or a list of as
    /// many items), the keys of both, so that neither the view's projection nor the field errors its
    /// `@catch` fields recorded drop the other's.
    mutating func mergeChecked(_ other: JSONObject) {
        for (key, value) in other {
            if let mine = self[key] { self[key] = mine.mergedChecked(value) } else { self[key] = value }
        }
    }
}

extension JSONValue {
    fileprivate func mergedChecked(_ other: JSONValue) -> JSONValue {
        switch (self, other) {
        case (.object(var mine), .object(let theirs)):
            mine.mergeChecked(theirs)
            return .object(mine)
        case (.array(let mine), .array(let theirs)) where mine.count == theirs.count:
            return .array(zip(mine, theirs).map { $0.mergedChecked($1) })
        default:
            return other
        }
    }
}

/// Decodes a value of a type read through `Decodable` (a custom scalar, an enum, a masked
/// fragment's reference) that decoding checked; `nil` is a key the answer lacks.
@usableFromInline func decodeChecked<T: Decodable>(_ type: T.Type, _ value: JSONValue?) -> T {
    guard let value else {
        // Only an optional field may be missing after the check.
        if let optional = T.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? T {
            return none
        }
        uncheckedAnswer(T.self, value)
    }
    do {
        return try JSONValueDecoder().decode(T.self, from: value)
    } catch {
        uncheckedAnswer(T.self, value)
    }
}

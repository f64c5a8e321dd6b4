import Foundation

/// The field errors a generated selection's `@catch` fields caught (decision 0216).
///
/// Decoding takes them from the decoder's ``FieldErrorCatcher`` while it checks the answer, and records
/// each in the object that holds the field, under `__caughtErrors`: the properties read
/// the object lazily, after the decoder is gone, and every view of the same object (a type condition,
/// a fragment) reads the same record. Encoding leaves the records out.
extension GraphQLSelection {
    /// A `@catch(to: RESULT)` field: the field error caught there, else the value.
    @inlinable public func __caught<T: GraphQLAnswerValue>(_ key: String = #function) -> Result<T, FieldError> {
        if let error = caughtError(key) { return .failure(error) }
        return .success(__field(key))
    }

    /// A `@catch(to: RESULT)` field of a custom scalar or enum type.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __caught<T: Decodable>(_ key: String = #function) -> Result<T, FieldError> {
        if let error = caughtError(key) { return .failure(error) }
        return .success(__field(key))
    }

    /// A `@catch(to: RESULT)` field the answer may lack: `nil` when it does.
    @inlinable public func __caughtIfPresent<T: GraphQLAnswerValue>(
        _ key: String = #function
    ) -> Result<T, FieldError>? {
        __data[key] == nil ? nil : __caught(key)
    }

    /// A `@catch(to: RESULT)` field of a custom scalar or enum type the answer may lack.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __caughtIfPresent<T: Decodable>(_ key: String = #function) -> Result<T, FieldError>? {
        __data[key] == nil ? nil : __caught(key)
    }

    /// A `@catch(to: NULL)` field: `nil` when a field error was caught there.
    @inlinable public func __caughtOrNil<T: GraphQLAnswerValue>(_ key: String = #function) -> T? {
        caughtError(key) == nil ? __field(key) : nil
    }

    /// A `@catch(to: NULL)` field of a custom scalar or enum type.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __caughtOrNil<T: Decodable>(_ key: String = #function) -> T? {
        caughtError(key) == nil ? __field(key) : nil
    }

    /// A `@catch(to: NULL)` field the answer may lack: `nil` when it does, `.some(nil)` for an error.
    @inlinable public func __caughtOrNilIfPresent<T: GraphQLAnswerValue>(_ key: String = #function) -> T?? {
        __data[key] == nil ? nil : .some(__caughtOrNil(key))
    }

    /// A `@catch(to: NULL)` field of a custom scalar or enum type the answer may lack.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    @inlinable public func __caughtOrNilIfPresent<T: Decodable>(_ key: String = #function) -> T?? {
        __data[key] == nil ? nil : .some(__caughtOrNil(key))
    }

    /// The field error decoding recorded for the `@catch` field `key`.
    @usableFromInline func caughtError(_ key: String) -> FieldError? {
        guard case .object(let caught)? = __data[JSONObject.caughtErrorsKey], let record = caught[key] else {
            return nil
        }
        return FieldError(recorded: record)
    }
}

extension JSONObject {
    /// Where an object records the field errors its `@catch` fields caught, by response key. A
    /// response key never starts with two underscores but for introspection's own fields.
    static let caughtErrorsKey = "__caughtErrors"

    /// Whether decoding recorded an error for the `@catch` field `key`.
    func hasCaughtError(_ key: String) -> Bool {
        self[Self.caughtErrorsKey]?[key] != nil
    }

    /// Sets the `@catch(to: RESULT)` field `key`: the value, or `null` and the error recorded.
    public mutating func __set<T: GraphQLAnswerValue>(_ key: String, _ value: Result<T, FieldError>) {
        switch value {
        case .success(let value): __set(key, value)
        case .failure(let error): setCaught(key, error)
        }
    }

    /// Sets the `@catch(to: RESULT)` field `key` of a custom scalar or enum type.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    public mutating func __set<T: Encodable>(_ key: String, _ value: Result<T, FieldError>) {
        switch value {
        case .success(let value): __set(key, value)
        case .failure(let error): setCaught(key, error)
        }
    }

    /// Sets the `@catch(to: RESULT)` field `key` when `value` is not `nil`.
    public mutating func __setIfPresent<T: GraphQLAnswerValue>(_ key: String, _ value: Result<T, FieldError>?) {
        if let value { __set(key, value) }
    }

    /// Sets the `@catch(to: RESULT)` field `key` of a custom scalar or enum type when `value` is not `nil`.
    /// Chosen only for a type that is not a `GraphQLAnswerValue`.
    @_disfavoredOverload
    public mutating func __setIfPresent<T: Encodable>(_ key: String, _ value: Result<T, FieldError>?) {
        if let value { __set(key, value) }
    }

    private mutating func setCaught(_ key: String, _ error: FieldError) {
        self[key] = .null
        var caught = self[Self.caughtErrorsKey]?.objectValue ?? JSONObject()
        caught[key] = error.recorded
        self[Self.caughtErrorsKey] = .object(caught)
    }
}

extension JSONValue {
    /// The value without the records of caught field errors, or `nil` when it holds none.
    func withoutCaughtErrors() -> JSONValue? {
        switch self {
        case .object(let object):
            var changed: JSONObject? = nil
            if object[JSONObject.caughtErrorsKey] != nil {
                changed = JSONObject(object.filter { $0.key != JSONObject.caughtErrorsKey }.map { ($0.key, $0.value) })
            }
            for (key, value) in object where key != JSONObject.caughtErrorsKey {
                guard let stripped = value.withoutCaughtErrors() else { continue }
                if changed == nil { changed = object }
                changed?[key] = stripped
            }
            return changed.map(JSONValue.object)
        case .array(let elements):
            var changed: [JSONValue]? = nil
            for (index, element) in elements.enumerated() {
                let stripped = element.withoutCaughtErrors()
                if stripped != nil, changed == nil { changed = Array(elements[..<index]) }
                changed?.append(stripped ?? element)
            }
            return changed.map(JSONValue.array)
        default:
            return nil
        }
    }
}

extension FieldError {
    /// The error as an object records it.
    var recorded: JSONValue {
        .object([
            "message": .string(message),
            "path": .array(
                path.map {
                    switch $0 {
                    case .key(let key): .string(key)
                    case .index(let index): .int(index)
                    }
                }),
            "extensions": .object(extensions),
        ])
    }

    /// The error an object recorded.
    init(recorded: JSONValue) {
        let path: [ResponsePathSegment] = (recorded["path"]?.arrayValue ?? []).compactMap {
            switch $0 {
            case .string(let key): .key(key)
            case .int(let index): .index(index)
            default: nil
            }
        }
        self.init(
            message: recorded["message"]?.stringValue ?? "", path: path,
            extensions: recorded["extensions"]?.objectValue ?? JSONObject())
    }
}

import Primitives

/// The field errors of the data one decode reads, handed to the generated `@catch` properties through
/// the decoder's `userInfo` (``userInfoKey``), so that each error is caught by the nearest `@catch`
/// at or above it.
///
/// A property decodes its value first (the `@catch` fields below it catching their own errors), then
/// takes every error at or under its path that no deeper `@catch` took: the first of them is its
/// failure. One catcher serves one decode: it records where each error was caught, so that an object
/// decoded twice (a fragment view, a type condition) catches the same errors at the same places.
/// The generated selections' decoding walk (``GraphQLSelection``) takes the errors the same way and
/// records each in the object that holds its field; hand-written `Decodable` code uses
/// `catchingFieldError(forKey:in:_:)` and `nullOnFieldError(forKey:in:_:)`.
public final class FieldErrorCatcher: Sendable {
    /// Where a decoder's `userInfo` holds the catcher.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "GraphQLCore.FieldErrorCatcher")!

    private let errors: [FieldError]
    /// The path of the `@catch` that took each of ``errors``, by index; `nil` while none did.
    private let caughtAt: Locked<[[ResponsePathSegment]?]>

    /// A catcher for `errors`, each at its path in the data decoded (the reading selection's path).
    public init(_ errors: [FieldError]) {
        self.errors = errors
        self.caughtAt = Locked(Array(repeating: nil, count: errors.count))
    }

    /// Whether every error was caught by a `@catch`.
    public var caughtAll: Bool { caughtAt.withLock { $0.allSatisfy { $0 != nil } } }

    /// Takes the errors at or under `path` that no `@catch` below `path` took, and returns the first
    /// in the answer's order: `nil` when there is none.
    func take(under path: [ResponsePathSegment]) -> FieldError? {
        caughtAt.withLock { caughtAt in
            var first: FieldError?
            for (index, error) in errors.enumerated() where error.path.starts(with: path) {
                if let deeper = caughtAt[index], deeper.count > path.count { continue }
                caughtAt[index] = path
                if first == nil { first = error }
            }
            return first
        }
    }
}

extension KeyedDecodingContainer {
    /// The value of a `@catch(to: RESULT)` field: `decode`'s value, or the first field error at or
    /// under the field that no deeper `@catch` caught. A decoding error with no field error under the
    /// field (data of the wrong shape) is thrown, not caught.
    public func catchingFieldError<Value>(
        forKey key: Key, in decoder: any Decoder, _ decode: () throws -> Value
    ) throws -> Result<Value, FieldError> {
        let value: Result<Value, any Error>
        do { value = .success(try decode()) } catch { value = .failure(error) }
        if let catcher = decoder.userInfo[FieldErrorCatcher.userInfoKey] as? FieldErrorCatcher,
            let error = catcher.take(under: Self.responsePath(codingPath + [key]))
        {
            return .failure(error)
        }
        return .success(try value.get())
    }

    /// The value of a `@catch(to: NULL)` field: `decode`'s value, or `nil` when a field error at or
    /// under the field was caught there (as ``catchingFieldError(forKey:in:_:)`` finds it).
    public func nullOnFieldError<Value>(
        forKey key: Key, in decoder: any Decoder, _ decode: () throws -> Value?
    ) throws -> Value? {
        switch try catchingFieldError(forKey: key, in: decoder, decode) {
        case .success(let value): value
        case .failure: nil
        }
    }

    /// A coding path as the response path a field error names: a key with an integer value is a
    /// list index (a response key never is one).
    static func responsePath(_ codingPath: [any CodingKey]) -> [ResponsePathSegment] {
        codingPath.map(ResponsePathSegment.init(codingKey:))
    }
}

extension ResponsePathSegment {
    /// A coding key as a segment: a key with an integer value is a list index (a response key never
    /// is one).
    init(codingKey key: any CodingKey) {
        self = key.intValue.map { .index($0) } ?? .key(key.stringValue)
    }
}

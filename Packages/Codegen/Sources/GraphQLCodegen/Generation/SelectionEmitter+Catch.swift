import GraphQLCore

/// The code of a `@catch` field: a `Result<Value, FieldError>` (`to: RESULT`) or an optional that is
/// `nil` on an error (`to: NULL`), read through GraphQLCore's `__caught` accessors from the error
/// that decoding recorded in the object (marked `!` in the field table). Kept apart from the other
/// fields' code: a file without `@catch` is generated as it was.
extension FieldModel {
    /// Whether the answer may hold `null` here (the schema's nullability, `@semanticNonNull` applied).
    var isNullable: Bool { presence == .nullable || presence == .conditionalNullable }

    /// Whether the key may be missing from the answer (`@include`, `@skip`, `@defer`, added fields).
    var mayBeMissing: Bool { presence == .conditional || presence == .conditionalNullable }

    /// `Result<String?, FieldError>` or `String?`, optional once more when the key may be missing.
    func caughtPropertyType(_ target: CatchTarget) -> String {
        let missing = mayBeMissing ? "?" : ""
        switch target {
        case .result: return "Result<\(valueType)\(isNullable ? "?" : ""), FieldError>" + missing
        case .null: return valueType + "?" + missing
        }
    }

    /// The accessor a caught property reads through.
    func caughtRead(_ target: CatchTarget) -> String {
        switch target {
        case .result: mayBeMissing ? "__caughtIfPresent()" : "__caught()"
        case .null: mayBeMissing ? "__caughtOrNilIfPresent()" : "__caughtOrNil()"
        }
    }

    /// What a property's documentation adds for `@catch`.
    static func catchNote(_ target: CatchTarget) -> String {
        switch target {
        case .result: " Caught (`@catch(to: RESULT)`): a field error at or under it is the failure."
        case .null: " Caught (`@catch(to: NULL)`): `nil` on a field error at or under it."
        }
    }
}

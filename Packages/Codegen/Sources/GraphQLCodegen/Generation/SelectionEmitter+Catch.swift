import GraphQLCore

/// The code of a `@catch` field: a `Result<Value, FieldError>` (`to: RESULT`) or an optional that is
/// `nil` on an error (`to: NULL`), decoded through GraphQLCore's `catchingFieldError` and
/// `nullOnFieldError`, which take the field errors the decoder's `FieldErrorCatcher` holds. Kept
/// apart from the other fields' code: a file without `@catch` is generated as it was.
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

    /// What a property's documentation adds for `@catch`.
    static func catchNote(_ target: CatchTarget) -> String {
        switch target {
        case .result: " Caught (`@catch(to: RESULT)`): a field error at or under it is the failure."
        case .null: " Caught (`@catch(to: NULL)`): `nil` on a field error at or under it."
        }
    }
}

extension SelectionEmitter {
    /// `self.name = try c.catchingFieldError(forKey: "name", in: decoder) { ... }`, and when the key
    /// may be missing, `nil` for a missing key.
    func emitCaughtDecoding(_ field: FieldModel, _ target: CatchTarget, into writer: inout SwiftWriter) {
        let property = "self." + SwiftNames.escaped(field.responseKey)
        let key = "\"" + field.responseKey + "\""
        let value = "\(field.valueType).self"
        let decode =
            field.isNullable || target == .null
            ? "try c.decodeNullable(\(value), forKey: \(key))" : "try c.decode(\(value), forKey: \(key))"
        let function = target == .result ? "catchingFieldError" : "nullOnFieldError"
        func assign(_ writer: inout SwiftWriter) {
            writer.block("\(property) = try c.\(function)(forKey: \(key), in: decoder)") { $0.line(decode) }
        }
        guard field.mayBeMissing else { return assign(&writer) }
        writer.line("if c.contains(\(key)) {")
        writer.indented { assign(&$0) }
        writer.line("} else {")
        writer.indented { $0.line("\(property) = nil") }
        writer.line("}")
    }

    /// The caught value encoded as the answer had it: the value, or `null` for a caught error.
    func emitCaughtEncoding(_ field: FieldModel, _ target: CatchTarget, into writer: inout SwiftWriter) {
        let property = "self." + SwiftNames.escaped(field.responseKey)
        let key = "\"" + field.responseKey + "\""
        let encoded = { (value: String) in target == .result ? "try? \(value).get()" : value }
        if field.mayBeMissing {
            writer.block("if let value = \(property)") { writer in
                writer.line("try c.encode(\(encoded("value")), forKey: \(key))")
            }
        } else {
            writer.line("try c.encode(\(encoded(property)), forKey: \(key))")
        }
    }
}

import GraphQLCore

/// One generated struct for a selection set: what it holds and how each part is read and written.
///
/// Built by `SelectionBuilder` from the sent definitions (the answer's shape), printed by
/// `SelectionEmitter`.
struct SelectionModel {
    /// The Swift type name, unescaped.
    var name: String
    /// The GraphQL type the selection is on.
    var typeName: String
    /// The fields every object answering this selection has, merged by response key.
    var fields: [FieldModel]
    /// The fragments spread here, each decoded from the same object.
    var fragmentViews: [FragmentViewModel]
    /// For a selection on an abstract type: one struct per object type that a narrower type
    /// condition applies to, holding everything such an object has. The object is encoded from it.
    var concreteCases: [ConditionModel]
    /// For a selection on an abstract type: one view per narrower interface or union condition.
    var abstractViews: [ConditionModel]
    /// The structs of the composite fields.
    var nested: [SelectionModel]
}

/// One property that a field of the answer becomes.
struct FieldModel {
    /// How the key may appear in the answer.
    enum Presence {
        /// Always there, never null.
        case required
        /// Always there, maybe null.
        case nullable
        /// Under `@include`, `@skip` or `@defer` everywhere it is selected: maybe missing, never null.
        case conditional
        /// Maybe missing, maybe null: a double optional keeps the two apart.
        case conditionalNullable
    }

    var responseKey: String
    /// The Swift type decoded when the key holds a value (no outer optional).
    var valueType: String
    var presence: Presence
    var documentation: String
    /// Whether `documentation` is the schema's description rather than the generic sentence.
    var hasDescription = false
    /// For `__typename` added on an object type: the type's name, decoded when the answer lacks it.
    var derivedValue: String? = nil
    /// Added by the compiler, not written: decoded when the answer has it (a server's does).
    var isAdded = false
    /// What `@catch` (the field's own, or its definition's) makes of a field error at or under it.
    var caught: CatchTarget? = nil
    /// For a composite field: the nested struct its type names, found by name from the struct that
    /// holds the field (its own nested type, or for a type condition the one it shares with its parent).
    var nestedTypeName: String? = nil

    var propertyType: String {
        if let caught { return caughtPropertyType(caught) }
        return switch presence {
        case .required: valueType
        case .nullable, .conditional: valueType + "?"
        case .conditionalNullable: valueType + "??"
        }
    }
}

/// A fragment spread in a selection, exposed as a property of the fragment's own type.
struct FragmentViewModel {
    var fragmentName: String
    var property: String
    /// The object types it applies to, when fewer than the selection's: then it is optional.
    var possibleTypes: [String]?
    /// Under `@include`, `@skip` or `@defer`: optional, and `nil` when the answer lacks its fields.
    var isConditional: Bool
    /// With data masking: a `GraphQLFragmentReference` to the object instead of the fragment's data,
    /// whose fields the selection does not hold.
    var isMasked = false

    var isOptional: Bool { possibleTypes != nil || isConditional }
}

/// `asUser: AsUser?`: the selection seen as one narrower type.
struct ConditionModel {
    var property: String
    var possibleTypes: [String]
    var model: SelectionModel
    /// `false` when the struct is the enclosing selection's, found by name.
    var isDeclaredHere = true
}

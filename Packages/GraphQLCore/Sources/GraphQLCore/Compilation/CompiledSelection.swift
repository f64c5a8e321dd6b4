/// The selection tree an operation reads and writes the store with: fragments inlined, type
/// conditions resolved, `__typename` (and `id` where the type has one) added, client directives gone.
///
/// The store's normalizer and reader walk this tree, never the document, so it is built once per
/// operation text and shared. Everything here is a value; nothing refers back to the schema.
public struct CompiledSelectionSet: Sendable, Hashable {
    /// The selections in document order, with duplicates of one response key merged.
    public var selections: [CompiledSelection]

    /// A selection set from its selections.
    public init(_ selections: [CompiledSelection]) { self.selections = selections }

    /// Whether any field at any depth is deferred or streamed: the operation's answer may come as an
    /// incremental (`multipart/mixed`) response.
    public var usesIncrementalDelivery: Bool {
        var pending = [self]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    if field.isDeferred || field.isStreamed { return true }
                    if let nested = field.selectionSet { pending.append(nested) }
                case .typeCase(let typeCase): pending.append(typeCase.selectionSet)
                case .conditional(let conditional): pending.append(conditional.selectionSet)
                }
            }
        }
        return false
    }

    /// The same selections with every field at this level (through type cases and conditionals, not
    /// into sub-selections) marked deferred: the selections of a `@defer` fragment.
    func deferred() -> CompiledSelectionSet {
        CompiledSelectionSet(
            selections.map { selection in
                switch selection {
                case .field(var field):
                    field.isDeferred = true
                    return .field(field)
                case .typeCase(var typeCase):
                    typeCase.selectionSet = typeCase.selectionSet.deferred()
                    return .typeCase(typeCase)
                case .conditional(var conditional):
                    conditional.selectionSet = conditional.selectionSet.deferred()
                    return .conditional(conditional)
                }
            })
    }
}

/// One entry of a ``CompiledSelectionSet``.
public indirect enum CompiledSelection: Sendable, Hashable {
    /// A field, read and written under its response key and stored under its storage key.
    case field(CompiledField)
    /// Selections that apply only when the object's `__typename` is one of the condition's types.
    case typeCase(CompiledTypeCase)
    /// Selections that apply only when a Boolean variable (from `@include` or `@skip`) has a value.
    case conditional(CompiledConditional)
}

/// A field in a compiled selection.
public struct CompiledField: Sendable, Hashable {
    /// The key in the response: the alias, or else the field name.
    public var responseKey: String
    /// The schema field's name.
    public var name: String
    /// The arguments, sorted by name so that equal arguments give one storage key.
    public var arguments: [CompiledArgument]
    /// The storage key when no argument refers to a variable (the common case, computed once);
    /// `nil` when ``storageKey(variables:)`` must substitute variables.
    public var constantStorageKey: String?
    /// The sub-selection of an object or interface or union field; `nil` for a leaf.
    public var selectionSet: CompiledSelectionSet?
    /// The declared shape of the field's value (list depth, nullability, leaf or composite), which the
    /// store checks responses against; `nil` when compiled without a schema.
    ///
    /// Not part of equality or hashing: it follows from the schema, the parent type and the name, so
    /// two fields of one selection set compiled against one schema that agree on everything else agree
    /// on it too (validation makes fields of one response key have the same shape).
    public var shape: FieldShape?
    /// Whether the compiler added the field (`__typename`, a key field) for normalization and the app's
    /// document does not select it here: the store writes it, and a read leaves it out of the data, so
    /// a snapshot holds what the server answers to the app's document and nothing more.
    ///
    /// Not part of equality or hashing, like ``shape``: equality says what is sent and stored (the
    /// text parsed back compiles to an equal tree); only reads differ, and nothing looks reads up by a
    /// tree's equality.
    public var isAddedByClient: Bool
    /// The object type every value of the field has, when the schema declares the field's type as an
    /// object type: then an object here can only have this `__typename`, and a client may fill it in
    /// (an optimistic response that leaves it out). `nil` for an interface or a union (only the
    /// server knows which type an object is), for a leaf, and when compiled without a schema.
    ///
    /// Not part of equality or hashing, like ``shape``, and for the same reason: it follows from the
    /// schema, the parent type and the name.
    public var objectTypeName: String?
    /// Whether the field is selected only inside `@defer` fragments (an `if` that is not the literal
    /// `false`), so that the server may send it in a later part of an incremental response: the store
    /// writes an initial part without it, and a read while the response is open does not count it as
    /// missing data. A field also selected outside a deferred fragment is not deferred.
    ///
    /// Not part of equality or hashing, like ``isAddedByClient``: it changes only what a read
    /// reports while an answer is still arriving.
    public var isDeferred: Bool
    /// Whether the field has `@stream` (an `if` that is not the literal `false`): its list may arrive
    /// in parts, the initial part holding the first items. Not part of equality or hashing either.
    public var isStreamed: Bool
    /// The connection `@connection(key:filters:)` makes of the field, whose pages are then one list
    /// stored under the connection's storage key; `nil` for any other field.
    public var connection: CompiledConnection?
    /// The record (or records) the field's key arguments name, from the schema's `@fieldPolicy`: a read
    /// that finds the field absent from its parent record reads that record instead. Not part of
    /// equality or hashing, like ``shape``: it follows from the schema, the parent type and the name.
    public var redirect: FieldRedirect?

    /// A field; the constant storage key is derived from the arguments (or the connection's).
    public init(
        responseKey: String, name: String, arguments: [CompiledArgument] = [],
        selectionSet: CompiledSelectionSet? = nil,
        shape: FieldShape? = nil, isAddedByClient: Bool = false, objectTypeName: String? = nil,
        isDeferred: Bool = false, isStreamed: Bool = false, connection: CompiledConnection? = nil,
        redirect: FieldRedirect? = nil
    ) {
        self.redirect = redirect
        self.responseKey = responseKey
        self.name = name
        self.isAddedByClient = isAddedByClient
        self.objectTypeName = objectTypeName
        self.isDeferred = isDeferred
        self.isStreamed = isStreamed
        self.arguments = arguments.sorted { $0.name < $1.name }
        self.selectionSet = selectionSet
        self.shape = shape
        self.connection = connection
        if let connection {
            self.constantStorageKey =
                connection.filterArguments.contains(where: { $0.value.referencesVariable })
                ? nil : connection.storageKey(variables: JSONObject())
        } else {
            self.constantStorageKey =
                self.arguments.contains(where: { $0.value.referencesVariable })
                ? nil : StorageKey.make(name: name, arguments: self.arguments, variables: JSONObject())
        }
    }

    /// The key this field's value is stored under in its record: the name alone without arguments,
    /// else `name(a:1,b:"x")` with arguments in name order, values printed canonically (object keys sorted)
    /// and variables substituted. An argument whose variable is absent is left out, as the server
    /// would leave it out. A connection's is its ``CompiledConnection/storageKey(variables:)``.
    @inlinable public func storageKey(variables: JSONObject) -> String {
        if let constantStorageKey { return constantStorageKey }
        if let connection { return connection.storageKey(variables: variables) }
        return StorageKey.make(name: name, arguments: arguments, variables: variables)
    }

    /// Equal when everything but the ``shape``, ``isAddedByClient``, ``objectTypeName``, ``isDeferred``
    /// and ``isStreamed`` is equal.
    public static func == (lhs: CompiledField, rhs: CompiledField) -> Bool {
        lhs.responseKey == rhs.responseKey && lhs.name == rhs.name && lhs.arguments == rhs.arguments
            && lhs.selectionSet == rhs.selectionSet && lhs.connection == rhs.connection
    }

    /// Hashes everything but the ``shape``, ``isAddedByClient``, ``objectTypeName``, ``isDeferred`` and
    /// ``isStreamed``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(responseKey)
        hasher.combine(name)
        hasher.combine(arguments)
        hasher.combine(selectionSet)
        hasher.combine(connection)
    }
}

/// One argument of a compiled field.
public struct CompiledArgument: Sendable, Hashable {
    /// The argument's name.
    public var name: String
    /// The argument's value, which may refer to variables.
    public var value: ArgumentValue

    /// An argument.
    public init(name: String, value: ArgumentValue) {
        self.name = name
        self.value = value
    }
}

/// A compiled argument value: JSON, with variable references left to be substituted.
public indirect enum ArgumentValue: Sendable, Hashable {
    /// A value without variables (enum values are strings here).
    case literal(JSONValue)
    /// A reference to the operation's variable of this name.
    case variable(String)
    /// A list whose items may refer to variables.
    case list([ArgumentValue])
    /// An input object whose fields may refer to variables, in document order.
    case object([(String, ArgumentValue)])

    /// Whether any part refers to a variable.
    public var referencesVariable: Bool {
        switch self {
        case .literal: false
        case .variable: true
        case .list(let items): items.contains { $0.referencesVariable }
        case .object(let fields): fields.contains { $0.1.referencesVariable }
        }
    }

    /// The value with variables substituted; `nil` for a variable that has no value.
    public func resolved(variables: JSONObject) -> JSONValue? {
        switch self {
        case .literal(let value): return value
        case .variable(let name): return variables[name]
        case .list(let items): return .array(items.map { $0.resolved(variables: variables) ?? .null })
        case .object(let fields):
            var object = JSONObject(minimumCapacity: fields.count)
            for (name, value) in fields {
                if let resolved = value.resolved(variables: variables) { object[name] = resolved }
            }
            return .object(object)
        }
    }

    /// Equal when the same case holds equal parts in the same order.
    public static func == (lhs: ArgumentValue, rhs: ArgumentValue) -> Bool {
        switch (lhs, rhs) {
        case (.literal(let a), .literal(let b)): a == b
        case (.variable(let a), .variable(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Hashes the case and its parts in order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .literal(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .variable(let name):
            hasher.combine(1)
            hasher.combine(name)
        case .list(let items):
            hasher.combine(2)
            hasher.combine(items)
        case .object(let fields):
            hasher.combine(3)
            for (name, value) in fields {
                hasher.combine(name)
                hasher.combine(value)
            }
        }
    }
}

/// Selections under a type condition (`... on T`, or a fragment spread on `T`).
public struct CompiledTypeCase: Sendable, Hashable {
    /// The type named in the condition.
    public var typeCondition: String
    /// The concrete object types that satisfy the condition, from the schema's possible types;
    /// `nil` when compiled without a schema, in which case only `__typename == typeCondition` matches.
    public var possibleTypes: Set<String>?
    /// The selections that apply to a matching object.
    public var selectionSet: CompiledSelectionSet

    /// A type case.
    public init(typeCondition: String, possibleTypes: Set<String>?, selectionSet: CompiledSelectionSet) {
        self.typeCondition = typeCondition
        self.possibleTypes = possibleTypes
        self.selectionSet = selectionSet
    }

    /// Whether an object of concrete type `typename` gets these selections.
    @inlinable public func matches(typename: String) -> Bool {
        if let possibleTypes { return possibleTypes.contains(typename) }
        return typename == typeCondition
    }
}

/// Selections kept or dropped by `@include(if:)` / `@skip(if:)`.
public struct CompiledConditional: Sendable, Hashable {
    /// The Boolean variable the condition reads; `nil` when the condition was a literal (then it was
    /// already applied at compile time and this case is not produced).
    public var variable: String
    /// The variable's value that keeps the selections: `true` for `@include`, `false` for `@skip`.
    public var passingValue: Bool
    /// The selections kept when the variable has ``passingValue``.
    public var selectionSet: CompiledSelectionSet

    /// A conditional.
    public init(variable: String, passingValue: Bool, selectionSet: CompiledSelectionSet) {
        self.variable = variable
        self.passingValue = passingValue
        self.selectionSet = selectionSet
    }

    /// Whether the selections apply with these variables (an absent variable counts as `false`).
    @inlinable public func passes(variables: JSONObject) -> Bool {
        let value: Bool
        if case .bool(let bool)? = variables[variable] { value = bool } else { value = false }
        return value == passingValue
    }
}

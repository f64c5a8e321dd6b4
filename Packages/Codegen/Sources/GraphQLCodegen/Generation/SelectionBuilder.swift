import GraphQLCore

/// Builds the struct for a selection set from the sent definitions, following the answer a server
/// gives: the fields collected for the type as the spec's CollectFields does (fragments that always
/// apply merged in, the sub-selections of one response key merged), a view per fragment spread, and
/// for an abstract type a struct per object type a narrower condition applies to.
struct SelectionBuilder {
    let context: GenerationContext

    /// A field of the answer, its occurrences merged.
    private struct CollectedField {
        var responseKey: String
        var name: String
        var location: SourceLocation
        var selections: [Selection]
        var isConditional: Bool
        /// Every occurrence is one the compiler added (`__typename`, a key field): the document as
        /// written does not select it, so an answer to that document (a fixture, a mock) lacks it.
        var isAdded: Bool
        /// Its `@catch`, or the default of the definition it is written in (none for an added field).
        var caught: CatchTarget? = nil
        /// The default `@catch` of the definition it is written in, for the fields below it.
        var catchDefault: CatchTarget? = nil
    }

    private struct Spread {
        var name: String
        var location: SourceLocation
        var possibleTypes: [String]?
        var isConditional: Bool
        var isMasked = false
    }

    private struct Narrower {
        var typeName: String
        var location: SourceLocation
        /// Written in this selection set (not inside a fragment it spreads): gets a view.
        var isDirect: Bool
    }

    private struct Collected {
        var fields: [CollectedField] = []
        var index: [String: Int] = [:]
        var spreads: [Spread] = []
        var narrower: [Narrower] = []
    }

    /// What a type-condition struct takes from the struct it is nested in, so that code is not
    /// repeated: a field whose merged selections are the parent's uses the parent's nested type
    /// (Swift finds it by name from inside), and a view on an interface or union uses the parent's
    /// struct per object type (built from the same selections, so the same). Without this, each level
    /// of abstract selections would multiply the code below it by its number of object types.
    struct Inherited {
        var nested: [String: [Selection]] = [:]
        var concreteCases: Set<String> = []
        var isView = false
    }

    /// The struct `name` for `selections` on `typeName`; `location` stands in for the places of the
    /// fields the compiler added. A fragment's struct (`isFragment`) declares `Data`, which a nested
    /// type must then not take.
    /// `catchDefault` is the `@catch` of the operation or fragment the selections are written in.
    func build(
        name: String, selections: [Selection], on typeName: String, at location: SourceLocation,
        inherited: Inherited = Inherited(), isFragment: Bool = false, catchDefault: CatchTarget? = nil
    ) -> SelectionModel {
        var collected = Collected()
        collect(
            selections, for: typeName, isConditional: false, isDirect: true, catchDefault: catchDefault,
            into: &collected)
        var model = SelectionModel(
            name: name, typeName: typeName, fields: [], fragmentViews: [], concreteCases: [], abstractViews: [],
            nested: [])
        var properties: [String: SourceLocation] = [:]
        var types: [String: SourceLocation] = ["CodingKeys": location]

        func claimProperty(_ property: String, at place: SourceLocation) {
            if property == "_" {
                context.problem(.nameCollision, at: place, "The name '_' has no Swift spelling; choose an alias.")
            } else if properties[property] != nil {
                context.problem(
                    .nameCollision, at: place,
                    "'\(property)' is generated twice in '\(name)'; choose an alias for one of them.")
            }
            properties[property] = place
        }
        func claimType(_ type: String, at place: SourceLocation, for what: String) {
            if isFragment, type == "Data" {
                context.problem(
                    .nameCollision, at: place,
                    "\(what) would generate the type 'Data' in the fragment '\(name)', whose 'Data' is the "
                        + "fragment itself; choose an alias.")
            } else if types[type] != nil || context.hiddenTypeNames.contains(type) {
                context.problem(
                    .nameCollision, at: place,
                    "\(what) would generate the type '\(type)' in '\(name)', which "
                        + (types[type] != nil ? "is generated there already" : "would hide another type of that name")
                        + "; choose an alias.")
            }
            types[type] = place
        }

        var nestedSelections: [String: [Selection]] = [:]
        for field in collected.fields {
            let place = field.location.line > 0 ? field.location : location
            claimProperty(field.responseKey, at: place)
            guard let info = context.schema.field(field.name, on: typeName) else { continue }
            let named = info.type.namedType
            let base: String
            var nestedTypeName: String?
            if context.isComposite(named) {
                let nestedName = SwiftNames.typeName(ofResponseKey: field.responseKey)
                if inherited.nested[nestedName] != field.selections {
                    claimType(nestedName, at: place, for: "The field '\(field.responseKey)'")
                    model.nested.append(
                        build(
                            name: nestedName, selections: field.selections, on: named, at: place,
                            catchDefault: field.catchDefault))
                }
                nestedSelections[nestedName] = field.selections
                nestedTypeName = nestedName
                base = SwiftNames.escaped(nestedName)
            } else {
                base = context.leafType(named, at: place)
            }
            // `@semanticNonNull` levels are non-optional: a null there comes only with a field error,
            // and decoding it fails instead of handing the screen an optional to unwrap.
            let (valueType, isNullable) = GenerationContext.render(info.semanticType, base: base)
            // An added `__typename` on an object type is known without the answer; any other added
            // field may be missing, as from an answer to the document as written.
            let derived = field.isAdded && field.name == "__typename" && !context.isAbstract(typeName)
            let mayBeMissing = field.isConditional || (field.isAdded && !derived)
            let presence: FieldModel.Presence =
                switch (mayBeMissing, isNullable) {
                case (false, false): .required
                case (false, true): .nullable
                case (true, false): .conditional
                case (true, true): .conditionalNullable
                }
            let shown =
                field.responseKey == field.name ? "`\(field.name)`" : "`\(field.name)`, as `\(field.responseKey)`"
            var documentation =
                info.description.map { Self.firstParagraph($0) } ?? "The field \(shown) (`\(info.type)`)."
            if !info.semanticNonNullLevels.isEmpty { documentation += Self.semanticNote(info.semanticNonNullLevels) }
            if let caught = field.caught { documentation += FieldModel.catchNote(caught) }
            model.fields.append(
                FieldModel(
                    responseKey: field.responseKey, valueType: valueType, presence: presence,
                    documentation: documentation,
                    hasDescription: info.description != nil || !info.semanticNonNullLevels.isEmpty,
                    derivedValue: derived ? typeName : nil,
                    isAdded: field.isAdded && !field.isConditional, caught: field.caught,
                    nestedTypeName: nestedTypeName))
        }

        var seenSpreads: Set<String> = []
        for spread in collected.spreads where seenSpreads.insert(spread.name).inserted {
            let property = SwiftNames.lowerFirst(spread.name)
            claimProperty(property, at: spread.location)
            model.fragmentViews.append(
                FragmentViewModel(
                    fragmentName: spread.name, property: property, possibleTypes: spread.possibleTypes,
                    isConditional: spread.isConditional, isMasked: spread.isMasked))
        }

        if context.isAbstract(typeName), !collected.narrower.isEmpty {
            let possible = context.schema.possibleTypes(of: typeName)
            for object in possible.sorted() {
                guard
                    let first = collected.narrower.first(where: {
                        context.schema.possibleTypes(of: $0.typeName).contains(object)
                    })
                else { continue }
                claimProperty("as" + object, at: first.location)
                let caseName = "As" + object
                if inherited.concreteCases.contains(caseName) {
                    model.concreteCases.append(
                        ConditionModel(
                            property: "as" + object, possibleTypes: [object],
                            model: SelectionModel(
                                name: caseName, typeName: object, fields: [], fragmentViews: [], concreteCases: [],
                                abstractViews: [], nested: []),
                            isDeclaredHere: false))
                    continue
                }
                claimType(caseName, at: first.location, for: "The type condition '\(object)'")
                model.concreteCases.append(
                    ConditionModel(
                        property: "as" + object, possibleTypes: [object],
                        model: build(
                            name: caseName, selections: selections, on: object, at: first.location,
                            inherited: Inherited(nested: nestedSelections), catchDefault: catchDefault)))
            }
            var seenViews: Set<String> = []
            let shared = Inherited(
                nested: nestedSelections, concreteCases: Set(model.concreteCases.map(\.model.name)), isView: true)
            for narrower in collected.narrower
            where !inherited.isView && narrower.isDirect && context.isAbstract(narrower.typeName)
                && seenViews.insert(narrower.typeName).inserted
            {
                let viewName = "As" + narrower.typeName
                claimType(viewName, at: narrower.location, for: "The type condition '\(narrower.typeName)'")
                claimProperty("as" + narrower.typeName, at: narrower.location)
                model.abstractViews.append(
                    ConditionModel(
                        property: "as" + narrower.typeName,
                        possibleTypes: context.schema.possibleTypes(of: narrower.typeName).intersection(possible)
                            .sorted(),
                        model: build(
                            name: viewName, selections: selections, on: narrower.typeName, at: narrower.location,
                            inherited: shared, catchDefault: catchDefault)))
            }
        }
        let needsTypename =
            !model.concreteCases.isEmpty || !model.abstractViews.isEmpty
            || model.fragmentViews.contains { $0.possibleTypes != nil }
        if needsTypename,
            !model.fields.contains(where: { $0.responseKey == "__typename" && ($0.presence == .required || $0.isAdded) }
            )
        {
            context.problem(
                .invalidDocument, at: location,
                "The selection on '\(typeName)' needs '__typename' to tell its type conditions apart.")
        }
        return model
    }

    private func collect(
        _ selections: [Selection], for typeName: String, isConditional: Bool, isDirect: Bool,
        catchDefault: CatchTarget? = nil, into collected: inout Collected
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let conditional = isConditional || Self.isConditional(field.directives)
                let caught = Self.isAdded(field) ? nil : CatchTarget.of(field.clientDirectives) ?? catchDefault
                if let index = collected.index[field.responseKey] {
                    collected.fields[index].selections += field.selectionSet?.selections ?? []
                    collected.fields[index].isConditional = collected.fields[index].isConditional && conditional
                    collected.fields[index].isAdded = collected.fields[index].isAdded && Self.isAdded(field)
                    collected.fields[index].caught = collected.fields[index].caught ?? caught
                } else {
                    collected.index[field.responseKey] = collected.fields.count
                    collected.fields.append(
                        CollectedField(
                            responseKey: field.responseKey, name: field.name, location: field.location.start,
                            selections: field.selectionSet?.selections ?? [], isConditional: conditional,
                            isAdded: Self.isAdded(field), caught: caught, catchDefault: catchDefault))
                }
            case .inlineFragment(let fragment):
                let conditional = isConditional || Self.isConditional(fragment.directives)
                let condition = fragment.typeCondition ?? typeName
                if context.covers(condition, typeName) {
                    collect(
                        fragment.selectionSet.selections, for: typeName, isConditional: conditional,
                        isDirect: isDirect, catchDefault: catchDefault, into: &collected)
                } else if context.overlaps(condition, typeName) {
                    collected.narrower.append(
                        Narrower(typeName: condition, location: fragment.location.start, isDirect: isDirect))
                }
            case .fragmentSpread(let spread):
                guard let definition = context.fragments[spread.name] else { continue }
                let conditional = isConditional || Self.isConditional(spread.directives)
                let condition = definition.typeCondition
                if !conditional, let possible = maskedTypes(of: condition, in: typeName) {
                    // Masked: a reference to the object, and none of the fragment's fields.
                    if isDirect {
                        collected.spreads.append(
                            Spread(
                                name: spread.name, location: spread.location.start,
                                possibleTypes: context.covers(condition, typeName) ? nil : possible,
                                isConditional: false, isMasked: true))
                    }
                } else if context.covers(condition, typeName) {
                    if isDirect {
                        collected.spreads.append(
                            Spread(
                                name: spread.name, location: spread.location.start, possibleTypes: nil,
                                isConditional: conditional))
                    }
                    // A fragment's fields take its own `@catch` default, not the spreading definition's.
                    collect(
                        definition.selectionSet.selections, for: typeName, isConditional: conditional, isDirect: false,
                        catchDefault: context.catchDefaults[spread.name], into: &collected)
                } else if context.overlaps(condition, typeName) {
                    let possible = context.schema.possibleTypes(of: condition).intersection(
                        context.schema.possibleTypes(of: typeName))
                    if isDirect {
                        collected.spreads.append(
                            Spread(
                                name: spread.name, location: spread.location.start, possibleTypes: possible.sorted(),
                                isConditional: conditional))
                    }
                    collected.narrower.append(
                        Narrower(typeName: condition, location: spread.location.start, isDirect: false))
                }
            }
        }
    }

    /// With data masking on, the object types a spread of a fragment on `condition` in a selection on
    /// `typeName` applies to, when it can be masked: every one of them has a non-null `id` (`ID!` or
    /// `String!`), which the compiler adds to the selection, so the answer always carries what
    /// `GraphQLFragmentReference` decodes. `nil` when masking is off or the spread cannot be masked:
    /// a reference could not name the object, so the spread keeps its fields.
    private func maskedTypes(of condition: String, in typeName: String) -> [String]? {
        guard context.configuration.dataMasking else { return nil }
        // The compiler adds neither `__typename` nor key fields to a root type's selection, whose
        // record is the store's own, so a spread there has nothing to make a reference of.
        guard !OperationKind.allCases.contains(where: { context.schema.rootTypeName(for: $0) == typeName }) else {
            return nil
        }
        let possible = context.schema.possibleTypes(of: condition).intersection(
            context.schema.possibleTypes(of: typeName))
        guard !possible.isEmpty else { return nil }
        for object in possible {
            guard let id = context.schema.field("id", on: object), case .nonNull(.named(let named)) = id.type,
                named == "ID" || named == "String"
            else { return nil }
        }
        return possible.sorted()
    }

    /// The compiler's added fields have no place in the text: the written ones all do.
    private static func isAdded(_ field: Field) -> Bool { field.location.start.line == 0 }

    /// `@include` and `@skip` may leave the selection out of the answer, and `@defer` out of its first part.
    private static func isConditional(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name == "include" || $0.name == "skip" || $0.name == "defer" }
    }

    /// The description up to its first blank line, for a one-paragraph doc comment.
    /// What a property's documentation adds for `@semanticNonNull(levels:)`.
    static func semanticNote(_ levels: [Int]) -> String {
        " Semantically non-null (`@semanticNonNull(levels: \(levels))`): a null there is a field error."
    }

    static func firstParagraph(_ description: String) -> String {
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
        let paragraph = lines.prefix { !$0.allSatisfy(\.isWhitespace) }
        return paragraph.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")
    }
}

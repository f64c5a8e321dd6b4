/// Prints a `SelectionModel` as a `GraphQLSelection`: a view of one answer object whose properties
/// read its fields, with a table of what decoding checks. Fragment views and type conditions are
/// views of the same object, and the object encodes back as it was decoded; the coding is GraphQLCore's,
/// one walk of the table, not code written for each struct (decision 0221).
struct SelectionEmitter {
    /// `public ` or nothing.
    let access: String
    /// Whether each struct gets an initializer that takes every property.
    let memberwise: Bool

    /// What a fragment's struct has beyond its fields: the members of `GraphQLTypedFragment`.
    struct FragmentMembers {
        var name: String
        var typeCondition: String
        /// The fragment and those it spreads, as sent.
        var text: String
    }

    func emit(
        _ model: SelectionModel, documentation: String, fragment: FragmentMembers? = nil,
        into writer: inout SwiftWriter
    ) {
        writer.blank()
        // An internal struct's documentation says only what its name and file say; the lint asks it
        // of public ones (decision 0221).
        if !access.isEmpty || fragment != nil, !documentation.isEmpty { writer.doc(documentation) }
        let conformances = (fragment == nil ? "" : "GraphQLTypedFragment, ") + "GraphQLSelection"
        writer.block("\(access)struct \(SwiftNames.escaped(model.name)): \(conformances)") { writer in
            if let fragment {
                emitFragmentMembers(fragment, into: &writer)
            }
            emitFieldTable(model, into: &writer)
            if !access.isEmpty { writer.doc("The answer object this struct and its views read.") }
            writer.line("\(access)let __data: JSONObject")
            for field in model.fields where Self.isProperty(field) {
                // A field's own documentation is the schema's description; the generic sentence is
                // written only where the lint asks every public symbol for one.
                if !access.isEmpty || field.hasDescription { writer.doc(field.documentation) }
                let name = SwiftNames.escaped(field.responseKey)
                // The key is the property's name, which `__field` reads from `#function`.
                let read = field.caught.map { field.caughtRead($0) } ?? "__field()"
                writer.line("\(access)var \(name): \(field.propertyType) { \(read) }")
            }
            for view in model.fragmentViews {
                if !access.isEmpty {
                    writer.doc(
                        view.isMasked
                            ? "The reference to this object that the fragment `\(view.fragmentName)` attaches to."
                            : "The fragment `\(view.fragmentName)` spread here.")
                }
                let type = Self.viewType(view) + (view.isOptional ? "?" : "")
                let read =
                    view.isConditional
                    ? "__viewIfValid()"
                    : view.possibleTypes.map { "__view(when: \(Self.typeList($0)))" } ?? "__view()"
                writer.line("\(access)var \(SwiftNames.escaped(view.property)): \(type) { \(read) }")
            }
            for condition in model.concreteCases + model.abstractViews {
                if !access.isEmpty { writer.doc("This object as a `\(condition.model.typeName)`, when it is one.") }
                writer.line(
                    "\(access)var \(condition.property): \(condition.model.name)? "
                        + "{ __view(when: \(Self.typeList(condition.possibleTypes))) }")
            }
            // Swift writes `init(__data:)` for an internal struct that declares no initializer.
            if !access.isEmpty || memberwise {
                if !access.isEmpty { writer.doc("A view of an object checked against `__fields`.") }
                writer.line("\(access)init(__data: JSONObject) { self.__data = __data }")
            }
            if memberwise {
                writer.blank()
                emitMemberwiseInit(model, into: &writer)
            }
        }
    }

    /// Whether a field of the answer becomes a property. Not the fields the compiler added and the app
    /// did not write (`id`, key fields): they are in the table, for the store and for type conditions,
    /// but the struct shows the document as written. Not `__typename` either, which every selection
    /// has (`GraphQLSelection.__typename`), unless `@include` or `@skip` makes it optional (decision 0226).
    static func isProperty(_ field: FieldModel) -> Bool {
        guard field.caught == nil else { return true }
        if field.responseKey == "__typename" { return field.presence != .required && !field.isAdded }
        return !field.isAdded
    }

    /// What decoding checks, as the one string `GraphQLSelectionFields` reads: each field's key and
    /// type, and the views of the same object.
    private func emitFieldTable(_ model: SelectionModel, into writer: inout SwiftWriter) {
        var types: [String] = []
        func index(of type: String) -> Int {
            if let index = types.firstIndex(of: type) { return index }
            types.append(type)
            return types.count - 1
        }
        // `__typename` as the compiler added it is `=`, and on an object type `=Name`, the type an
        // answer without it is (decision 0226).
        var entries: [String] = model.fields.map { field in
            if field.isAdded, field.responseKey == "__typename", field.caught == nil {
                return "=" + (field.derivedValue ?? "")
            }
            let type = Self.typeCode(field.valueType, index: index)
            if let caught = field.caught {
                // `!`: a `@catch` field, whose caught error decoding records; its value is checked
                // as its property reads it (`to: NULL` takes `null` too).
                let nullable = field.isNullable || caught == .null ? "?" : ""
                return "!" + (field.mayBeMissing ? "?" : "") + "\(field.responseKey):\(type)\(nullable)"
            }
            switch field.presence {
            case .required: return "\(field.responseKey):\(type)"
            case .nullable: return "\(field.responseKey):\(type)?"
            // As `decodeIfPresent` did: a field the answer may lack may also be `null`.
            case .conditional, .conditionalNullable: return "?\(field.responseKey):\(type)?"
            }
        }
        for view in model.fragmentViews {
            if view.isConditional {
                // Checked only for the `@catch` fields in it (a masked reference has none of its own).
                if !view.isMasked { entries.append("@?\(index(of: Self.viewType(view)))") }
                continue
            }
            let types = view.possibleTypes.map { ":" + $0.joined(separator: ",") } ?? ""
            entries.append("@\(index(of: Self.viewType(view)))\(types)")
        }
        for condition in model.concreteCases + model.abstractViews {
            entries.append("@\(index(of: condition.model.name)):" + condition.possibleTypes.joined(separator: ","))
        }
        if !access.isEmpty { writer.doc("What decoding checks.") }
        let arguments = (["\"" + entries.joined(separator: " ") + "\""] + types.map { $0 + ".self" })
        writer.call("\(access)static let __fields = __Fields", arguments)
    }

    /// `[#0?]?` for `[Friends?]?`: `i`, `f`, `s`, `b` for the standard scalars, `#n` for the `n`th
    /// other type (a selection, a custom scalar, an enum).
    static func typeCode(_ swiftType: String, index: (String) -> Int) -> String {
        var code = ""
        var name = ""
        func flush() {
            guard !name.isEmpty else { return }
            switch name {
            case "Int": code += "i"
            case "Double": code += "f"
            case "String": code += "s"
            case "Bool": code += "b"
            default: code += "#\(index(name))"
            }
            name = ""
        }
        for character in swiftType {
            if character == "[" || character == "]" || character == "?" {
                flush()
                code.append(character)
            } else {
                name.append(character)
            }
        }
        flush()
        return code
    }

    /// `["Planet", "User"]`.
    static func typeList(_ types: [String]) -> String {
        "[" + types.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// The structs nested in `model`, which `path` names, each in an extension of its parent at the
    /// top of the file rather than inside it: a struct's lines are indented once whatever its depth in
    /// the answer (indentation was two fifths of the bytes, decision 0191). A struct declared in the
    /// extension of its parent still finds its parent's nested types by their plain names, which is
    /// all the reuse of `SelectionBuilder` needs: a type condition reuses only its parent's types.
    ///
    /// Two fields that select the same shape share one type: a struct whose declaration, with its
    /// nested structs', is that of one declared earlier in the file (`emitted`, by `SharedShape.key`)
    /// is a `typealias` to it, and its nested structs are not written again.
    func emitNested(
        of model: SelectionModel, path: String, emitted: inout [String: String], into writer: inout SwiftWriter
    ) {
        emitNested(of: model, shape: sharedShape(of: model), path: path, emitted: &emitted, into: &writer)
    }

    private func emitNested(
        of model: SelectionModel, shape: SharedShape, path: String, emitted: inout [String: String],
        into writer: inout SwiftWriter
    ) {
        let children = Self.children(of: model)
        guard !children.isEmpty else { return }
        var declared: [(model: SelectionModel, shape: SharedShape)] = []
        writer.blank()
        writer.block("extension \(path)") { writer in
            for ((child, documentation), childShape) in zip(children, shape.children) {
                let childPath = path + "." + SwiftNames.escaped(child.name)
                // A struct's key holds its nested structs', so an ancestor never has the same key;
                // the path check says so where it is read.
                if childShape.isShareable, let first = emitted[childShape.key],
                    !(childPath + ".").hasPrefix(first + ".")
                {
                    writer.blank()
                    if !access.isEmpty { writer.doc(documentation) }
                    writer.line("\(access)typealias \(SwiftNames.escaped(child.name)) = \(first)")
                    continue
                }
                if childShape.isShareable { emitted[childShape.key] = childPath }
                emit(child, documentation: documentation, into: &writer)
                declared.append((child, childShape))
            }
        }
        for (child, childShape) in declared {
            emitNested(
                of: child, shape: childShape, path: path + "." + SwiftNames.escaped(child.name), emitted: &emitted,
                into: &writer)
        }
    }

    /// The structs declared in `model`'s extension, each with its documentation.
    private static func children(of model: SelectionModel) -> [(model: SelectionModel, documentation: String)] {
        model.nested.map { ($0, "The selection of `\($0.name)` on `\($0.typeName)`.") }
            + (model.concreteCases + model.abstractViews).filter(\.isDeclaredHere).map {
                ($0.model, "The selection on `\(model.typeName)` as a `\($0.model.typeName)`.")
            }
    }

    /// A struct's declaration as the key two equal shapes share, with its nested structs' shapes in
    /// the order of `children(of:)`.
    private struct SharedShape {
        /// The struct as written (without its own documentation, which its place gives), then each
        /// nested struct's documentation and key: equal keys are equal declarations, nested structs
        /// included.
        var key: String
        /// Whether every name in it means a struct declared in it. A type condition reads its parent's
        /// nested types by name, so equal keys then need not be equal types.
        var isShareable: Bool
        var children: [SharedShape]
    }

    /// The shapes of `model` and of the structs nested in it, computed once for the whole tree: each
    /// struct is written once here, however deep it is.
    private func sharedShape(of model: SelectionModel) -> SharedShape {
        let children = Self.children(of: model)
        let shapes = children.map { sharedShape(of: $0.model) }
        var writer = SwiftWriter()
        emit(model, documentation: "", into: &writer)
        var key = writer.output
        for ((_, documentation), shape) in zip(children, shapes) { key += "/// " + documentation + "\n" + shape.key }
        return SharedShape(key: key, isShareable: Self.namesResolveWithin(model, visible: []), children: shapes)
    }

    /// Whether every nested type `model` names is declared in it, or is one of `visible` (declared by
    /// its ancestors within the struct whose text is compared), as Swift looks names up: outwards.
    private static func namesResolveWithin(_ model: SelectionModel, visible outer: Set<String>) -> Bool {
        let children = children(of: model)
        let visible = outer.union(children.map(\.model.name))
        let named =
            model.fields.compactMap(\.nestedTypeName)
            + (model.concreteCases + model.abstractViews).filter { !$0.isDeclaredHere }.map(\.model.name)
        return named.allSatisfy(visible.contains)
            && children.allSatisfy { namesResolveWithin($0.model, visible: visible) }
    }

    /// An initializer that takes every property, for previews and test fixtures, at the struct's own
    /// access level. Written out even for internal structs: Swift synthesizes no memberwise initializer
    /// for a struct that declares `init(from:)` in its body (decision 0172).
    private func emitMemberwiseInit(_ model: SelectionModel, into writer: inout SwiftWriter) {
        var properties: [(name: String, type: String, value: String?)] = model.fields.map {
            (SwiftNames.escaped($0.responseKey), $0.propertyType, $0.derivedValue.map { "\"\($0)\"" })
        }
        properties += model.fragmentViews.map {
            (SwiftNames.escaped($0.property), Self.viewType($0) + ($0.isOptional ? "?" : ""), nil)
        }
        properties += (model.concreteCases + model.abstractViews).map { ($0.property, $0.model.name + "?", nil) }
        writer.doc("Every property, for previews and test fixtures; the optional ones default to `nil`.")
        guard !properties.isEmpty else {
            writer.line("\(access)init() { self.init(__data: JSONObject()) }")
            return
        }
        // As Swift's synthesized initializer does: an optional property may be left out.
        // A derived `__typename` defaults to its type's name.
        let parameters = properties.map {
            "\($0.name): \($0.type)" + ($0.value.map { " = \($0)" } ?? ($0.type.hasSuffix("?") ? " = nil" : ""))
        }
        InputEmitter(access: access).emitSignature("\(access)init", parameters, into: &writer) { writer in
            writer.line("var d = JSONObject()")
            for field in model.fields {
                let name = SwiftNames.escaped(field.responseKey)
                let mayBeMissing = field.presence == .conditional || field.presence == .conditionalNullable
                let set = mayBeMissing ? "__setIfPresent" : "__set"
                writer.line("d.\(set)(\"\(field.responseKey)\", \(name))")
            }
            for view in model.fragmentViews { writer.line("d.__merge(\(SwiftNames.escaped(view.property)))") }
            for condition in model.concreteCases + model.abstractViews {
                writer.line("d.__merge(\(condition.property))")
            }
            writer.line("self.init(__data: d)")
        }
    }

    private func emitFragmentMembers(_ fragment: FragmentMembers, into writer: inout SwiftWriter) {
        // The members restate the protocol's: documented where the lint asks every public symbol for it,
        // as an operation's are (decision 0221).
        let documents = !access.isEmpty
        if documents { writer.doc("The fragment's name in the document.") }
        writer.line("\(access)static let fragmentName = \"\(fragment.name)\"")
        if documents { writer.doc("The type the fragment selects on.") }
        writer.line("\(access)static let typeCondition = \"\(fragment.typeCondition)\"")
        if documents {
            writer.doc(
                "The text the runtime compiles: this fragment and those it spreads, `__typename` and key fields"
                    + " added,\nclient directives removed.")
        }
        OperationEmitter.emitLiteral(fragment.text, as: "\(access)static let text", into: &writer)
        if documents {
            writer.doc(
                "The fragment's data is this struct: it decodes what the fragment reads from the object's record.")
        }
        // `Self` rather than the name: a fragment named `Data` would make the alias name itself.
        writer.line("\(access)typealias Data = Self")
        writer.blank()
    }

    /// `UserBits`, or with data masking `GraphQLFragmentReference<UserBits>`.
    static func viewType(_ view: FragmentViewModel) -> String {
        let fragment = SwiftNames.escaped(view.fragmentName)
        return view.isMasked ? "GraphQLFragmentReference<\(fragment)>" : fragment
    }
}

/// Prints a `SelectionModel` as a `Codable`, `Sendable`, `Hashable` struct with its own decoding and
/// encoding: fragment views and type conditions decode from the same object, and an object a type
/// condition applies to encodes from that condition's struct, which holds all of it, so that encoding
/// gives back the answer that was decoded.
struct SelectionEmitter {
    /// `public ` or nothing.
    let access: String

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
        writer.doc(documentation)
        let conformances = (fragment == nil ? "" : "GraphQLTypedFragment, ") + "Codable, Sendable, Hashable"
        writer.block("\(access)struct \(SwiftNames.escaped(model.name)): \(conformances)") { writer in
            if let fragment {
                emitFragmentMembers(fragment, into: &writer)
            }
            for field in model.fields {
                writer.doc(field.documentation)
                writer.line("\(access)var \(SwiftNames.escaped(field.responseKey)): \(field.propertyType)")
            }
            for view in model.fragmentViews {
                if view.isMasked {
                    writer.doc(
                        "The object that the fragment `\(view.fragmentName)` spread here reads"
                            + (view.isOptional ? ", when it applies to this object" : "")
                            + ": attach it to read the fragment's fields, which this struct does not hold.")
                } else {
                    writer.doc(
                        view.isOptional
                            ? "The fragment `\(view.fragmentName)` spread here, when it applies to this object."
                            : "The fragment `\(view.fragmentName)` spread here.")
                }
                let type = Self.viewType(view) + (view.isOptional ? "?" : "")
                writer.line("\(access)var \(SwiftNames.escaped(view.property)): \(type)")
            }
            for condition in model.concreteCases + model.abstractViews {
                writer.doc("This object as a `\(condition.model.typeName)`, when it is one.")
                writer.line("\(access)var \(condition.property): \(condition.model.name)?")
            }
            writer.blank()
            emitMemberwiseInit(model, into: &writer)
            writer.blank()
            emitDecoding(model, into: &writer)
            writer.blank()
            emitEncoding(model, into: &writer)
        }
    }

    /// The structs nested in `model`, which `path` names, each in an extension of its parent at the
    /// top of the file rather than inside it: a struct's lines are indented once whatever its depth in
    /// the answer (indentation was two fifths of the bytes, decision 0191). A struct declared in the
    /// extension of its parent still finds its parent's nested types by their plain names, which is
    /// all the reuse of `SelectionBuilder` needs: a type condition reuses only its parent's types.
    func emitNested(of model: SelectionModel, path: String, into writer: inout SwiftWriter) {
        let children =
            model.nested.map { ($0, "The selection of `\($0.name)` on `\($0.typeName)`.") }
            + (model.concreteCases + model.abstractViews).filter(\.isDeclaredHere).map {
                ($0.model, "The selection on `\(model.typeName)` as a `\($0.model.typeName)`.")
            }
        guard !children.isEmpty else { return }
        writer.blank()
        writer.block("extension \(path)") { writer in
            for (child, documentation) in children { emit(child, documentation: documentation, into: &writer) }
        }
        for (child, _) in children {
            emitNested(of: child, path: path + "." + SwiftNames.escaped(child.name), into: &writer)
        }
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
            writer.line("\(access)init() {}")
            return
        }
        // As Swift's synthesized initializer does: an optional property may be left out.
        // A derived `__typename` defaults to its type's name.
        let parameters = properties.map {
            "\($0.name): \($0.type)" + ($0.value.map { " = \($0)" } ?? ($0.type.hasSuffix("?") ? " = nil" : ""))
        }
        InputEmitter(access: access).emitSignature("\(access)init", parameters, into: &writer) { writer in
            for property in properties { writer.line("self.\(property.name) = \(property.name)") }
        }
    }

    private func emitFragmentMembers(_ fragment: FragmentMembers, into writer: inout SwiftWriter) {
        writer.doc("The fragment's name in the document.")
        writer.line("\(access)static let fragmentName = \"\(fragment.name)\"")
        writer.doc("The type the fragment selects on.")
        writer.line("\(access)static let typeCondition = \"\(fragment.typeCondition)\"")
        writer.doc(
            "The text the runtime compiles: this fragment and those it spreads, `__typename` and key fields added,\n"
                + "client directives removed.")
        OperationEmitter.emitLiteral(fragment.text, as: "\(access)static let text", into: &writer)
        writer.doc("The fragment's data is this struct: it decodes what the fragment reads from the object's record.")
        // `Self` rather than the name: a fragment named `Data` would make the alias name itself.
        writer.line("\(access)typealias Data = Self")
        writer.blank()
    }

    private func emitDecoding(_ model: SelectionModel, into writer: inout SwiftWriter) {
        // A witness of `Decodable`, whose documentation Quick Help shows; the lint wants its own
        // only on a public one.
        if !access.isEmpty { writer.doc("Decodes the object from the answer.") }
        writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
            writer.line("let c = try decoder.answerFields()")
            for field in model.fields {
                if let caught = field.caught {
                    emitCaughtDecoding(field, caught, into: &writer)
                    continue
                }
                let property = "self." + SwiftNames.escaped(field.responseKey)
                let key = "\"" + field.responseKey + "\""
                let value = "\(field.valueType).self"
                switch field.presence {
                case .required:
                    if let derived = field.derivedValue {
                        writer.assignment(
                            property, "try c.decodeIfPresent(\(value), forKey: \(key)) ?? \"\(derived)\"")
                    } else {
                        writer.assignment(property, "try c.decode(\(value), forKey: \(key))")
                    }
                case .nullable:
                    writer.assignment(property, "try c.decodeNullable(\(value), forKey: \(key))")
                case .conditional:
                    writer.assignment(property, "try c.decodeIfPresent(\(value), forKey: \(key))")
                case .conditionalNullable:
                    writer.assignment(property, "try c.decodeNullableIfPresent(\(value), forKey: \(key))")
                }
            }
            for view in model.fragmentViews {
                let property = "self." + SwiftNames.escaped(view.property)
                let type = Self.viewType(view)
                if view.isConditional {
                    // A spread under `@include`, `@skip` or `@defer` may be missing from the answer, and
                    // only decoding tells whether its fields are there.
                    writer.assignment(property, "try? \(type)(from: decoder)")
                } else if let possibleTypes = view.possibleTypes {
                    writer.assignment(
                        property, "try \(Self.typeTest(possibleTypes, in: model)) ? \(type)(from: decoder) : nil")
                } else {
                    writer.assignment(property, "try \(type)(from: decoder)")
                }
            }
            for condition in model.concreteCases + model.abstractViews {
                writer.assignment(
                    "self.\(condition.property)",
                    "try \(Self.typeTest(condition.possibleTypes, in: model)) ? \(condition.model.name)(from: decoder) : nil"
                )
            }
        }
    }

    private func emitEncoding(_ model: SelectionModel, into writer: inout SwiftWriter) {
        if !access.isEmpty { writer.doc("Encodes the object as the answer had it.") }
        writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
            for condition in model.concreteCases {
                writer.block("if let \(condition.property) = self.\(condition.property)") { writer in
                    writer.line("try \(condition.property).encode(to: encoder)")
                    writer.line("return")
                }
            }
            writer.line("var c = encoder.answerFields()")
            for field in model.fields {
                if let caught = field.caught {
                    emitCaughtEncoding(field, caught, into: &writer)
                    continue
                }
                let property = "self." + SwiftNames.escaped(field.responseKey)
                let key = "\"" + field.responseKey + "\""
                switch field.presence {
                case .required, .nullable:
                    writer.line("try c.encode(\(property), forKey: \(key))")
                case .conditional:
                    writer.line("try c.encodeIfPresent(\(property), forKey: \(key))")
                case .conditionalNullable:
                    writer.block("if let value = \(property)") { writer in
                        writer.line("try c.encode(value, forKey: \(key))")
                    }
                }
            }
        }
    }

    /// The decoding helpers the structs use, private to the file so that files generated apart never
    /// clash: a nullable field must be in the answer (missing is not null), and a field under
    /// `@include` or `@skip` that is also nullable keeps "missing" and "null" apart.
    /// The key is a response key written as a string literal, one type for every struct of the file,
    /// instead of a `CodingKeys` enum per struct (decision 0191).
    static func emitHelpers(into writer: inout SwiftWriter) {
        writer.blank()
        writer.doc("A key of the answer: a response key, written as a string literal.")
        writer.block("private struct AnswerKey: CodingKey, ExpressibleByStringLiteral") { writer in
            writer.line("let stringValue: String")
            writer.line("var intValue: Int? { nil }")
            writer.blank()
            writer.block("init(stringValue: String)") { $0.line("self.stringValue = stringValue") }
            writer.blank()
            writer.block("init(stringLiteral value: String)") { $0.line("self.stringValue = value") }
            writer.blank()
            writer.block("init?(intValue: Int)") { $0.line("return nil") }
        }
        writer.blank()
        writer.block("extension Decoder") { writer in
            writer.doc("The object's fields by response key.")
            writer.block("fileprivate func answerFields() throws -> KeyedDecodingContainer<AnswerKey>") { writer in
                writer.line("try container(keyedBy: AnswerKey.self)")
            }
        }
        writer.blank()
        writer.block("extension Encoder") { writer in
            writer.doc("The object's fields by response key.")
            writer.block("fileprivate func answerFields() -> KeyedEncodingContainer<AnswerKey>") { writer in
                writer.line("container(keyedBy: AnswerKey.self)")
            }
        }
        writer.blank()
        writer.block("extension KeyedDecodingContainer") { writer in
            writer.doc("The value under `key`, `nil` for `null`; a missing key is an error.")
            writer.block(
                "fileprivate func decodeNullable<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value?"
            ) { writer in
                writer.line("try decodeNil(forKey: key) ? nil : decode(type, forKey: key)")
            }
            writer.blank()
            writer.doc("`nil` for a missing key, `.some(nil)` for `null`, else the value.")
            writer.line("fileprivate func decodeNullableIfPresent<Value: Decodable>(")
            writer.line("    _ type: Value.Type, forKey key: Key")
            writer.block(") throws -> Value??") { writer in
                writer.line("try contains(key) ? .some(decodeNullable(type, forKey: key)) : nil")
            }
        }
    }

    /// `UserBits`, or with data masking `GraphQLFragmentReference<UserBits>`.
    static func viewType(_ view: FragmentViewModel) -> String {
        let fragment = SwiftNames.escaped(view.fragmentName)
        return view.isMasked ? "GraphQLFragmentReference<\(fragment)>" : fragment
    }

    /// `self.__typename == "User"`, or `["Planet", "User"].contains(self.__typename)`. An added
    /// `__typename` on an abstract type is optional: an answer without it is none of the types.
    static func typeTest(_ possibleTypes: [String], in model: SelectionModel) -> String {
        if possibleTypes.count == 1 { return "self.__typename == \"\(possibleTypes[0])\"" }
        let typename =
            model.fields.contains { $0.responseKey == "__typename" && $0.presence != .required }
            ? "self.__typename ?? \"\"" : "self.__typename"
        return "[" + possibleTypes.map { "\"\($0)\"" }.joined(separator: ", ") + "].contains(\(typename))"
    }
}

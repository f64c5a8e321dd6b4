import GraphQLCore

/// Prints the inputs of a request: an operation's `Variables` and the schema's input objects, as
/// `Encodable` structs whose optional members are `GraphQLNullable`, so that "left out", "null" and a
/// value stay three different things on the wire.
struct InputEmitter {
    /// One member: a variable or an input object's field.
    struct Member {
        var name: String
        var valueType: String
        /// Nullable, or with a default: may be left out.
        var isOptional: Bool
        var documentation: String

        var propertyType: String { isOptional ? "GraphQLNullable<\(valueType)>" : valueType }
        var parameter: String {
            "\(SwiftNames.escaped(name)): \(propertyType)" + (isOptional ? " = .absent" : "")
        }
    }

    let access: String

    /// A member of `type`, whose named type renders as `base`.
    static func member(
        name: String, type: TypeReference, hasDefault: Bool, base: String, documentation: String
    ) -> Member {
        let (valueType, isNullable) = GenerationContext.render(type, base: base)
        return Member(
            name: name, valueType: valueType, isOptional: isNullable || hasDefault, documentation: documentation)
    }

    /// The struct, with only what Swift cannot write: its coding is synthesized, and GraphQLCore's
    /// `KeyedEncodingContainer.encode(_:forKey:)` for a `GraphQLNullable` (which synthesized code picks)
    /// leaves an absent member out. Its coding keys are the members' names, which are the GraphQL
    /// names (a keyword only takes backticks). An optional member defaults to `.absent`, which an
    /// internal struct's synthesized memberwise initializer takes as its parameter's default; a public
    /// struct declares its initializer, since a synthesized one is internal.
    func emit(name: String, documentation: String, members: [Member], into writer: inout SwiftWriter) {
        writer.blank()
        if !documentation.isEmpty { writer.doc(documentation) }
        let header = "\(access)struct \(SwiftNames.escaped(name)): Encodable, Sendable, Hashable"
        guard !members.isEmpty || !access.isEmpty else {
            writer.line(header + " {}")
            return
        }
        writer.block(header) { writer in
            for member in members {
                if !member.documentation.isEmpty { writer.doc(member.documentation) }
                writer.line(
                    "\(access)var \(SwiftNames.escaped(member.name)): \(member.propertyType)"
                        + (member.isOptional ? " = .absent" : ""))
            }
            guard !access.isEmpty else { return }
            writer.blank()
            writer.doc("Every member; the optional ones are left out unless given.")
            guard !members.isEmpty else {
                writer.line("\(access)init() {}")
                return
            }
            emitSignature("\(access)init", members.map(\.parameter), into: &writer) { writer in
                for member in members {
                    let property = SwiftNames.escaped(member.name)
                    writer.line("self.\(property) = \(property)")
                }
            }
        }
    }

    /// `head(a: A, b: B) {`, wrapped one parameter a line when it does not fit in 120 columns.
    func emitSignature(
        _ head: String, _ parameters: [String], into writer: inout SwiftWriter, body: (inout SwiftWriter) -> Void
    ) {
        let oneLine = head + "(" + parameters.joined(separator: ", ") + ")"
        if oneLine.count + 2 + writer.indentationWidth <= 120 {
            writer.block(oneLine, body)
            return
        }
        writer.line(head + "(")
        writer.indented { writer in
            for (index, parameter) in parameters.enumerated() {
                writer.line(parameter + (index == parameters.count - 1 ? "" : ","))
            }
        }
        writer.block(")", body)
    }
}

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

    func emit(name: String, documentation: String, members: [Member], into writer: inout SwiftWriter) {
        writer.blank()
        writer.doc(documentation)
        writer.block("\(access)struct \(SwiftNames.escaped(name)): Encodable, Sendable, Hashable") { writer in
            for member in members {
                writer.doc(member.documentation)
                writer.line("\(access)var \(SwiftNames.escaped(member.name)): \(member.propertyType)")
            }
            writer.blank()
            writer.doc("Every member; the optional ones are left out unless given.")
            let parameters = members.map(\.parameter)
            guard !members.isEmpty else {
                writer.line("\(access)init() {}")
                return
            }
            emitSignature("\(access)init", parameters, into: &writer) { writer in
                for member in members {
                    let property = SwiftNames.escaped(member.name)
                    writer.line("self.\(property) = \(property)")
                }
            }
            writer.blank()
            writer.block("private enum CodingKeys: String, CodingKey") { writer in
                for member in members { writer.line("case \(SwiftNames.escaped(member.name))") }
            }
            writer.blank()
            writer.doc("Encodes the members, leaving out the absent ones.")
            writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
                for member in members {
                    let property = SwiftNames.escaped(member.name)
                    writer.line("try container.encode(self.\(property), forKey: .\(property))")
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

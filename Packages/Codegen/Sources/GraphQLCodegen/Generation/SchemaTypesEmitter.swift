import GraphQLCore

/// Prints the namespace file: the schema's enums, input objects and custom scalar aliases that the
/// documents use, once for all documents.
struct SchemaTypesEmitter {
    let context: GenerationContext
    let access: String

    func emit(into writer: inout SwiftWriter) {
        let namespace = context.namespace
        writer.doc("The schema's types that the documents use: enums, input objects and custom scalars.")
        writer.line("\(access)enum \(namespace) {}")
        let scalars = context.usedScalars.sorted()
        let enums = context.usedEnums.sorted()
        let inputs = context.usedInputObjects.sorted()
        guard !(scalars.isEmpty && enums.isEmpty && inputs.isEmpty) else { return }
        writer.blank()
        writer.block("extension \(namespace)") { writer in
            for scalar in scalars {
                writer.blank()
                writer.doc(
                    context.schema.type(named: scalar)?.description.map(SelectionBuilder.firstParagraph)
                        ?? "The custom scalar `\(scalar)`.")
                writer.line(
                    "\(access)typealias \(SwiftNames.escaped(scalar)) = \(context.scalarMapping(scalar) ?? "String")"
                )
            }
            for name in enums {
                guard let type = context.schema.type(named: name) else { continue }
                emitEnum(type, into: &writer)
            }
            for name in inputs {
                guard let type = context.schema.type(named: name) else { continue }
                let members = type.inputFields.map { field in
                    InputEmitter.member(
                        name: field.name, type: field.type, hasDefault: field.defaultValue != nil,
                        base: context.leafType(field.type.namedType, at: nil, reporting: false),
                        documentation: field.description.map(SelectionBuilder.firstParagraph)
                            ?? "The field `\(field.name)` (`\(field.type)`).")
                }
                InputEmitter(access: access).emit(
                    name: name,
                    documentation: type.description.map(SelectionBuilder.firstParagraph)
                        ?? "The input object `\(name)`.",
                    members: members, into: &writer)
            }
        }
        if !scalars.isEmpty {
            writer.blank()
            writer.line(
                "/// Fails the build where a custom scalar is mapped to a type that is not a `GraphQLCustomScalar`.")
            writer.line("private struct CustomScalarCheck<Scalar: GraphQLCustomScalar> {}")
            for scalar in scalars {
                writer.line(
                    "private typealias \(scalar)Check = CustomScalarCheck<\(namespace).\(SwiftNames.escaped(scalar))>")
            }
        }
    }

    /// The case that holds a value the schema did not have: `unknown`, or `__unknown` in an enum with
    /// a value whose case is `unknown` (`UNKNOWN`), which no value can take since GraphQL reserves
    /// names that start with `__`.
    static func unknownCase(of type: NamedType) -> String {
        type.enumValues.contains { SwiftNames.enumCase($0.name) == "unknown" } ? "__unknown" : "unknown"
    }

    private func emitEnum(_ type: NamedType, into writer: inout SwiftWriter) {
        writer.blank()
        writer.doc(type.description.map(SelectionBuilder.firstParagraph) ?? "The enum `\(type.name)`.")
        let cases = type.enumValues.map { (value: $0, name: SwiftNames.escaped(SwiftNames.enumCase($0.name))) }
        let unknown = Self.unknownCase(of: type)
        writer.block("\(access)enum \(SwiftNames.escaped(type.name)): RawRepresentable, Codable, Sendable, Hashable") {
            writer in
            for (value, name) in cases {
                writer.doc(value.description.map(SelectionBuilder.firstParagraph) ?? "`\(value.name)`.")
                writer.line("case \(name)")
            }
            writer.doc("A value the schema did not have when this code was generated.")
            writer.line("case \(unknown)(String)")
            writer.blank()
            writer.doc("The value of that name in the schema, ``\(unknown)(_:)`` for a name not known here.")
            writer.block("\(access)init(rawValue: String)") { writer in
                writer.line("switch rawValue {")
                for (value, name) in cases { writer.line("case \"\(value.name)\": self = .\(name)") }
                writer.line("default: self = .\(unknown)(rawValue)")
                writer.line("}")
            }
            writer.blank()
            writer.doc("The value's name in the schema.")
            writer.block("\(access)var rawValue: String") { writer in
                writer.line("switch self {")
                for (value, name) in cases { writer.line("case .\(name): \"\(value.name)\"") }
                writer.line("case .\(unknown)(let name): name")
                writer.line("}")
            }
            writer.blank()
            writer.doc("Decodes the value's name.")
            writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
                writer.line("self.init(rawValue: try decoder.singleValueContainer().decode(String.self))")
            }
            writer.blank()
            writer.doc("Encodes the value's name.")
            writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.singleValueContainer()")
                writer.line("try container.encode(rawValue)")
            }
        }
    }
}

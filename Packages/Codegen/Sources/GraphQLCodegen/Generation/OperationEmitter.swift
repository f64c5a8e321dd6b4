import GraphQLCore

/// Prints one operation: a struct conforming to `GraphQLTypedOperation` with the text to send, its
/// digest, the `Variables` and the `Data`.
struct OperationEmitter {
    let context: GenerationContext
    let access: String

    /// `Feed` → `FeedQuery`; a name that already ends with its kind keeps it.
    static func typeName(of operation: OperationDefinition) -> String {
        let name = operation.name ?? ""
        let suffix = SwiftNames.upperFirst(operation.kind.rawValue)
        return name.hasSuffix(suffix) ? name : name + suffix
    }

    /// The seconds of `@cacheExpiration(seconds:)` on `operation` as written (the compiler has checked
    /// the directive: once, a positive `Int` literal).
    static func cacheExpirationSeconds(of operation: OperationDefinition) -> String? {
        for directive in operation.directives where directive.name == "cacheExpiration" {
            for argument in directive.arguments where argument.name == "seconds" {
                if case .int(let seconds) = argument.value { return seconds }
            }
        }
        return nil
    }

    func emit(
        _ operation: OperationDefinition, text: String, clientText: String?, cacheExpirationSeconds: String?,
        data: SelectionModel, emitted: inout [String: String],
        into writer: inout SwiftWriter
    ) {
        let name = operation.name ?? ""
        let typeName = Self.typeName(of: operation)
        let kind = operation.kind.rawValue
        // An internal operation's documentation says only what its names and types say: it is
        // written where the lint asks every public symbol for some (decision 0221).
        let documents = !access.isEmpty
        let members = operation.variableDefinitions.map { definition in
            InputEmitter.member(
                name: definition.name, type: definition.type, hasDefault: definition.defaultValue != nil,
                base: context.leafType(definition.type.namedType, at: definition.location.start),
                documentation: !documents
                    ? ""
                    : "The variable `$\(definition.name)` (`\(definition.type)`"
                        + (definition.defaultValue.map { ", default `\(Printer.print($0))`" } ?? "") + ").")
        }
        writer.blank()
        if documents { writer.doc("The \(kind) `\(name)`.") }
        // What restates the protocol's own members is documented only where the lint asks every public
        // symbol for it: an internal operation's Quick Help shows the protocol's (decision 0221).
        let access = self.access
        func note(_ writer: inout SwiftWriter, _ text: String) {
            if !access.isEmpty { writer.doc(text) }
        }
        writer.block("\(access)struct \(SwiftNames.escaped(typeName)): GraphQLTypedOperation") { writer in
            note(&writer, "The operation's name in the document.")
            writer.line("\(access)static let operationName = \"\(name)\"")
            note(&writer, "A \(kind).")
            writer.line("\(access)static let operationKind = OperationKind.\(kind)")
            note(&writer, "The text sent: `__typename` and key fields added, client directives removed.")
            Self.emitLiteral(text, as: "\(access)static let text", into: &writer)
            note(&writer, "The SHA-256 of ``text``, as an automatic persisted query sends it.")
            writer.line("\(access)static let textDigest = \"\(DocumentDigest.sha256Hex(text))\"")
            if let clientText {
                note(&writer, "The text the client compiles: ``text`` with its client directives kept.")
                Self.emitLiteral(clientText, as: "\(access)static let clientText: String?", into: &writer)
            }
            if let seconds = cacheExpirationSeconds {
                note(&writer, "From `@cacheExpiration(seconds: \(seconds))`, which the text no longer has.")
                writer.line("\(access)static let cacheExpiration: Duration? = .seconds(\(seconds))")
            }
            writer.blank()
            note(&writer, "The variables of this instance.")
            writer.line("\(access)var variables: Variables")
            writer.blank()
            note(&writer, "The operation with `variables`.")
            writer.block("\(access)init(variables: Variables)") { writer in
                writer.line("self.variables = variables")
            }
            let inputs = InputEmitter(access: access)
            if !members.isEmpty {
                writer.blank()
                note(&writer, "The operation with each variable; the optional ones are left out unless given.")
                inputs.emitSignature("\(access)init", members.map(\.parameter), into: &writer) { writer in
                    let arguments = members.map { "\(SwiftNames.escaped($0.name)): \(SwiftNames.escaped($0.name))" }
                    writer.call("self.variables = Variables", arguments)
                }
            } else {
                writer.blank()
                note(&writer, "The operation, which has no variables.")
                writer.block("\(access)init()") { writer in
                    writer.line("self.variables = Variables()")
                }
            }
            inputs.emit(
                name: "Variables", documentation: documents ? "The operation's variables." : "", members: members,
                into: &writer)
            SelectionEmitter(access: access, memberwise: context.configuration.memberwiseInitializers).emit(
                data, documentation: "The answer's `data`, as the text above selects it.", into: &writer)
        }
        SelectionEmitter(access: access, memberwise: context.configuration.memberwiseInitializers).emitNested(
            of: data, path: SwiftNames.escaped(typeName) + ".Data", emitted: &emitted, into: &writer)
    }

    /// `declaration = """ ... """`: `text` as a multi-line string literal, long lines wrapped.
    static func emitLiteral(_ text: String, as declaration: String, into writer: inout SwiftWriter) {
        writer.line("\(declaration) = \"\"\"")
        writer.indented { writer in
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                for piece in wrapped(escapedLiteralLine(line), width: 119 - writer.indentationWidth) {
                    writer.line(piece)
                }
            }
            writer.line("\"\"\"")
        }
    }

    /// A literal line longer than `width` cut into pieces that end in `\`, the escape that continues a
    /// multi-line string literal's line without a line break: the text is unchanged and the file stays
    /// within 120 columns. A piece ends after a space, `}` or `)`, which in a compact text (decision
    /// 0225) come every few characters; a run without them longer than `width` stays whole.
    static func wrapped(_ line: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(line)
        while rest.count > width {
            let window = rest.prefix(width)
            // Not after the line's first character; never inside an escape: none holds a space or `)`,
            // and a `}` ends the one that holds it (`\u{7f}`).
            guard let cut = window.dropFirst().lastIndex(where: { $0 == " " || $0 == "}" || $0 == ")" }) else {
                break
            }
            let end = rest.index(after: cut)
            pieces.append(String(rest[..<end]) + "\\")
            rest = rest[end...]
        }
        pieces.append(String(rest))
        return pieces
    }

    /// A line of a multi-line string literal: backslashes and quotes escaped (so no `"""` or `\(` can
    /// end or interpolate it), a carriage return or tab spelled out.
    static func escapedLiteralLine(_ line: Substring) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

import Foundation
import GraphQLCore

// graphql-compile: compiles one operation and prints what the runtime would send and key it by.
// Exits 1 on a usage error, 2 on a document, schema or variables error.

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        fail("error: cannot read '\(path)'", code: 1)
    }
    return text
}

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("error: \(error.message)\n\n\(Arguments.usage)", code: 1)
}
if arguments.showHelp {
    print(Arguments.usage)
    exit(0)
}

let schemaText: String? =
    arguments.schemaPath.map(read) ?? (arguments.documentPath == nil ? DefaultInputs.schema : nil)
let documentText = arguments.documentPath.map(read) ?? DefaultInputs.document

do throws(GraphQLCoreError) {
    let schema = try schemaText.map { text throws(GraphQLCoreError) in try Schema(sdl: text) }
    var variables = JSONObject()
    if let json = arguments.variablesJSON {
        guard case .object(let object) = try JSONValue(parsing: Data(json.utf8)) else {
            throw GraphQLCoreError(.invalidVariable, "--variables must be a JSON object")
        }
        variables = object
    }
    let document = try CompiledDocument(text: documentText, schema: schema)
    let operation = try document.operation(named: arguments.operationName, variables: variables)

    print("operation:   \(operation.kind.rawValue) \(operation.name ?? "(anonymous)")")
    print("schema:      \(schema == nil ? "none (no validation, no key fields)" : "validated")")
    print("identity:    \(operation.identity)")
    if let expiration = operation.cacheExpiration {
        print("expiration:  \(expiration.components.seconds) s (@cacheExpiration)")
    } else {
        print("expiration:  the store's default")
    }
    print("variables:   \(JSONValue.object(operation.variables).serializedString())")
    print("\ntext to send:\n\(operation.text)")
    print("\nselection tree (from \(operation.rootTypeName)):")
    for line in SelectionTreePrinter.lines(operation.selectionSet, variables: operation.variables) { print(line) }
} catch  where error.code == .validation {
    // Several validation errors arrive as one error with a line per error after a count.
    var lines = error.message.split(separator: "\n").map(String.init)
    if lines.count > 1 {
        lines.removeFirst()
    } else {
        let place = error.locations.map(\.description).joined(separator: ", ")
        lines = [place.isEmpty ? error.message : "\(place): \(error.message)"]
    }
    fail("validation errors:\n" + lines.map { "  " + $0 }.joined(separator: "\n"), code: 2)
} catch {
    fail("error: \(error)", code: 2)
}

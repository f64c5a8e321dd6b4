import FuzzSupport
import GraphQLCore

/// Any bytes that parse as a document: compiling with and without the schema gives a compiled
/// document or a typed error, never a crash; and a document that compiles, printed and compiled
/// again, gives the same operations (selections, variables, text) and the same errors for them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : count), as: UTF8.self)
    guard let document = try? Document(parsing: text) else { return 0 }
    let printed = Printer.print(document)
    for schema in [nil, FuzzSchema.schema] {
        guard let compiled = try? CompiledDocument(document: document, schema: schema) else { continue }
        let again: CompiledDocument
        do {
            again = try CompiledDocument(text: printed, schema: schema)
        } catch {
            finding("the printed document does not compile again: \(error.message)\n--- printed ---\n\(printed)")
        }
        guard compiled.operationNames == again.operationNames else { finding("the operations differ:\n\(printed)") }
        for name in compiled.operationNames {
            let first = Result { () throws(GraphQLCoreError) in try compiled.operation(named: name) }
            let second = Result { () throws(GraphQLCoreError) in try again.operation(named: name) }
            switch (first, second) {
            case (.success(let a), .success(let b)) where a == b: continue
            case (.failure(let a), .failure(let b)) where a.code == b.code && a.message == b.message: continue
            default: finding("operation \(name ?? "(anonymous)") compiles differently after printing:\n\(printed)")
            }
        }
    }
    return 0
}

/// The executable's entry point, named as SwiftPM names it: libFuzzer's driver on `fuzzCompile`.
@_cdecl("FuzzCompile_main")
public func fuzzCompileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCompile)
}

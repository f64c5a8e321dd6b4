import FuzzSupport
import GraphQLCore

/// Any bytes, as text: the lexer and parser give a document or a typed syntax error, and a document
/// prints to text that parses back to the same document and prints the same again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : count), as: UTF8.self)
    let document: Document
    do {
        document = try Document(parsing: text)
    } catch {
        guard error.code == .syntax || error.code == .nestingTooDeep else {
            finding("parsing failed with code \(error.code): \(error.message)")
        }
        return 0
    }
    let printed = Printer.print(document)
    let reparsed: Document
    do {
        reparsed = try Document(parsing: printed)
    } catch {
        finding("the printed document does not parse: \(error.message)\n--- printed ---\n\(printed)")
    }
    guard reparsed == document else { finding("print then parse changed the document:\n\(printed)") }
    guard Printer.print(reparsed) == printed else { finding("printing is not stable:\n\(printed)") }
    return 0
}

/// The executable's entry point, named as SwiftPM names it: libFuzzer's driver on `fuzzDocument`.
@_cdecl("FuzzDocument_main")
public func fuzzDocumentMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDocument)
}

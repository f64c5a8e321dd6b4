import Foundation
import FuzzSupport
@_spi(Runtime) import GraphQLCore

@testable import StoreCore

/// Any bytes, as JSON: the tree reader (`JSONReader.read`), the skipping reader (`read(_:skippingMember:)`),
/// the store's tape of the whole text, and the taping reader (`read(_:tapingMember:)`, which a
/// transport uses to keep a response's `data` as text with its tape) accept the same texts, give the
/// same values, and refuse the rest with the same `invalidJSON` message. One scanner checks the
/// grammar for all of them; what differs is what each builds from its tokens (a tree, nothing, a
/// tape read back through the store's walk), and that is what this compares.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: data == nil ? 0 : count)
    let bytes = Array(buffer)

    let tree = Result { () throws(GraphQLCoreError) in try JSONReader().read(bytes) }
    let skipping = Result { () throws(GraphQLCoreError) in try JSONReader().read(Data(bytes), skippingMember: "data") }
    let tape = Result { () throws(GraphQLCoreError) -> JSONValue in
        let tape = try JSONTape(bytes: buffer)
        return TapeNode.withRoot(of: tape, bytes: buffer) { $0.materialized() }
    }
    let taping = Result { () throws(GraphQLCoreError) in try JSONReader().read(Data(bytes), tapingMember: "data") }

    switch (tree, skipping, tape) {
    case (.failure(let treeError), .failure(let skippingError), .failure(let tapeError)):
        guard treeError.code == .invalidJSON, skippingError.code == .invalidJSON, tapeError.code == .invalidJSON else {
            finding("refused with other codes: \(treeError.code), \(skippingError.code), \(tapeError.code)")
        }
        guard tapeError.message == treeError.message else {
            finding("the tape refuses with \(tapeError.message), the tree with \(treeError.message)")
        }
        guard case .failure(let tapingError) = taping, tapingError.message == skippingError.message else {
            finding("the taping reader does not refuse as the skipping reader: \(taping)")
        }
    case (.success(let value), .success(let (rest, range)), .success(let tapeValue)):
        guard case .success(let (tapingRest, tapingRange, text)) = taping, tapingRest == rest, tapingRange == range,
            (text == nil) == (range == nil)
        else { finding("the taping reader does not read as the skipping reader: \(taping)") }
        if let text {
            let member = text.bytes.withUnsafeBytes { raw in
                TapeNode.withRoot(of: text.tape, bytes: raw.assumingMemoryBound(to: UInt8.self)) { $0.materialized() }
            }
            guard let alone = try? JSONReader().read(text.bytes), member == alone else {
                finding("the taped member reads \(member.serializedString()), its text alone otherwise")
            }
        }
        guard tapeValue == value else {
            finding("the tape reads \(tapeValue.serializedString()), the tree \(value.serializedString())")
        }
        guard case .object(var object) = value, let member = object["data"] else {
            guard range == nil, rest == value else { finding("the skipping reader changed a text with no data member") }
            return 0
        }
        guard let range else { finding("the skipping reader found no data member") }
        object["data"] = nil
        guard rest == .object(object) else { finding("the skipping reader's rest differs from the tree") }
        guard let alone = try? JSONReader().read(Array(bytes[range])), alone == member else {
            finding("the skipped member's text does not read as the tree's member")
        }
    default:
        finding(
            "the readers disagree: tree \(outcome(tree)), skipping \(outcome(skipping.map(\.value))), tape \(outcome(tape))"
        )
    }
    return 0
}

/// A reader's value as text, or its error.
func outcome<Failure: Error>(_ result: Result<JSONValue, Failure>) -> String {
    switch result {
    case .success(let value): value.serializedString()
    case .failure(let error): "\(error)"
    }
}

/// The executable's entry point, named as SwiftPM names it: libFuzzer's driver on `fuzzJSON`.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzJSON)
}

import Foundation
@_spi(Runtime) import GraphQLCore
import Primitives

extension Store {
    /// Writes a response's `data` as ``publish(_:to:)`` does, from its JSON text rather than a
    /// parsed `JSONValue`: `dataJSON` is the UTF-8 text of the `data` member alone (not the whole
    /// GraphQL response with `errors` and `extensions`).
    ///
    /// The text is read into a compact tape of its tokens (8 bytes a token) and normalized from it,
    /// with no `JSONValue` tree: the peak of the publish is the store, the tape, the normalized
    /// batch until it is written, and the caller's bytes. The records, the changes and the errors
    /// of a response that does not fit the selection are those of ``publish(_:to:)`` with the same
    /// data.
    ///
    /// Atomic as ``publish(_:to:)`` is. Throws ``StoreError`` with
    /// ``StoreError/Code/invalidJSON`` when the bytes are not one JSON text as `JSONReader` reads
    /// it (RFC 8259, nesting at most 512 deep), checked whole before anything is normalized, and
    /// with the codes of ``publish(_:to:)`` otherwise; in every case nothing is written.
    @discardableResult
    public func publish(dataJSON: some ContiguousBytes, to root: StoreRoot) throws(StoreError) -> Set<DataID> {
        let (batch, pages) = try normalizeBatch(dataJSON: dataJSON, root)
        return try write(batch, pages: pages)
    }

    /// Writes a response's `data` from its JSON text as ``publish(dataJSON:to:)`` does, stamped with
    /// `requestedAt` as ``publish(_:to:requestedAt:)`` stamps a parsed one: what the runtime calls
    /// with the text a transport kept. Returns what changed and how many subscriptions were told.
    @discardableResult
    public func publish(dataJSON: some ContiguousBytes, to root: StoreRoot, requestedAt: WallInstant)
        throws(StoreError) -> PublishReport
    {
        let (batch, pages) = try normalizeBatch(dataJSON: dataJSON, root)
        return try write(batch, pages: pages, requestedAt: requestedAt)
    }

    /// Writes a response's `data` from its JSON text as ``publish(dataJSON:to:requestedAt:)`` does,
    /// with the response's field errors kept where their paths reach a `null`, as
    /// ``publish(_:to:requestedAt:fieldErrors:)`` keeps them.
    @discardableResult
    public func publish(
        dataJSON: some ContiguousBytes, to root: StoreRoot, requestedAt: WallInstant, fieldErrors: [FieldError]
    ) throws(StoreError) -> PublishReport {
        let (batch, pages, stored) = try normalizeBatch(dataJSON: dataJSON, root, fieldErrors: fieldErrors)
        var report = try write(batch, pages: pages, requestedAt: requestedAt)
        report.storedFieldErrors = stored
        return report
    }

    /// Writes a response's `data` from its JSON text as
    /// ``publish(dataJSON:to:requestedAt:fieldErrors:)`` does, reporting the new snapshot of
    /// `subscription` to its owner instead of its callback, as
    /// ``publish(_:to:requestedAt:fieldErrors:reporting:)`` does.
    public func publish(
        dataJSON: some ContiguousBytes, to root: StoreRoot, requestedAt: WallInstant, fieldErrors: [FieldError] = [],
        reporting subscription: StoreSubscription?
    ) throws(StoreError) -> PublishReport {
        let (batch, pages, stored) = try normalizeBatch(dataJSON: dataJSON, root, fieldErrors: fieldErrors)
        var report = try write(batch, pages: pages, requestedAt: requestedAt, reporting: subscription?.delivery)
        report.storedFieldErrors = stored
        return report
    }

    /// Writes a response's `data` from its checked text as
    /// ``publish(dataJSON:to:requestedAt:fieldErrors:reporting:)`` does, normalizing from the tape the
    /// check built (a transport builds it while it reads the response), so that the bytes are not
    /// scanned again on their way into the store.
    @_spi(Runtime) @discardableResult
    public func publish(
        dataJSON text: JSONText, to root: StoreRoot, requestedAt: WallInstant, fieldErrors: [FieldError] = [],
        reporting subscription: StoreSubscription? = nil
    ) throws(StoreError) -> PublishReport {
        let (batch, pages, stored) = try normalizeBatch(text, root, fieldErrors: fieldErrors)
        var report = try write(batch, pages: pages, requestedAt: requestedAt, reporting: subscription?.delivery)
        report.storedFieldErrors = stored
        return report
    }

    /// Writes the `data` of a whole GraphQL response's JSON text (the envelope with `data`,
    /// `errors` and `extensions`, as a server sends it) as ``publish(dataJSON:to:)`` writes the
    /// `data` text alone. The whole text is checked as JSON, `errors` and `extensions` included, and
    /// only `data` is normalized; reading the errors is the caller's.
    ///
    /// Throws ``StoreError`` with ``StoreError/Code/invalidJSON`` for text that is not JSON,
    /// ``StoreError/Code/notAnObject`` when the text is not an object or its `data` is absent, null
    /// or not an object (a request that failed whole), and otherwise as ``publish(_:to:)``; in every
    /// case nothing is written.
    @discardableResult
    public func publish(responseJSON: some ContiguousBytes, to root: StoreRoot) throws(StoreError) -> Set<DataID> {
        let (batch, pages) = try normalizeBatch(dataJSON: responseJSON, root, inEnvelope: true)
        return try write(batch, pages: pages)
    }

    /// Normalizes the text `dataJSON` (or the `data` member of the envelope it is, when
    /// `inEnvelope`) through a ``JSONTape``; the tape is freed when this returns.
    func normalizeBatch(
        dataJSON: some ContiguousBytes, _ root: StoreRoot, inEnvelope: Bool = false
    ) throws(StoreError) -> (batch: NormalizedBatch, pages: [ConnectionPage]) {
        let (batch, pages, _) = try normalizeBatch(dataJSON: dataJSON, root, inEnvelope: inEnvelope, fieldErrors: [])
        return (batch, pages)
    }

    /// ``normalizeBatch(dataJSON:_:inEnvelope:)`` writing `fieldErrors` where their paths reach a
    /// `null`; returns which of them it stored, by index.
    func normalizeBatch(
        dataJSON: some ContiguousBytes, _ root: StoreRoot, inEnvelope: Bool = false, fieldErrors: [FieldError]
    ) throws(StoreError) -> (batch: NormalizedBatch, pages: [ConnectionPage], storedFieldErrors: Set<Int>) {
        let result = dataJSON.withUnsafeBytes { raw in
            Result { () throws(StoreError) in
                let bytes = raw.assumingMemoryBound(to: UInt8.self)
                let tape: JSONTape
                do throws(GraphQLCoreError) {
                    tape = try JSONTape(bytes: bytes)
                } catch {
                    throw StoreError(.invalidJSON, error.message)
                }
                return try normalizeBatch(tape, bytes, root, inEnvelope: inEnvelope, fieldErrors: fieldErrors)
            }
        }
        return try result.get()
    }

    /// ``normalizeBatch(dataJSON:_:inEnvelope:fieldErrors:)`` from a text checked with its tape.
    func normalizeBatch(_ text: JSONText, _ root: StoreRoot, fieldErrors: [FieldError]) throws(StoreError) -> (
        batch: NormalizedBatch, pages: [ConnectionPage], storedFieldErrors: Set<Int>
    ) {
        let result = text.bytes.withUnsafeBytes { raw in
            Result { () throws(StoreError) in
                try normalizeBatch(
                    text.tape, raw.assumingMemoryBound(to: UInt8.self), root, inEnvelope: false,
                    fieldErrors: fieldErrors)
            }
        }
        return try result.get()
    }

    /// Normalizes from `tape`, the tape of `bytes`.
    private func normalizeBatch(
        _ tape: JSONTape, _ bytes: UnsafeBufferPointer<UInt8>, _ root: StoreRoot, inEnvelope: Bool,
        fieldErrors: [FieldError]
    ) throws(StoreError) -> (batch: NormalizedBatch, pages: [ConnectionPage], storedFieldErrors: Set<Int>) {
        try TapeNode.withRoot(of: tape, bytes: bytes) { top throws(StoreError) in
            guard inEnvelope else {
                return try normalizeBatch(top, root, expectedRecords: tape.objectCount, fieldErrors: fieldErrors)
            }
            guard top.inputKind == .object, let data = top.inputMember("data"), data.inputKind == .object else {
                throw StoreError(.notAnObject, "the response has no `data` object")
            }
            return try normalizeBatch(data, root, expectedRecords: tape.objectCount, fieldErrors: fieldErrors)
        }
    }
}

import Primitives

/// The last few documents a schema found valid, so that compiling a document the app has just
/// validated (`validate(_:against:)`, then `CompiledDocument(document:schema:)`) validates it once.
///
/// Held by its ``Schema`` and keyed by the document itself: equal documents (equal text parses to
/// equal documents) are one entry, and a document validated against another schema, even one from
/// the same SDL, is validated again. A lookup hashes and compares the document, a walk far cheaper
/// than validating it. Bounded to ``capacity`` entries, the oldest dropped first.
final class ValidatedDocuments: Sendable {
    static let capacity = 8

    private struct Entry {
        var hash: Int
        var document: Document
    }

    private let entries = Locked<[Entry]>([])
    /// How many times the schema's documents were validated in full; tests read it.
    private let validationCount = Locked(0)

    /// Whether `document` was found valid against this schema recently. Hashing and comparing
    /// recurse along the document's nesting as validation does, so they run on a stack sized alike.
    func contains(_ document: Document) -> Bool {
        LargeStack.run(depth: DocumentDepth.of(document)) {
            let hash = document.hashValue
            return self.entries.withLock { entries in
                entries.contains { $0.hash == hash && $0.document == document }
            }
        }
    }

    /// Remembers that `document` is valid against this schema; called on validation's own stack.
    func insert(_ document: Document) {
        let hash = document.hashValue
        entries.withLock { entries in
            if entries.contains(where: { $0.hash == hash && $0.document == document }) { return }
            if entries.count == Self.capacity { entries.removeFirst() }
            entries.append(Entry(hash: hash, document: document))
        }
    }

    /// Counts one full validation.
    func countValidation() { validationCount.withLock { $0 += 1 } }

    /// How many full validations ran against the schema.
    var validations: Int { validationCount.withLock { $0 } }
}

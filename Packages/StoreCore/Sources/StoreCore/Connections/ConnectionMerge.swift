import GraphQLCore

/// Merges the pages a response writes into the connection lists the store holds, by rewriting the
/// response's patches before they are written: the connection record's `edges` become the whole list,
/// and its `pageInfo` keeps the end the page did not move (Relay's `ConnectionHandler`).
///
/// Runs under the store's lock with the records the write goes over (the record source's, not the
/// optimistic layers': a layer is taken away later, the merge stays), so a merge and its write are one
/// atomic step; every page is checked (``plan(_:patches:existing:)``) before any is merged, so a page
/// that cannot be merged throws and nothing of the response is written. The cost is the page: a
/// publish to the in-memory source lends the merge the list held, which a next page is appended to
/// in place; elsewhere the list's links are copied once. Never a re-normalization.
enum ConnectionMerge {
    static let edgesKey = "edges"
    static let pageInfoKey = "pageInfo"

    /// A page checked against the list held, ready to merge: nothing about it can fail any more.
    struct Step {
        let page: ConnectionPage
        /// The page's edges, each with a cursor of its own (an offset list's items).
        let edges: [RecordValue]
        /// The page's `PageInfo` record; `nil` for an offset list, which has none.
        let pageInfoID: DataID?
        /// The `PageInfo` record of the list held (for a page after or before it).
        let heldInfo: Record?

        /// Whether the merge extends the list held (rather than replacing it).
        var extendsList: Bool { page.placement != .replacing }
    }

    /// Merges every page into `patches`, reading the lists held through `existing` (which copies
    /// them: what a transaction or an optimistic layer reads must stay as it is).
    static func merge(
        _ pages: [ConnectionPage], into patches: inout [DataID: RecordPatch], existing: (DataID) -> Record?
    ) throws(StoreError) {
        for step in try plan(pages, patches: patches, existing: existing) {
            apply(step, list: nil, into: &patches, existing: existing)
        }
    }

    /// Checks every page against the list it extends, before any is merged, so that a page that
    /// cannot be merged throws with nothing merged (and no list lent by the caller yet).
    static func plan(_ pages: [ConnectionPage], patches: [DataID: RecordPatch], existing: (DataID) -> Record?)
        throws(StoreError) -> [Step]
    {
        var steps: [Step] = []
        for page in pages {
            if page.isOffsetList {
                if let step = try offsetStep(page, patches: patches, existing: existing) { steps.append(step) }
                continue
            }
            guard let patch = patches[page.record] else { continue }
            let edges = try pageEdges(patch, patches: patches)
            guard case .link(let pageInfoID)? = patch.values[pageInfoKey], let info = patches[pageInfoID] else {
                continue
            }
            try check(info)
            var heldInfo: Record?
            switch page.placement {
            case .replacing:
                break
            case .after(let cursor):
                heldInfo = try heldPageInfo(existing(page.record), existing: existing, for: page)
                guard heldInfo?[PageInfoKey.endCursor] == .scalar(.string(cursor)) else {
                    throw mismatch("after", cursor, end: "end", heldInfo?[PageInfoKey.endCursor])
                }
            case .before(let cursor):
                heldInfo = try heldPageInfo(existing(page.record), existing: existing, for: page)
                guard heldInfo?[PageInfoKey.startCursor] == .scalar(.string(cursor)) else {
                    throw mismatch("before", cursor, end: "start", heldInfo?[PageInfoKey.startCursor])
                }
            case .at:
                continue  // Only an offset list's page has an offset, and it is planned above.
            }
            steps.append(Step(page: page, edges: edges, pageInfoID: pageInfoID, heldInfo: heldInfo))
        }
        return steps
    }

    /// An offset list's page, checked: a page past the list's start needs a list held that reaches
    /// its offset (a gap would leave positions no page filled).
    private static func offsetStep(
        _ page: ConnectionPage, patches: [DataID: RecordPatch], existing: (DataID) -> Record?
    ) throws(StoreError) -> Step? {
        guard case .links(let items)? = patches[page.record]?.values[page.listKey] else { return nil }
        if case .at(let offset) = page.placement {
            guard case .links(let held)? = existing(page.record)?[page.listKey] else {
                throw StoreError(
                    .invalidConnectionPage,
                    "a page at offset \(offset) was asked for of a list the store does not hold (\(page.listKey))")
            }
            guard offset <= held.count else {
                throw StoreError(
                    .invalidConnectionPage,
                    "a page at offset \(offset) was asked for of a list that holds \(held.count) items (\(page.listKey))"
                )
            }
        }
        return Step(page: page, edges: items, pageInfoID: nil, heldInfo: nil)
    }

    /// Writes one planned page's merged list (and the `pageInfo` end it did not move) into its patch.
    /// `list` is the list held when the caller lends it (taken out of its record, so that it is
    /// uniquely referenced and a page is appended in place, at the cost of the page); `nil` reads
    /// it, a copy, from `existing`.
    static func apply(
        _ step: Step, list: consuming [RecordValue]?, into patches: inout [DataID: RecordPatch],
        existing: (DataID) -> Record?
    ) {
        let merged: [RecordValue]
        switch step.page.placement {
        case .replacing:
            merged = unique(step.edges)
        case .at(let offset):
            var list = (consume list) ?? heldEdges(existing(step.page.record), at: step.page.listKey)
            if offset == list.count {
                // The next page: an item the list already holds (shifted by an insert on the
                // server since the last page) is not repeated.
                let added = newEdges(step.edges, notIn: list, existing: existing)
                list += added
            } else {
                list.replaceSubrange(offset..<min(offset + step.edges.count, list.count), with: step.edges)
            }
            merged = list
        case .after:
            var list = (consume list) ?? heldEdges(existing(step.page.record), at: step.page.listKey)
            let added = newEdges(step.edges, notIn: list, existing: existing)
            list += added
            merged = list
            keep(
                [PageInfoKey.startCursor, PageInfoKey.hasPreviousPage], of: step.heldInfo, in: step.pageInfoID, &patches
            )
        case .before:
            let list = (consume list) ?? heldEdges(existing(step.page.record), at: step.page.listKey)
            var prepended = newEdges(step.edges, notIn: list, existing: existing)
            prepended.reserveCapacity(prepended.count + list.count)
            prepended += list
            merged = prepended
            keep([PageInfoKey.endCursor, PageInfoKey.hasNextPage], of: step.heldInfo, in: step.pageInfoID, &patches)
        }
        patches[step.page.record]?.values[step.page.listKey] = .links(merged)
    }

    /// The storage keys of the `PageInfo` fields the merge reads (the compiler requires one pair
    /// whole: the first two for a forward list, the last two for a backward one).
    enum PageInfoKey {
        static let hasNextPage = "hasNextPage"
        static let endCursor = "endCursor"
        static let hasPreviousPage = "hasPreviousPage"
        static let startCursor = "startCursor"
    }

    /// The page's edges, each checked to have a cursor no other edge of the page has.
    private static func pageEdges(_ patch: RecordPatch, patches: [DataID: RecordPatch]) throws(StoreError)
        -> [RecordValue]
    {
        guard case .links(let edges)? = patch.values[edgesKey] else { return [] }
        var cursors: Set<String> = []
        for edge in edges {
            guard case .link(let edgeID) = edge else { continue }
            guard case .scalar(.string(let cursor))? = patches[edgeID]?.values["cursor"] else {
                throw StoreError(.invalidConnectionPage, "an edge of the page has no cursor", path: [.key(edgesKey)])
            }
            guard cursors.insert(cursor).inserted else {
                throw StoreError(
                    .invalidConnectionPage, "two edges of the page have the cursor \"\(cursor)\"",
                    path: [.key(edgesKey)])
            }
        }
        return edges
    }

    /// A `pageInfo` that says more comes but not after (or before) what.
    private static func check(_ info: RecordPatch) throws(StoreError) {
        for (flag, cursor) in [
            (PageInfoKey.hasNextPage, PageInfoKey.endCursor), (PageInfoKey.hasPreviousPage, PageInfoKey.startCursor),
        ] where info.values[flag] == .scalar(.bool(true)) {
            guard case .scalar(.string)? = info.values[cursor] else {
                throw StoreError(
                    .invalidConnectionPage, "the page's pageInfo has \(flag) true and no \(cursor)",
                    path: [.key(pageInfoKey), .key(cursor)])
            }
        }
    }

    /// The `PageInfo` record of the list held; throws when the store holds no list for the page.
    private static func heldPageInfo(_ held: Record?, existing: (DataID) -> Record?, for page: ConnectionPage)
        throws(StoreError) -> Record?
    {
        guard let held, case .links? = held[edgesKey] else {
            throw StoreError(
                .invalidConnectionPage,
                "a page was asked for after or before a cursor of a list the store does not hold (\(page.record))")
        }
        guard case .link(let infoID)? = held[pageInfoKey] else { return nil }
        return existing(infoID)
    }

    /// The list a planned page extends (``plan(_:patches:existing:)`` checked that it is held).
    private static func heldEdges(_ held: Record?, at listKey: String) -> [RecordValue] {
        guard case .links(let edges)? = held?[listKey] else { return [] }
        return edges
    }

    private static func mismatch(_ argument: String, _ cursor: String, end: String, _ held: RecordValue?)
        -> StoreError
    {
        let heldText =
            switch held {
            case .scalar(.string(let text))?: "\"\(text)\""
            default: "no cursor"
            }
        return StoreError(
            .invalidConnectionPage,
            "a page asked for \(argument) \"\(cursor)\" but the list the store holds has \(heldText) at its \(end)")
    }

    /// The page's edges once each: an edge's record is named by its node, so one node is one edge.
    private static func unique(_ edges: [RecordValue]) -> [RecordValue] {
        var seen: Set<DataID> = []
        return edges.filter { edge in
            guard case .link(let id) = edge else { return true }
            return seen.insert(id).inserted
        }
    }

    /// The page's edges that `list` does not hold, once each. An edge whose record the store does
    /// not have cannot be in the list, so the list is searched only when some edge's record exists
    /// (a node already shown, or an edge a replaced list left behind): a page costs its own size.
    private static func newEdges(_ page: [RecordValue], notIn list: [RecordValue], existing: (DataID) -> Record?)
        -> [RecordValue]
    {
        var held: Set<DataID>?
        var added: Set<DataID> = []
        var result: [RecordValue] = []
        result.reserveCapacity(page.count)
        for edge in page {
            guard let id = edge.linkedID else {
                result.append(edge)
                continue
            }
            guard added.insert(id).inserted else { continue }
            if existing(id) != nil {
                if held == nil { held = Set(list.compactMap(\.linkedID)) }
                if held?.contains(id) == true { continue }
            }
            result.append(edge)
        }
        return result
    }

    /// Puts the held values of `keys` into the page's `pageInfo` patch: the end the page did not move.
    private static func keep(
        _ keys: [String], of held: Record?, in pageInfoID: DataID?, _ patches: inout [DataID: RecordPatch]
    ) {
        guard let pageInfoID else { return }
        // Only what the page selected: a forward-only PageInfo has no start to keep.
        for key in keys where patches[pageInfoID]?.values[key] != nil {
            patches[pageInfoID]?.values[key] = held?[key] ?? .null
        }
    }
}

extension RecordValue {
    /// The record a `.link` names.
    fileprivate var linkedID: DataID? {
        if case .link(let id) = self { return id }
        return nil
    }
}

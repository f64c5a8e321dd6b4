import GraphQLCore
import Primitives
import Retention
@_spi(Runtime) import Scheduling
import StoreCore

// What the store inspector reads. Each call takes the runtime's lock once, as any attach does,
// reads, and changes nothing the runtime decides from; the inspector is only ever a reader.

extension GraphQLEnvironment {
    /// Every root the runtime keeps (retained, or waiting in the release buffer), with its holders,
    /// staleness, last fetch, handles' phases and the planner's answer for a `revalidate()` now;
    /// at most `EnvironmentInspection.maxRoots`, by operation name then identity.
    @_spi(Inspector) public func inspectorRoots() -> [InspectorRoot] {
        let now = clock.now()
        return state.withLock { state -> [InspectorRoot] in
            // The planner's answer is computed exactly as `revalidate()` computes it, and not performed.
            let facts = state.retainedRoots { slot, hints in
                let availability = store.check(slot.storeRoot, hints: &hints)
                return (
                    RuntimeState.staleness(availability, expiration: slot.expiration, now: now),
                    availability.readsFieldErrors
                )
            }
            let plan = RevalidationPlanner.revalidation(facts)
            var answers: [OperationIdentity: String] = [:]
            for request in plan.fetches { answers[request.root] = "fetch" }
            for request in plan.joins { answers[request.root] = "join" }
            for skip in plan.skips { answers[skip.root] = "skip: \(skip.reason.rawValue)" }

            let entries = state.roots.sorted { left, right in
                let leftName = left.value.operation.name ?? ""
                let rightName = right.value.operation.name ?? ""
                return leftName == rightName ? left.key.hash < right.key.hash : leftName < rightName
            }
            return entries.prefix(EnvironmentInspection.maxRoots).map { identity, entry in
                inspected(identity, entry, in: state, answer: answers[identity], now: now)
            }
        }
    }

    private func inspected(
        _ identity: OperationIdentity, _ entry: RootEntry, in state: RuntimeState, answer: String?, now: WallInstant
    ) -> InspectorRoot {
        let availability = store.check(entry.storeRoot)
        let staleness = RuntimeState.staleness(availability, expiration: entry.expiration, now: now)
        let oldestWrite = availability.isMissingData ? nil : availability.oldestWriteTime
        let staleAt = oldestWrite.flatMap { write in entry.expiration.duration.map { write + $0 } }
        let isRetained = state.retentions.isRetained(identity)
        let lastFetch = entry.lastFetch.map { fetch in
            InspectorRoot.Fetch(
                reason: fetch.reason.rawValue, outcome: Self.outcomeName(fetch.outcome),
                durationMilliseconds: Self.milliseconds(fetch.duration), endedAt: fetch.endedAt)
        }
        let records = (entry.snapshot?.seenRecords ?? []).map(\.rawValue).sorted()
        return InspectorRoot(
            identity: identity.hash, operationName: entry.operation.name, kind: entry.operation.kind.rawValue,
            variablesHash: OperationIdentity(text: "", variables: entry.operation.variables).hash,
            holders: state.retentions.holders(of: identity).map {
                InspectorRoot.Holder(id: $0.id.rawValue, policy: $0.policy.rawValue)
            },
            isRetained: isRetained,
            expirationSeconds: entry.expiration.duration.map { Self.milliseconds($0) / 1000 },
            oldestWrite: oldestWrite, staleAt: staleAt, staleness: Self.stalenessName(staleness),
            lastFetch: lastFetch, inFlight: state.registry.status(of: identity).isInFlight,
            joinedFetches: entry.joinedFetches,
            handlePhases: entry.handles.sorted { $0.key < $1.key }.compactMap { $0.value.handle?.phase.description },
            revalidation: answer ?? (isRetained ? "skip" : "skip: not retained (in the release buffer)"),
            recordIDs: Array(records.prefix(EnvironmentInspection.maxRecordsPerRoot)))
    }

    /// The records some root reads whose ID or type contains `query` (case-insensitive; every one
    /// for an empty query), and the record whose ID is `query` exactly even when no root reads it;
    /// at most `EnvironmentInspection.maxRecords`, by ID.
    @_spi(Inspector) public func inspectorRecords(matching query: String) -> [InspectorRecordSummary] {
        let needle = query.lowercased()
        var results: [InspectorRecordSummary] = []
        if !query.isEmpty, let exact = store.record(DataID(query)) {
            results.append(Self.summary(exact))
        }
        for id in readers().keys.sorted() where results.count < EnvironmentInspection.maxRecords {
            guard id.rawValue != query, let record = store.record(id) else { continue }
            if needle.isEmpty || id.rawValue.lowercased().contains(needle)
                || (record.typename?.lowercased().contains(needle) ?? false)
            {
                results.append(Self.summary(record))
            }
        }
        return results
    }

    /// The record `id`: its fields' kinds, sizes, links and write times, and the roots that read
    /// it; with `showingValues`, each field's value as JSON (cut to
    /// `EnvironmentInspection.maxValueBytes`). `nil` when the store has no such record.
    @_spi(Inspector) public func inspectorRecord(id: String, showingValues: Bool) -> InspectorRecord? {
        let dataID = DataID(id)
        let readBy = readers()[dataID] ?? []
        guard let record = store.record(dataID) else { return nil }
        let fields = record.fields.sorted { $0.key < $1.key }.map { key, field in
            Self.inspected(key: key, field, showingValues: showingValues)
        }
        return InspectorRecord(
            id: id, typename: record.typename, fields: fields, readBy: readBy.sorted(),
            writtenAt: record.fields.values.map(\.writtenAt).max())
    }

    /// The store's figures: its record count, the records its roots read and their size, the
    /// roots kept, the fetches in flight and the last collection.
    @_spi(Inspector) public func inspectorStoreStats() -> InspectorStoreStats {
        let (readers, retained, buffered, inFlight, collection) = state.withLock { state in
            (
                Self.readers(of: state), state.retentions.retainedRoots.count, state.retentions.releaseBuffer.count,
                state.roots.keys.filter { state.registry.status(of: $0).isInFlight }.count, state.lastCollection
            )
        }
        var bytes = 0
        for id in readers.keys {
            guard let record = store.record(id) else { continue }
            bytes += id.rawValue.utf8.count
            for (key, field) in record.fields { bytes += key.utf8.count + Self.size(of: field.value) }
        }
        return InspectorStoreStats(
            recordCount: store.recordCount, reachableRecords: readers.count, reachableBytes: bytes,
            retainedRoots: retained, bufferedRoots: buffered, fetchesInFlight: inFlight,
            lastCollection: collection.map {
                InspectorStoreStats.Collection(
                    at: $0.at, removed: $0.report.removedRecords, kept: $0.report.keptRecords, roots: $0.roots)
            })
    }

    /// Which roots read each record, from each root's latest snapshot.
    private func readers() -> [DataID: Set<String>] {
        state.withLock { Self.readers(of: $0) }
    }

    private static func readers(of state: RuntimeState) -> [DataID: Set<String>] {
        var readers: [DataID: Set<String>] = [:]
        for (identity, entry) in state.roots {
            for id in entry.snapshot?.seenRecords ?? [] { readers[id, default: []].insert(identity.hash) }
        }
        return readers
    }

    private static func summary(_ record: Record) -> InspectorRecordSummary {
        InspectorRecordSummary(id: record.dataID.rawValue, typename: record.typename, fieldCount: record.fields.count)
    }

    private static func inspected(key: String, _ field: RecordField, showingValues: Bool) -> InspectorRecord.Field {
        var links: [String] = []
        collectLinks(field.value, into: &links)
        var value: String?
        if showingValues {
            let text = json(field.value)
            value =
                text.utf8.count <= EnvironmentInspection.maxValueBytes
                ? text : String(text.prefix(EnvironmentInspection.maxValueBytes / 4)) + "…"
        }
        return InspectorRecord.Field(
            key: key, kind: kind(of: field.value), bytes: size(of: field.value), value: value, links: links,
            writtenAt: field.writtenAt)
    }

    private static func kind(of value: RecordValue) -> String {
        switch value {
        case .null: return "null"
        case .fieldError: return "fieldError"
        case .link: return "link"
        case .links: return "links"
        case .scalar(let json):
            switch json {
            case .null: return "null"
            case .bool: return "boolean"
            case .int, .bigInt, .double: return "number"
            case .string: return "string"
            case .array: return "array"
            case .object: return "object"
            }
        }
    }

    private static func size(of value: RecordValue) -> Int { json(value).utf8.count }

    private static func json(_ value: RecordValue) -> String {
        switch value {
        case .null: return "null"
        case .scalar(let json): return json.serializedString(sortedKeys: true)
        case .link(let id): return JSONValue.object(["__ref": .string(id.rawValue)]).serializedString()
        case .links(let values): return "[" + values.map(json).joined(separator: ",") + "]"
        // The message may hold user data: it is shown, as any value is, only when values are shown.
        case .fieldError(let error):
            return JSONValue.object(["__fieldError": .string(error.message)]).serializedString(sortedKeys: true)
        }
    }

    private static func collectLinks(_ value: RecordValue, into links: inout [String]) {
        switch value {
        case .link(let id): links.append(id.rawValue)
        case .links(let values): for value in values { collectLinks(value, into: &links) }
        case .null, .scalar, .fieldError: break
        }
    }

    private static func stalenessName(_ staleness: Staleness) -> String {
        switch staleness {
        case .fresh: return "fresh"
        case .stale(let reason): return "stale: \(reason.rawValue)"
        }
    }

    private static func outcomeName(_ outcome: FetchOutcome) -> String {
        switch outcome {
        case .succeeded: return "succeeded"
        case .failed(_, let kind): return "failed: \(kind.name)"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

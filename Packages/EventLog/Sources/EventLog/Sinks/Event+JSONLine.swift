extension Event {
    /// The event as one compact JSON object with sorted keys, as UTF-8 bytes.
    ///
    /// Nothing is escaped because nothing needs to be: every string an event holds is a GraphQL
    /// name, hex digits or a fixed code, none of which contains a quote, a backslash or a control
    /// character. What `JSONLinesEventSink` writes, and what a live view of the log (the store
    /// inspector's event stream) sends.
    public var jsonLine: [UInt8] {
        var fields: [(String, String)] = [("event", quoted(name))]
        switch self {
        case .fetchStarted(let operation, let identity, let reason),
            .fetchShared(let operation, let identity, let reason):
            fields += Self.operationFields(operation, identity) + [("reason", quoted(reason.rawValue))]
        case .fetchSucceeded(let operation, let identity, let reason, let duration):
            fields += Self.operationFields(operation, identity)
            fields += [("reason", quoted(reason.rawValue)), ("durationNanoseconds", Self.nanoseconds(duration))]
        case .fetchFailed(let operation, let identity, let reason, let duration, let error):
            fields += Self.operationFields(operation, identity)
            fields += [
                ("reason", quoted(reason.rawValue)), ("durationNanoseconds", Self.nanoseconds(duration)),
                ("error", quoted(error.name)),
            ]
            if let status = error.status { fields.append(("status", String(status))) }
        case .published(let recordsChanged, let subscriptionsNotified):
            fields += [
                ("recordsChanged", String(recordsChanged)), ("subscriptionsNotified", String(subscriptionsNotified)),
            ]
        case .collected(let recordsRemoved, let recordsKept, let roots):
            fields += [
                ("recordsRemoved", String(recordsRemoved)), ("recordsKept", String(recordsKept)),
                ("roots", String(roots)),
            ]
        case .handleAttached(let operation, let identity, let policy):
            fields += Self.operationFields(operation, identity) + [("policy", quoted(policy.rawValue))]
        case .handleReleased(let operation, let identity):
            fields += Self.operationFields(operation, identity)
        case .revalidationSwept(let candidates, let fetched, let joined):
            fields += [("candidates", String(candidates)), ("fetched", String(fetched)), ("joined", String(joined))]
        case .invalidated:
            break
        case .subscriptionParked(let operation, let identity, let duration),
            .subscriptionCancelled(let operation, let identity, let duration):
            fields += Self.operationFields(operation, identity) + [("durationNanoseconds", Self.nanoseconds(duration))]
        case .serverErrors(let operation, let identity, let reason, let count),
            .fieldErrorsStored(let operation, let identity, let reason, let count):
            fields += Self.operationFields(operation, identity)
            fields += [("reason", quoted(reason.rawValue)), ("count", String(count))]
        case .mutationQueue(let queued, let replayed, let rejected, let expired, let pending):
            fields += [
                ("queued", String(queued)), ("replayed", String(replayed)), ("rejected", String(rejected)),
                ("expired", String(expired)), ("pending", String(pending)),
            ]
        case .uploadStarted(let operation, let identity, let files, let bytes):
            fields += Self.operationFields(operation, identity) + [("files", String(files)), ("bytes", String(bytes))]
        }
        fields.sort { $0.0 < $1.0 }
        var line: [UInt8] = [0x7B]
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { line.append(0x2C) }
            line += quoted(key).utf8
            line.append(0x3A)
            line += value.utf8
        }
        line.append(0x7D)
        return line
    }

    private static func operationFields(_ operation: OperationName?, _ identity: IdentityHash) -> [(String, String)] {
        var fields = [("identity", quoted(identity.hex))]
        if let operation { fields.append(("operation", quoted(operation.text))) }
        return fields
    }

    /// Whole nanoseconds, saturating at the bounds of `Int64`.
    private static func nanoseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return String(seconds < 0 ? Int64.min : Int64.max) }
        let (total, overflowAdding) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflowAdding else { return String(seconds < 0 ? Int64.min : Int64.max) }
        return String(total)
    }
}

private func quoted(_ text: String) -> String { "\"" + text + "\"" }

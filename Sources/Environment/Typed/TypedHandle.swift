import GraphQLCore
import StoreCore
import Transport

/// A handle whose data is a Swift type: the phase carries `Data` instead of a snapshot, decoded once
/// each time the phase changes and not on every read.
///
/// Made by ``GraphQLEnvironment/attach(_:as:policy:)``. It is a view of the ``Handle`` underneath
/// (``handle``), which keeps the retention, the fetch and the server errors: releasing either
/// releases both, and the phases are the same phases, decoded.
///
/// A read of ``phase`` or ``data`` after a change decodes the snapshot's data (with
/// `JSONValueDecoder`, straight from the store's values); later reads of the same phase return that
/// value. ``phases`` decodes each phase it hands its iterator, once. Data that does not decode into `Data` makes the phase `failed` with ``HandleError`` of code
/// ``HandleError/Code/dataMismatch``, or ``NullValueError`` for a `null` where `Data` has no optional;
/// the untyped handle still shows the snapshot.
///
/// The snapshot's field errors (``Snapshot/fieldErrors``) reach the decode: a generated `@catch`
/// property holds the error caught at or under its field (`Result<Value, FieldError>`, or `nil` with
/// `@catch(to: NULL)`).
public final class TypedHandle<Data: Decodable & Sendable>: Sendable {
    /// What the screen shows, with the data typed.
    public enum Phase: Sendable, CustomStringConvertible {
        /// No data to show yet; a fetch is in flight.
        case loading
        /// The data, complete, decoded.
        case loaded(Data)
        /// No data to show: the untyped phase's error (``FetchError``, ``MissingDataError``),
        /// ``NullValueError`` for a `null` (a field error, most often) where `Data` has no optional and
        /// no `@catch` takes it, or ``HandleError`` with code ``HandleError/Code/dataMismatch`` when the
        /// data does not decode otherwise.
        case failed(any Error)

        /// The data when ``loaded(_:)``.
        public var data: Data? {
            if case .loaded(let data) = self { return data }
            return nil
        }

        /// The error when ``failed(_:)``.
        public var error: (any Error)? {
            if case .failed(let error) = self { return error }
            return nil
        }

        /// `loading`, `loaded`, or `failed(error)`. Never prints the data.
        public var description: String {
            switch self {
            case .loading: "loading"
            case .loaded: "loaded"
            case .failed(let error): "failed(\(type(of: error)))"
            }
        }
    }

    /// The untyped handle underneath: its snapshot, fetch, server errors, refetch and release.
    public let handle: Handle

    init(handle: Handle) {
        self.handle = handle
    }

    /// What the screen shows: `loading`, `loaded(data)` or `failed(error)`. Tracked by Observation
    /// as the untyped handle's phase is.
    public var phase: Phase {
        let (phase, version, kept) = handle.phaseAndTypedPhase
        if let kept, kept.version == version, let decoded = kept.phase as? Phase { return decoded }
        let result = typed(phase)
        handle.keepTypedPhase(result, version: version)
        return result
    }

    /// The data when the phase is loaded.
    public var data: Data? { phase.data }

    /// The handle's fetch: idle, in flight, succeeded at an instant, or failed with an error.
    public var fetch: FetchState { handle.fetch }

    /// The GraphQL errors of the last response (see ``Handle/serverErrors``).
    public var serverErrors: [GraphQLServerError] { handle.serverErrors }

    /// The phases, decoded: the current one first, then each change, until the handle is released.
    public var phases: AsyncMapSequence<Handle.PhaseSequence, Phase> {
        handle.phases.map { [self] phase in typed(phase) }
    }

    /// Fetches again (see ``Handle/refetch()``) and returns the data once the answer is written.
    @discardableResult
    public func refetch() async throws -> Data {
        _ = try await handle.refetch()
        return try loadedData()
    }

    /// The first complete data: at once when loaded, else when it loads (see ``Handle/loaded()``).
    public func loaded() async throws -> Data {
        for await phase in phases {
            switch phase {
            case .loading: continue
            case .loaded(let data): return data
            case .failed(let error): throw error
            }
        }
        throw HandleError(
            .released, operationName: handle.operation.name, message: "the handle was released before it loaded")
    }

    /// Ends the retention (see ``Handle/release()``).
    public func release() { handle.release() }

    /// Whether the handle was released.
    public var isReleased: Bool { handle.isReleased }

    // MARK: - Decoding

    private func loadedData() throws -> Data {
        switch phase {
        case .loaded(let data): return data
        case .failed(let error): throw error
        case .loading:
            throw HandleError(.released, operationName: handle.operation.name, message: "the handle was released")
        }
    }

    /// `phase` decoded: for ``phase`` once per change, and for the phase sequence, whose every phase
    /// is new.
    private func typed(_ phase: Handle.Phase) -> Phase {
        switch phase {
        case .loading: return .loading
        case .failed(let error): return .failed(error)
        case .loaded(let snapshot):
            guard let data = snapshot.data else {
                return .failed(
                    MissingDataError(
                        .notInStore, operationName: handle.operation.name, message: "the root record does not exist"))
            }
            do {
                return .loaded(
                    try TypedDecoding.decode(
                        Data.self, from: data, fieldErrors: snapshot.fieldErrors, operationName: handle.operation.name
                    ) { "the data does not decode into \(Data.self): \($0)" })
            } catch {
                return .failed(error)
            }
        }
    }
}

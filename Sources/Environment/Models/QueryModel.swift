import GraphQLCore
import Observation
import Retention
import StoreCore

/// The state a SwiftUI view keeps in `@State` for one query: it owns a ``Handle`` for the
/// operation with the current ``variables``, and shows that handle's ``phase``.
///
/// ```swift
/// @State private var model = try! QueryModel(environment: environment, document: document,
///                                             operationName: "Item", variables: ["id": "1"])
/// var body: some View {
///     switch model.phase { case .loaded(let snapshot): ItemView(snapshot) ... }
///         .refreshable { try? await model.refetch() }
/// }
/// ```
///
/// Setting ``variables`` attaches the operation with the new variables first, then releases the
/// handle of the old ones: the old root goes to the release buffer without a request, and the
/// model keeps showing the old data (``isShowingPreviousVariables``) until the new handle is
/// loaded or failed. Variables that do not coerce leave the old operation attached and its data
/// on screen, and are reported in ``variablesError``. The model releases its handle when it goes
/// away, also while a fetch is in flight (the fetch completes and writes the store).
///
/// Main-actor isolated: its observers (Observation's, SwiftUI's) are told on the main actor. A
/// ``Handle`` tells its own observers on the thread that changed it (a fetch's task, a thread
/// that published); the model moves each of its handle's phases to the main actor, in order.
@MainActor
@Observable
public final class QueryModel {
    /// The environment the model attaches to.
    @ObservationIgnored public let environment: GraphQLEnvironment
    /// The document the operation is compiled from.
    @ObservationIgnored public let document: CompiledDocument
    /// The operation's name in ``document``, or `nil` when it holds one operation.
    @ObservationIgnored public let operationName: String?
    /// The policy each attach uses.
    @ObservationIgnored public let policy: FetchPolicy

    /// What the screen shows: the current handle's phase, or the previous variables' loaded data
    /// until the current handle is loaded or failed.
    public private(set) var phase: Handle.Phase
    /// Whether ``phase`` still shows the data of the variables before the current ones.
    public private(set) var isShowingPreviousVariables = false
    /// Why the last variables set were refused (a `GraphQLCoreError` of variable coercion), or
    /// `nil` when they were attached.
    public private(set) var variablesError: GraphQLCoreError?
    /// The variables of the operation attached now.
    private var attachedVariables: JSONObject

    /// The handle of the operation attached now.
    @ObservationIgnored public private(set) var handle: Handle
    @ObservationIgnored private var observation: Task<Void, Never>?
    /// Counts attaches, so that a phase of a handle already replaced is ignored.
    @ObservationIgnored private var generation = 0

    /// A model that attaches `document`'s operation `operationName` with `variables` and `policy`.
    ///
    /// Throws the `GraphQLCoreError` of an unknown operation or of variables that do not coerce;
    /// nothing is attached then.
    public init(
        environment: GraphQLEnvironment, document: CompiledDocument, operationName: String? = nil,
        variables: JSONObject = [:], policy: FetchPolicy = .storeOrNetwork
    ) throws(GraphQLCoreError) {
        let operation = try document.operation(named: operationName, variables: variables)
        self.environment = environment
        self.document = document
        self.operationName = operationName
        self.policy = policy
        self.attachedVariables = variables
        let handle = environment.attach(operation, policy: policy)
        self.handle = handle
        self.phase = handle.phase
        observe(handle)
    }

    deinit {
        observation?.cancel()
        handle.release()
    }

    /// The operation's variables. Setting them attaches the operation with the new variables,
    /// then releases the old handle; variables that do not coerce are refused (``variablesError``)
    /// and the old operation stays attached. Setting equal variables does nothing.
    public var variables: JSONObject {
        get { attachedVariables }
        set { _ = try? setVariables(newValue) }
    }

    /// Sets ``variables``, throwing the `GraphQLCoreError` of variables that do not coerce (the old
    /// operation stays attached and its data on screen).
    public func setVariables(_ variables: JSONObject) throws(GraphQLCoreError) {
        guard variables != attachedVariables else { return }
        let operation: GraphQLOperation
        do {
            operation = try document.operation(named: operationName, variables: variables)
        } catch {
            variablesError = error
            throw error
        }
        variablesError = nil
        let old = handle
        let new = environment.attach(operation, policy: policy)
        old.release()
        handle = new
        attachedVariables = variables
        let current = new.phase
        if phase.snapshot != nil, current.snapshot == nil, current.isLoading {
            isShowingPreviousVariables = true
        } else {
            phase = current
            isShowingPreviousVariables = false
        }
        observe(new)
    }

    /// Fetches the current operation again (``Handle/refetch()``): for `.refreshable`.
    @discardableResult
    public func refetch() async throws -> Snapshot {
        try await handle.refetch()
    }

    /// The current operation's first complete snapshot (``Handle/loaded()``).
    public func loaded() async throws -> Snapshot {
        try await handle.loaded()
    }

    /// Follows `handle`'s phases on the main actor, replacing the observation of the one before.
    private func observe(_ handle: Handle) {
        observation?.cancel()
        generation += 1
        let generation = generation
        // The stream, not the handle: the task must not keep the handle alive past the model.
        let phases = handle.makePhaseStream()
        observation = Task { [weak self] in
            for await phase in phases {
                self?.show(phase, generation: generation)
            }
        }
    }

    private func show(_ new: Handle.Phase, generation: Int) {
        guard generation == self.generation else { return }
        if isShowingPreviousVariables, new.isLoading { return }
        isShowingPreviousVariables = false
        phase = new
    }
}

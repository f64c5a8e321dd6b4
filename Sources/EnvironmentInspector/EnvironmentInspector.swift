@_spi(Inspector) import Environment
import Foundation
import LoopbackHTTP

/// The store inspector: a web page, served from inside the app on the loopback interface, that
/// shows the environment's roots, records, store and live event log. Read-only: the page can look
/// and never change anything.
///
/// Link it in debug builds only. Make the environment with an ``InspectorEventSink`` as its log,
/// then start the inspector and open ``url`` (print it once; its token is the key):
///
/// ```swift
/// let events = InspectorEventSink(forwardingTo: myLog)
/// let environment = GraphQLEnvironment(schema: schema, transport: transport, log: events)
/// let inspector = try EnvironmentInspector(environment: environment, events: events)
/// print("inspector:", inspector.url)
/// ```
public final class EnvironmentInspector: Sendable {
    /// The environment it shows.
    public let environment: GraphQLEnvironment
    /// What it may show and where it listens.
    public let configuration: InspectorConfiguration
    private let events: InspectorEventSink
    private let server: LoopbackHTTPServer

    /// Starts serving the page for `environment`, whose log is `events`.
    public init(
        environment: GraphQLEnvironment, events: InspectorEventSink, configuration: InspectorConfiguration = .init()
    ) throws(ServerError) {
        self.environment = environment
        self.events = events
        self.configuration = configuration
        let routes = InspectorRoutes(environment: environment, events: events, configuration: configuration)
        self.server = try LoopbackHTTPServer(port: configuration.port, limits: configuration.limits) { request in
            routes.reply(to: request)
        }
    }

    /// The page's address, with its token: `http://127.0.0.1:PORT/TOKEN/`.
    public var url: String { server.url }

    /// Stops serving; open pages' event streams end.
    public func stop() {
        server.stop()
    }
}

@_spi(Inspector) import Environment
import Foundation
import GraphQLCore
import LoopbackHTTP

/// The inspector's routes: the page, its JSON and the live event stream. Every other path is a 404.
struct InspectorRoutes: Sendable {
    let environment: GraphQLEnvironment
    let events: InspectorEventSink
    let configuration: InspectorConfiguration

    func reply(to request: HTTPRequest) -> HTTPReply {
        switch request.path {
        case "/", "/index.html":
            return .response(.text(InspectorPage.html, contentType: "text/html; charset=utf-8"))
        case "/api/roots":
            return json(InspectorJSON.roots(environment.inspectorRoots(), now: environment.clock.now()))
        case "/api/records":
            let query = String((request.query["q"] ?? "").prefix(256))
            return json(InspectorJSON.records(environment.inspectorRecords(matching: query)))
        case "/api/record":
            let id = String((request.query["id"] ?? "").prefix(1024))
            guard let record = environment.inspectorRecord(id: id, showingValues: configuration.showsValues) else {
                return json(InspectorJSON.error("no record with this ID"), status: 404)
            }
            return json(InspectorJSON.record(record, valuesShown: configuration.showsValues))
        case "/api/store":
            return json(
                InspectorJSON.store(
                    environment.inspectorStoreStats(), fileBytes: storeFileBytes(),
                    valuesShown: configuration.showsValues))
        case "/api/events":
            return .eventStream(events.openStream(capacity: configuration.limits.eventStreamBuffer))
        default:
            return .response(.status(404))
        }
    }

    private func json(_ value: JSONValue, status: Int = 200) -> HTTPReply {
        .response(.text(value.serializedString(), status: status, contentType: "application/json"))
    }

    /// The SQLite file's size with its write-ahead log, when the app named the file.
    private func storeFileBytes() -> Int? {
        guard let path = configuration.storeFilePath else { return nil }
        let size = { (path: String) -> Int? in
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        }
        guard let main = size(path) else { return nil }
        return main + (size(path + "-wal") ?? 0)
    }
}

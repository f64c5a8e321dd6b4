import Foundation
import GraphQLCore

/// What the SQLite store keeps of a queued mutation besides its ID, scope and order: the sent
/// text, the operation's name and variables, and the optimistic response its layer shows. Enough to
/// show the layer and send the mutation again after a relaunch, compiled again against the
/// environment's schema. The updater, a closure, is not kept: a mutation replayed after a
/// relaunch writes its answer alone.
struct QueuedMutationPayload: Sendable, Hashable {
    var text: String
    var name: String?
    var variables: JSONObject
    var optimisticResponse: JSONValue?

    init(_ operation: GraphQLOperation, optimisticResponse: JSONValue?) {
        text = operation.text
        name = operation.name
        variables = operation.variables
        self.optimisticResponse = optimisticResponse
    }

    /// The stored bytes: one JSON object.
    var bytes: [UInt8] {
        var object: JSONObject = ["text": .string(text), "variables": .object(variables)]
        if let name { object["name"] = .string(name) }
        if let optimisticResponse { object["optimistic"] = optimisticResponse }
        return [UInt8](JSONValue.object(object).serialized())
    }

    /// Reads stored bytes; throws ``MutationQueueError`` (`unreadable`) for bytes that are not one.
    init(bytes: [UInt8]) throws(MutationQueueError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw MutationQueueError(.unreadable, "a queued mutation's stored form is not JSON")
        }
        guard case .object(let object) = value, case .string(let text)? = object["text"],
            case .object(let variables)? = object["variables"]
        else { throw MutationQueueError(.unreadable, "a queued mutation's stored form lacks its text or variables") }
        self.text = text
        self.variables = variables
        if case .string(let name)? = object["name"] { self.name = name }
        optimisticResponse = object["optimistic"]
    }

    /// The operation compiled again against `schema`; throws ``MutationQueueError`` (`unreadable`)
    /// when it no longer compiles.
    func operation(schema: Schema?) throws(MutationQueueError) -> GraphQLOperation {
        do {
            return try CompiledDocument(text: text, schema: schema).operation(named: name, variables: variables)
        } catch {
            throw MutationQueueError(.unreadable, "a queued mutation no longer compiles (\(error.code))")
        }
    }
}

import GraphQLCore

/// A message of the `graphql-transport-ws` protocol (the `graphql-ws` library's protocol, which
/// Apollo Server, GraphQL Yoga, Hasura and Strawberry speak), in either direction.
///
/// Every message is a JSON object with a `type`; operation messages carry the `id` the client chose.
enum GraphQLWebSocketMessage: Sendable, Equatable {
    /// Client → server, first: the app's connection parameters (an access token, typically).
    case connectionInit(payload: JSONObject?)
    /// Server → client: the connection is accepted; operations may be sent.
    case connectionAck(payload: JSONObject?)
    /// Either way: are you there? The other side answers ``pong(payload:)``.
    case ping(payload: JSONObject?)
    /// Either way: the answer to a ``ping(payload:)``, or a one-way heartbeat.
    case pong(payload: JSONObject?)
    /// Client → server: run an operation (`query`, `operationName`, `variables`, `extensions`).
    case subscribe(id: String, payload: JSONObject)
    /// Server → client: one result of the operation `id` (a GraphQL response).
    case next(id: String, payload: JSONValue)
    /// Server → client: the operation `id` failed before it ran (a list of GraphQL errors); it is over.
    case error(id: String, payload: JSONValue)
    /// Either way: the operation `id` is over (the server finished it, or the client stopped it).
    case complete(id: String)

    /// Why a text is not a `graphql-transport-ws` message.
    struct Malformed: Error, Sendable, Equatable {
        /// What is wrong with it, never its content.
        var reason: String
    }

    /// The message in `text`, or ``Malformed`` when the text is not JSON, not an object, has an
    /// unknown `type`, or lacks an entry its type needs.
    init(parsing text: String) throws(Malformed) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            throw Malformed(reason: "the message is not JSON (\(text.utf8.count) bytes)")
        }
        guard let object = json.objectValue, let type = object["type"]?.stringValue else {
            throw Malformed(reason: "the message is not an object with a string `type`")
        }
        func payloadObject() throws(Malformed) -> JSONObject? {
            switch object["payload"] {
            case nil, .null?: return nil
            case .object(let payload)?: return payload
            default: throw Malformed(reason: "the `\(type)` message's payload is not an object")
            }
        }
        func id() throws(Malformed) -> String {
            guard let id = object["id"]?.stringValue else {
                throw Malformed(reason: "the `\(type)` message has no string `id`")
            }
            return id
        }
        func payload() throws(Malformed) -> JSONValue {
            guard let payload = object["payload"] else {
                throw Malformed(reason: "the `\(type)` message has no payload")
            }
            return payload
        }
        switch type {
        case "connection_init": self = .connectionInit(payload: try payloadObject())
        case "connection_ack": self = .connectionAck(payload: try payloadObject())
        case "ping": self = .ping(payload: try payloadObject())
        case "pong": self = .pong(payload: try payloadObject())
        case "subscribe":
            guard let payload = try payloadObject() else {
                throw Malformed(reason: "the `subscribe` message has no payload object")
            }
            self = .subscribe(id: try id(), payload: payload)
        case "next": self = .next(id: try id(), payload: try payload())
        case "error": self = .error(id: try id(), payload: try payload())
        case "complete": self = .complete(id: try id())
        default: throw Malformed(reason: "unknown message type `\(type)`")
        }
    }

    /// The message as the JSON text sent on the socket.
    var text: String {
        var object = JSONObject(minimumCapacity: 3)
        func put(type: String, id: String? = nil, payload: JSONValue? = nil) {
            if let id { object.appendNew(key: "id", value: .string(id)) }
            object.appendNew(key: "type", value: .string(type))
            if let payload { object.appendNew(key: "payload", value: payload) }
        }
        switch self {
        case .connectionInit(let payload): put(type: "connection_init", payload: payload.map(JSONValue.object))
        case .connectionAck(let payload): put(type: "connection_ack", payload: payload.map(JSONValue.object))
        case .ping(let payload): put(type: "ping", payload: payload.map(JSONValue.object))
        case .pong(let payload): put(type: "pong", payload: payload.map(JSONValue.object))
        case .subscribe(let id, let payload): put(type: "subscribe", id: id, payload: .object(payload))
        case .next(let id, let payload): put(type: "next", id: id, payload: payload)
        case .error(let id, let payload): put(type: "error", id: id, payload: payload)
        case .complete(let id): put(type: "complete", id: id)
        }
        return JSONValue.object(object).serializedString()
    }

    /// The `subscribe` payload that runs `request`.
    static func subscribePayload(_ request: GraphQLRequest) -> JSONObject {
        var payload = JSONObject(minimumCapacity: 4)
        payload.appendNew(key: "query", value: .string(request.text))
        if let name = request.operationName { payload.appendNew(key: "operationName", value: .string(name)) }
        if !request.variables.isEmpty { payload.appendNew(key: "variables", value: .object(request.variables)) }
        if !request.extensions.isEmpty { payload.appendNew(key: "extensions", value: .object(request.extensions)) }
        return payload
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension LoopbackServer {
    /// Waits until the server recorded `event` (`arrived`, `disconnected`) for `key`: a long poll
    /// the server answers when it happens, so no test sleeps.
    public func wait(key: String, event: String) async throws {
        var request = URLRequest(url: url("/debug/wait?key=\(key)&event=\(event)"))
        request.timeoutInterval = 60
        _ = try await URLSession.shared.data(for: request)
    }

    /// How many persisted-query attempts the server saw for `hash`, with and without the text.
    public func persistedQueryCounts(hash: String) async throws -> (hashOnly: Int, withText: Int) {
        let object = try await debugObject("/debug/apq?hash=\(hash)")
        return (object["hashOnly"] ?? -1, object["withText"] ?? -1)
    }

    /// How many graphql-transport-ws sockets the Strawberry server accepted on `/graphql` so far, and
    /// how many are open now.
    public func webSocketConnections() async throws -> (opened: Int, open: Int) {
        let object = try await debugObject("/debug/connections")
        return (object["opened"] ?? -1, object["open"] ?? -1)
    }

    /// How many subscriptions the Strawberry server started on its graphql-transport-ws sockets so far.
    public func subscriptionsStarted() async throws -> Int {
        try await debugObject("/debug/connections")["subscriptions"] ?? -1
    }

    /// Returns once the Strawberry server has exactly `count` graphql-transport-ws sockets open: a
    /// client's close reaches the server a moment after the client made it.
    public func waitForOpenWebSockets(_ count: Int) async throws {
        while try await webSocketConnections().open != count {}
    }

    /// How many HTTP requests the graphql-core server took on a URL with `?count=<key>`, and how many
    /// operations they carried (a batch counts one request and each of its operations).
    public func requestCounts(key: String) async throws -> (requests: Int, operations: Int) {
        let object = try await debugObject("/debug/requests?key=\(key)")
        return (object["requests"] ?? -1, object["operations"] ?? -1)
    }

    /// How many times the graphql-core server received the `applyOnce` mutation with idempotence ID
    /// `id`, and how many times it applied it (at most once: it ignores duplicates).
    public func idempotenceCounts(id: String) async throws -> (received: Int, applied: Int) {
        let object = try await debugObject("/debug/idempotence?id=\(id)")
        return (object["received"] ?? -1, object["applied"] ?? -1)
    }

    /// A loopback port nothing listens on.
    public func unusedPort() async throws -> Int {
        guard let port = try await debugObject("/debug/unused-port")["port"] else {
            throw Failure(description: "/debug/unused-port answered without a port")
        }
        return port
    }

    /// A debug endpoint's answer: a JSON object of numbers.
    /// Opens the Strawberry server's gate `name`, releasing the requests held at `/held/<name>`.
    public func openGate(_ name: String) async throws {
        _ = try await debugObject("/debug/gate?name=\(name)&waiters=0&open=1")
    }

    private func debugObject(_ path: String) async throws -> [String: Int] {
        let (data, _) = try await URLSession.shared.data(from: url(path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Int] else {
            throw Failure(description: "\(path) did not answer a JSON object of numbers")
        }
        return object
    }
}

extension LoopbackServer {
    /// Registers the operations of an Apollo persisted query manifest (its JSON text) with the
    /// graphql-core server's `/safelisted` endpoint; throws when the server refuses the manifest.
    public func registerManifest(_ manifest: Data) async throws {
        var request = URLRequest(url: url("/debug/manifest"))
        request.httpMethod = "POST"
        request.httpBody = manifest
        let (body, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw Failure(description: "the manifest was refused: \(String(decoding: body, as: UTF8.self))")
        }
    }

    /// How many requests `/safelisted` took for the operation `id`: by the ID alone, and with text.
    public func safelistCounts(id: String) async throws -> (idOnly: Int, withText: Int) {
        let (data, _) = try await URLSession.shared.data(from: url("/debug/safelist?id=\(id)"))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Int] else {
            throw Failure(description: "/debug/safelist did not answer a JSON object of numbers")
        }
        return (object["idOnly"] ?? -1, object["withText"] ?? -1)
    }
}

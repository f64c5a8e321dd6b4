import Environment
import SwiftUIStandIn
import Testing
import TransportTesting

/// An app's view file imports SwiftUI and `Environment`: both the runtime and SwiftUI's `@Environment`
/// must be usable there unqualified. SwiftUI does not exist on Linux; `SwiftUIStandIn` declares its
/// environment names as SwiftUI does, and name lookup is all this file depends on. Had the module a
/// type named `Environment`, this file would not compile (`'Environment' is ambiguous for type lookup`).
@Suite("A file that imports SwiftUI and Environment")
struct SwiftUINameTests {
    /// The key an app declares to put its runtime in SwiftUI's environment, as the SwiftUI guide shows.
    struct GraphQLEnvironmentKey: EnvironmentKey {
        static let defaultValue: GraphQLEnvironment? = nil
    }

    /// A view's stored properties: one read through `@Environment`, the runtime it was given.
    struct FeedView {
        @Environment var runtime: GraphQLEnvironment?

        init(values: EnvironmentValues) {
            _runtime = Environment(\.graphQLEnvironment, in: values)
        }
    }

    @Test("names GraphQLEnvironment and SwiftUI's @Environment unqualified, and the view reads the runtime")
    func bothNamesResolve() async throws {
        let schema = try Schema(sdl: "type Query { greeting: String }")
        let transport = ScriptedTransport()
        transport.answer(.any, with: .data(["greeting": "hello"]))
        var values = EnvironmentValues()
        values.graphQLEnvironment = GraphQLEnvironment(schema: schema, transport: transport)
        let view = FeedView(values: values)
        let runtime = try #require(view.runtime)
        let handle = runtime.attach(try CompiledDocument(text: "{ greeting }", schema: schema).operation())
        #expect(try await handle.loaded().data?["greeting"] == "hello")
        #expect(transport.requestCount == 1)
        handle.release()
    }
}

extension EnvironmentValues {
    var graphQLEnvironment: GraphQLEnvironment? {
        get { self[SwiftUINameTests.GraphQLEnvironmentKey.self] }
        set { self[SwiftUINameTests.GraphQLEnvironmentKey.self] = newValue }
    }
}

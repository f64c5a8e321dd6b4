#if canImport(SwiftUI)
    import Environment
    import SwiftUI

    // The feed as a SwiftUI screen, on Apple platforms (Linux has no SwiftUI, so the main job prints
    // instead). The file imports SwiftUI and Environment and names both `GraphQLEnvironment` and
    // SwiftUI's `@Environment` without a prefix.

    extension EnvironmentValues {
        /// The app's runtime, handed to every screen through SwiftUI's environment.
        @Entry var graphQL: GraphQLEnvironment? = nil
    }

    /// The feed: attached when the screen appears, released when it goes away, and revalidated when
    /// the scene becomes active again.
    struct FeedScreen: View {
        @Environment(\.graphQL) private var graphQL
        @Environment(\.scenePhase) private var scenePhase
        @State private var handle: TypedHandle<FeedQuery.Data>?

        var body: some View {
            // The document selects no ID, so a row is known by its place in the feed.
            List(Array((handle?.data?.feed ?? []).enumerated()), id: \.offset) { row in
                Text("\(row.element.title) by \(row.element.author.name)")
            }
            .task {
                handle = try? graphQL?.attach(FeedQuery())
            }
            .onDisappear {
                handle?.release()
                handle = nil
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { graphQL?.revalidate() }
            }
            .refreshable { await graphQL?.revalidate().finished() }
        }
    }
#endif

/// The runtime's name before it became ``GraphQLEnvironment``; code that still says `Environment` gets
/// a fix-it that renames it.
///
/// Unavailable rather than kept as a second name: an available `Environment` in this module makes
/// SwiftUI's `@Environment` ambiguous in every file that imports both, while an unavailable declaration
/// takes no part in that lookup.
@available(*, unavailable, renamed: "GraphQLEnvironment")
public typealias Environment = GraphQLEnvironment

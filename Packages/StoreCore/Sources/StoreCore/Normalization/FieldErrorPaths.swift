import GraphQLCore

/// The paths of a response's field errors as a tree the normalizer walks beside the data: a node
/// per path step, so that each object and list looks its own steps up, and nothing at all is looked
/// up where no error lies (or when the response has none).
struct FieldErrorPaths {
    /// The node that stands for no node: the walk is where no error lies.
    static let none: Int32 = -1
    /// What the normalizer's look-up answers when it stored the error in place of the value.
    static let stored: Int32 = -2

    private struct Node {
        var children: [ResponsePathSegment: Int32] = [:]
        /// The errors whose path ends here, by their index in ``errors``.
        var errors: [Int] = []
    }

    /// The errors, as the response listed them.
    let errors: [FieldError]
    private var nodes = [Node()]
    /// Which errors were stored, by index in ``errors``.
    private(set) var stored: Set<Int> = []

    /// The tree of `errors`' paths; an error without a path (a request error), or with one longer
    /// than `maximumSteps` (deeper than any data the store takes), is not in it.
    init(_ errors: [FieldError], maximumSteps: Int) {
        self.errors = errors
        for (index, error) in errors.enumerated() where !error.path.isEmpty && error.path.count <= maximumSteps {
            var node: Int32 = 0
            for step in error.path {
                if let next = nodes[Int(node)].children[step] {
                    node = next
                } else {
                    nodes.append(Node())
                    let next = Int32(nodes.count - 1)
                    nodes[Int(node)].children[step] = next
                    node = next
                }
            }
            nodes[Int(node)].errors.append(index)
        }
    }

    /// The root's node (the response's `data`), or ``none`` when no error has a path.
    var root: Int32 { nodes[0].children.isEmpty ? Self.none : 0 }

    /// The node one `step` below `node`, or ``none``.
    func child(_ node: Int32, _ step: ResponsePathSegment) -> Int32 {
        guard node != Self.none else { return Self.none }
        return nodes[Int(node)].children[step] ?? Self.none
    }

    /// The error to store where the response has `null` at `node`: the first one whose path ends
    /// there, else the first one below it (a non-null field's error that bubbled up to this
    /// nullable position). Notes it stored.
    mutating func take(at node: Int32) -> FieldError? {
        guard let index = first(at: node) else { return nil }
        stored.insert(index)
        return errors[index]
    }

    private func first(at node: Int32) -> Int? {
        if let index = nodes[Int(node)].errors.first { return index }
        var best: Int?
        for child in nodes[Int(node)].children.values {
            if let index = first(at: child), best.map({ index < $0 }) ?? true { best = index }
        }
        return best
    }
}

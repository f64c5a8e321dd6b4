/// A coding path as a linked list that grows from the leaf, so that descending one level costs
/// one small allocation and the `[any CodingKey]` array is only built when someone asks for it
/// (an error, or a type that reads `codingPath`).
indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .key(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    func appending(_ key: (any CodingKey)?) -> CodingPathNode {
        guard let key else { return self }
        return .key(key, self)
    }
}

/// The path to a value about to be unboxed, as its parent's path and its own key, without
/// allocating a node unless the value is a container that needs one.
struct CodingPathReference {
    let parent: CodingPathNode
    let key: (any CodingKey)?

    var path: [any CodingKey] {
        guard let key else { return parent.path }
        return parent.path + [key]
    }

    var node: CodingPathNode { parent.appending(key) }
}

extension JSONValue {
    /// Frees the value one level at a time, so that dropping a value nested far deeper than any
    /// response (one an app built, or read with ``JSONReader/Options/maximumDepth`` raised) does not
    /// recurse once per level in the runtime's destructors, on any stack.
    ///
    /// Call it on the last reference: a copy held elsewhere keeps the value alive and is later freed
    /// the ordinary way.
    public consuming func dismantle() {
        var pending = [consume self]
        while let current = pending.popLast() {
            // `current` goes at the end of each pass, after its children were moved to `pending`, so
            // each release frees one level.
            switch current {
            case .array(let items): pending.append(contentsOf: items)
            case .object(let object): pending.append(contentsOf: object.values)
            case .null, .bool, .int, .bigInt, .double, .string: break
            }
        }
    }
}

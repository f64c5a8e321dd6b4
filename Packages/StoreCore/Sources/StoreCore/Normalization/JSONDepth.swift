import GraphQLCore

/// Measures JSON nesting without recursion, so that measuring a hostile value cannot overflow the
/// stack that the measurement is there to protect.
enum JSONDepth {
    /// Whether `value` nests arrays and objects more than `limit` levels deep (a scalar is level 0).
    static func exceeds(_ value: JSONValue, limit: Int) -> Bool {
        var stack: [(JSONValue, Int)] = [(value, 0)]
        while let (current, depth) = stack.popLast() {
            switch current {
            case .array(let items):
                if depth + 1 > limit { return true }
                for item in items where item.isContainer { stack.append((item, depth + 1)) }
            case .object(let object):
                if depth + 1 > limit { return true }
                for item in object.values where item.isContainer { stack.append((item, depth + 1)) }
            default:
                break
            }
        }
        return false
    }
}

extension JSONValue {
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}

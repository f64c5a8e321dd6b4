/// How deep a document makes validation recurse, measured without recursing: the deepest nesting of
/// selection sets and of the values inside them, plus the number of fragments (a chain of fragments
/// spreading each other is walked recursively too).
enum DocumentDepth {
    static func of(_ document: Document) -> Int {
        var deepest = 0
        var fragments = 0
        var pending: [(SelectionSet, Int)] = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                pending.append((operation.selectionSet, 1))
                for variable in operation.variableDefinitions {
                    deepest = max(deepest, 1 + valueDepth(variable.defaultValue))
                }
            case .fragment(let fragment):
                fragments += 1
                pending.append((fragment.selectionSet, 1))
            default:
                break
            }
        }
        while let (selectionSet, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    for argument in field.arguments { deepest = max(deepest, depth + valueDepth(argument.value)) }
                    if let nested = field.selectionSet { pending.append((nested, depth + 1)) }
                case .inlineFragment(let inline): pending.append((inline.selectionSet, depth + 1))
                case .fragmentSpread: break
                }
            }
        }
        return deepest + fragments
    }

    private static func valueDepth(_ value: Value?) -> Int {
        guard let value else { return 0 }
        var deepest = 0
        var pending: [(Value, Int)] = [(value, 1)]
        while let (next, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            switch next {
            case .list(let items): pending.append(contentsOf: items.map { ($0, depth + 1) })
            case .object(let fields): pending.append(contentsOf: fields.map { ($0.value, depth + 1) })
            default: break
            }
        }
        return deepest
    }
}

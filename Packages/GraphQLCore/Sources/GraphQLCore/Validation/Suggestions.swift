/// The "Did you mean ...?" suggestions of graphql-core's messages, computed the same way so the
/// messages agree word for word.
enum Suggestions {
    /// The options within a typo's reach of `input`, closest first (graphql-core's `suggestion_list`).
    static func list(_ input: String, _ options: [String]) -> [String] {
        let distance = LexicalDistance(input)
        let threshold = Int(Double(input.unicodeScalars.count) * 0.4) + 1
        var scored: [(option: String, distance: Int)] = []
        for option in options {
            if let measured = distance.measure(option, threshold: threshold) { scored.append((option, measured)) }
        }
        return scored.sorted { lhs, rhs in
            lhs.distance != rhs.distance
                ? lhs.distance < rhs.distance : naturalOrder(lhs.option, rhs.option)
        }.map(\.option)
    }

    /// ` Did you mean 'A', 'B', or 'C'?`, at most five, or nothing without suggestions.
    static func didYouMean(_ suggestions: [String], _ subMessage: String? = nil) -> String {
        if suggestions.isEmpty { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        return message + orList(suggestions.prefix(5).map { "'\($0)'" }) + "?"
    }

    /// `A`, `A or B`, `A, B, or C`.
    static func orList(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return "\(items[0]) or \(items[1])"
        default: return items.dropLast().joined(separator: ", ") + ", or " + (items.last ?? "")
        }
    }

    /// graphql-core's `natural_comparison_key` order: runs of digits compare as numbers.
    static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = chunks(lhs)
        let right = chunks(rhs)
        for (a, b) in zip(left, right) where a != b {
            switch (a, b) {
            case (.number(let x, let xs), .number(let y, let ys)): return x != y ? x < y : xs < ys
            case (.text(let x), .text(let y)): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
            // Python compares a tuple with a string only when both keys start alike; mixed kinds at one
            // position cannot happen because chunks alternate text, number, text from the start.
            case (.text, .number): return false
            case (.number, .text): return true
            }
        }
        return left.count < right.count
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Int, String)
    }

    private static func chunks(_ string: String) -> [Chunk] {
        var result: [Chunk] = []
        var text = ""
        var digits = ""
        for scalar in string.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
            } else {
                if !digits.isEmpty {
                    result.append(.text(text))
                    result.append(.number(Int(digits) ?? Int.max, digits))
                    text = ""
                    digits = ""
                }
                text.unicodeScalars.append(scalar)
            }
        }
        if !digits.isEmpty {
            result.append(.text(text))
            result.append(.number(Int(digits) ?? Int.max, digits))
            text = ""
        }
        result.append(.text(text))
        return result
    }
}

/// The Damerau-Levenshtein distance graphql-core measures suggestions with: case changes count as one
/// edit, and measuring stops early past the threshold.
private struct LexicalDistance {
    let input: String
    let inputLowercased: String
    let inputScalars: [Unicode.Scalar]

    init(_ input: String) {
        self.input = input
        inputLowercased = input.lowercased()
        inputScalars = Array(inputLowercased.unicodeScalars)
    }

    func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowercased = option.lowercased()
        if inputLowercased == optionLowercased { return 1 }
        var a = Array(optionLowercased.unicodeScalars)
        var b = inputScalars
        if a.count < b.count { swap(&a, &b) }
        let aCount = a.count
        let bCount = b.count
        if aCount - bCount > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bCount + 1), count: 3)
        for j in 0...bCount { rows[0][j] = j }
        if aCount == 0 { return rows[0][bCount] <= threshold ? rows[0][bCount] : nil }
        for i in 1...aCount {
            let up = (i - 1) % 3
            let current = i % 3
            rows[current][0] = i
            var smallest = i
            if bCount > 0 {
                for j in 1...bCount {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                    }
                    smallest = min(smallest, cell)
                    rows[current][j] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[aCount % 3][bCount]
        return distance <= threshold ? distance : nil
    }
}

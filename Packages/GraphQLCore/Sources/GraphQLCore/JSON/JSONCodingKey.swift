/// A coding key for any string or index: an object's keys, an array's positions, and `super`.
///
/// An index key makes its `"Index 3"` text only when asked (in an error or a `codingPath`), since
/// the decoder makes one for every array element it reads.
struct JSONCodingKey: CodingKey {
    private let name: String?
    let intValue: Int?

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = nil
        self.intValue = intValue
    }

    init(_ string: String) { self.init(stringValue: string) }

    init(index: Int) { self.init(intValue: index) }

    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

    static let `super` = JSONCodingKey("super")
}

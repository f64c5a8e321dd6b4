/// A coding key for any string or index: an object's keys, an array's positions, and `super`.
struct JSONCodingKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    init(_ string: String) { self.init(stringValue: string) }

    init(index: Int) { self.init(intValue: index) }

    static let `super` = JSONCodingKey("super")
}

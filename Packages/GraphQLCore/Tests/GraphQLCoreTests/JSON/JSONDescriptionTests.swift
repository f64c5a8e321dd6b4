import Testing

@testable import GraphQLCore

@Suite("Printing JSON values")
struct JSONDescriptionTests {
    @Test("print(value) and interpolation show JSON text with keys in order, not the storage")
    func description() {
        let value: JSONValue = ["b": 1, "a": ["x", nil, true, 1.5], "c": ["nested": "é\"q"]]
        #expect(String(describing: value) == #"{"b":1,"a":["x",null,true,1.5],"c":{"nested":"é\"q"}}"#)
        #expect("\(value)" == String(describing: value))
        #expect(String(reflecting: value) == String(describing: value))
        let object: JSONObject = ["id": "1"]
        #expect(String(describing: object) == #"{"id":"1"}"#)
        #expect(String(describing: [JSONValue.string("s"), 2]) == #"["s", 2]"#)
        #expect(String(describing: JSONValue?.some(.int(3))) == "Optional(3)")
    }
}

import GraphQLCore
import Testing

@Suite("Compilation-FieldShape")
struct FieldShapeTests {
    typealias F = CompilationFixtures

    /// The shape of every field by response key, walking into sub-selections and type cases.
    static func shapes(_ set: CompiledSelectionSet) -> [String: FieldShape?] {
        var shapes: [String: FieldShape?] = [:]
        for selection in set.selections {
            switch selection {
            case .field(let field):
                shapes[field.responseKey] = field.shape
                if let inner = field.selectionSet { shapes.merge(Self.shapes(inner)) { $1 } }
            case .typeCase(let typeCase): shapes.merge(Self.shapes(typeCase.selectionSet)) { $1 }
            case .conditional(let conditional): shapes.merge(Self.shapes(conditional.selectionSet)) { $1 }
            }
        }
        return shapes
    }

    @Test("each field records its list depth, nullability per level and the kind of its named type")
    func shapesFromSchema() throws {
        let operation = try F.compile(
            """
            { feed { tags likes author { avatar } } viewer { name } search(text: "a") { ... on User { id } } }
            """
        ).operation()
        let shapes = Self.shapes(operation.selectionSet)
        #expect(shapes["feed"] == FieldShape(nullable: [false, false], namedKind: .composite))
        #expect(
            shapes["tags"] == FieldShape(nullable: [false, false], namedKind: .builtInScalar, builtInScalar: .string))
        #expect(shapes["likes"] == FieldShape(nullable: [false], namedKind: .builtInScalar, builtInScalar: .int))
        #expect(shapes["author"] == FieldShape(nullable: [false], namedKind: .composite))
        #expect(shapes["avatar"] == FieldShape(nullable: [true], namedKind: .builtInScalar, builtInScalar: .string))
        #expect(shapes["viewer"] == FieldShape(nullable: [true], namedKind: .composite))
        #expect(shapes["search"] == FieldShape(nullable: [false, false], namedKind: .composite))
        #expect(shapes["id"] == FieldShape(nullable: [false], namedKind: .builtInScalar, builtInScalar: .id))
        #expect(
            shapes["__typename"] == FieldShape(nullable: [false], namedKind: .builtInScalar, builtInScalar: .string))
        #expect(shapes["feed"]??.listDepth == 1)
    }

    @Test("a field of an object type names it; an interface, a union, a leaf or no schema names none")
    func objectTypeNames() throws {
        func names(_ set: CompiledSelectionSet) -> [String: String?] {
            var found: [String: String?] = [:]
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    found[field.responseKey] = field.objectTypeName
                    if let inner = field.selectionSet { found.merge(names(inner)) { $1 } }
                case .typeCase(let typeCase): found.merge(names(typeCase.selectionSet)) { $1 }
                case .conditional(let conditional): found.merge(names(conditional.selectionSet)) { $1 }
                }
            }
            return found
        }
        let text = "{ feed { author { name } } node(id: 1) { id } search(text: \"a\") { ... on User { id } } }"
        let withSchema = names(try F.compile(text).operation().selectionSet)
        #expect(withSchema["feed"] == "Post")
        #expect(withSchema["author"] == "User")
        #expect(withSchema["node"] == .some(nil))
        #expect(withSchema["search"] == .some(nil))
        #expect(withSchema["name"] == .some(nil))
        let withoutSchema = names(try F.compile(text, withSchema: false).operation().selectionSet)
        #expect(withoutSchema["feed"] == .some(nil))
        #expect(withoutSchema["author"] == .some(nil))
    }

    @Test("a built-in scalar's shape names which one it is, and no other kind names one")
    func builtInScalarNamed() throws {
        let sdl = """
            scalar JSON
            enum Role { ADMIN }
            type Query { i: Int f: Float s: String b: Boolean id: ID role: Role json: JSON }
            """
        let schema = try Schema(document: Document(parsing: sdl))
        let operation = try CompiledDocument(text: "{ i f s b id role json }", schema: schema).operation()
        let shapes = Self.shapes(operation.selectionSet)
        let named = ["i", "f", "s", "b", "id", "role", "json"].map { shapes[$0]??.builtInScalar }
        #expect(named == [.int, .float, .string, .boolean, .id, nil, nil])
        #expect(FieldShape(nullable: [true], namedKind: .enumeration, builtInScalar: .int).builtInScalar == nil)
    }

    @Test("enums and custom scalars are told apart from built-in scalars")
    func enumAndCustomScalar() throws {
        let sdl = """
            scalar JSON
            enum Role { ADMIN }
            type Query { role: Role settings: [[JSON!]] }
            """
        let schema = try Schema(document: Document(parsing: sdl))
        let operation = try CompiledDocument(text: "{ role settings }", schema: schema).operation()
        let shapes = Self.shapes(operation.selectionSet)
        #expect(shapes["role"] == FieldShape(nullable: [true], namedKind: .enumeration))
        #expect(shapes["settings"] == FieldShape(nullable: [true, true, false], namedKind: .customScalar))
    }

    @Test("without a schema no field has a shape")
    func noSchemaNoShape() throws {
        let operation = try F.compile("{ viewer { name } }", withSchema: false).operation()
        let shapes = Self.shapes(operation.selectionSet)
        #expect(shapes.count == 3)
        #expect(shapes.values.allSatisfy { $0 == nil })
    }

    @Test("the shape takes no part in equality, so trees compare by what they select")
    func shapeNotInEquality() {
        let shaped = CompiledField(
            responseKey: "a", name: "a", shape: FieldShape(nullable: [false], namedKind: .builtInScalar))
        #expect(shaped == CompiledField(responseKey: "a", name: "a"))
        #expect(shaped.hashValue == CompiledField(responseKey: "a", name: "a").hashValue)
    }
}

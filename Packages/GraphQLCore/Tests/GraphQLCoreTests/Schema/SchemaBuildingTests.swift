import Testing

@testable import GraphQLCore

@Suite("Schema building")
struct SchemaBuildingTests {
    @Test("the fixture schema builds and answers for its types, fields and arguments")
    func readsTypes() throws {
        let schema = try SchemaFixture.schema()
        let dog = try #require(schema.type(named: "Dog"))
        #expect(dog.kind == .object)
        #expect(dog.interfaces == ["Pet", "Entity", "Node", "Being"])
        let friends = try #require(schema.field("friends", on: "Dog"))
        #expect(friends.type == .nonNull(.list(.nonNull(.named("Pet")))))
        #expect(friends.arguments.map(\.name) == ["first", "after"])
        #expect(friends.argument(named: "first")?.defaultValue == .int("10"))
        #expect(friends.argument(named: "first")?.isRequired == false)
        #expect(schema.field("doesKnowCommand", on: "Dog")?.argument(named: "dogCommand")?.isRequired == true)
        #expect(schema.type(named: "DogCommand")?.enumValues.map(\.name) == ["SIT", "HEEL", "DOWN", "STAY"])
        #expect(schema.type(named: "ComplexInput")?.inputField(named: "nonNullField")?.defaultValue == .boolean(false))
        #expect(schema.type(named: "Node")?.description == "Anything with a global ID.")
        #expect(schema.type(named: "FurColor")?.enumValue(named: "NO_FUR")?.deprecationReason == "Every cat has fur.")
        #expect(schema.type(named: "OneOfInput")?.isOneOf == true)
        #expect(schema.type(named: "Missing") == nil)
        #expect(schema.field("missing", on: "Dog") == nil)
    }

    @Test("extensions add fields, union members, enum values and input fields to their types")
    func mergesExtensions() throws {
        let schema = try SchemaFixture.schema()
        #expect(schema.field("planet", on: "Alien") != nil)
        #expect(schema.type(named: "SearchResult")?.unionMembers == ["Human", "Dog", "Cat", "Alien"])
        #expect(schema.type(named: "ComplexInput")?.inputField(named: "extraField")?.type == .named("String"))
    }

    @Test("possible types of an interface include objects that implement it through another interface")
    func possibleTypes() throws {
        let schema = try SchemaFixture.schema()
        #expect(schema.possibleTypes(of: "Node") == ["Dog", "Cat", "Human"])
        #expect(schema.possibleTypes(of: "Pet") == ["Dog", "Cat"])
        #expect(schema.possibleTypes(of: "Being") == ["Dog", "Human", "Alien"])
        #expect(schema.possibleTypes(of: "CatOrDog") == ["Cat", "Dog"])
        #expect(schema.possibleTypes(of: "Dog") == ["Dog"])
        #expect(schema.possibleTypes(of: "String").isEmpty)
        #expect(schema.possibleTypes(of: "Nope").isEmpty)
    }

    @Test("subtypes: implementations, union members and the type itself")
    func subtypes() throws {
        let schema = try SchemaFixture.schema()
        #expect(schema.isSubtype("Dog", of: "Node"))
        #expect(schema.isSubtype("Pet", of: "Node"))
        #expect(schema.isSubtype("Dog", of: "CatOrDog"))
        #expect(schema.isSubtype("Dog", of: "Dog"))
        #expect(!schema.isSubtype("Human", of: "Pet"))
        #expect(!schema.isSubtype("Node", of: "Pet"))
        #expect(!schema.isSubtype("Alien", of: "CatOrDog"))
    }

    @Test("roots come from the schema definition, or else from the default names")
    func roots() throws {
        let fixture = try SchemaFixture.schema()
        #expect(fixture.rootTypeName(for: .query) == "Query")
        #expect(fixture.rootTypeName(for: .subscription) == "Subscription")
        let renamed = try Schema(sdl: "schema { query: Root } type Root { a: Int } type Mutation { b: Int }")
        #expect(renamed.rootTypeName(for: .query) == "Root")
        #expect(renamed.rootTypeName(for: .mutation) == nil)
        let defaults = try Schema(sdl: "type Query { a: Int } type Mutation { b: Int }")
        #expect(defaults.rootTypeName(for: .query) == "Query")
        #expect(defaults.rootTypeName(for: .mutation) == "Mutation")
        #expect(defaults.rootTypeName(for: .subscription) == nil)
    }

    @Test("built-in scalars and directives exist without being declared; @cacheExpiration is client-only")
    func builtIns() throws {
        let schema = try Schema(sdl: "type Query { a: Int }")
        for name in ["Int", "Float", "String", "Boolean", "ID"] { #expect(schema.type(named: name)?.kind == .scalar) }
        #expect(schema.directive(named: "include")?.locations == [.field, .fragmentSpread, .inlineFragment])
        #expect(schema.directive(named: "skip")?.argument(named: "if")?.type == .nonNull(.named("Boolean")))
        #expect(schema.directive(named: "deprecated") != nil)
        #expect(schema.directive(named: "specifiedBy")?.locations == [.scalar])
        #expect(schema.directive(named: "oneOf")?.locations == [.inputObject])
        let cacheExpiration = try #require(schema.directive(named: "cacheExpiration"))
        #expect(cacheExpiration.locations == [.query])
        #expect(cacheExpiration.isClientOnly)
        #expect(cacheExpiration.argument(named: "seconds")?.type == .nonNull(.named("Int")))
        #expect(schema.directive(named: "include")?.isClientOnly == false)
    }

    @Test("a server schema that declares @cacheExpiration itself keeps it client-only")
    func declaredCacheExpiration() throws {
        let schema = try Schema(
            sdl: "directive @cacheExpiration(seconds: Int!) on QUERY | FIELD type Query { a: Int }")
        #expect(schema.directive(named: "cacheExpiration")?.locations == [.query, .field])
        #expect(schema.directive(named: "cacheExpiration")?.isClientOnly == true)
    }

    @Test("__typename is on every composite type, __schema and __type only on the query root")
    func introspectionFields() throws {
        let schema = try SchemaFixture.schema()
        #expect(schema.field("__typename", on: "Dog")?.type == .nonNull(.named("String")))
        #expect(schema.field("__typename", on: "CatOrDog") != nil)
        #expect(schema.field("__typename", on: "Pet") != nil)
        #expect(schema.field("__typename", on: "FurColor") == nil)
        #expect(schema.field("__schema", on: "Query")?.type == .nonNull(.named("__Schema")))
        #expect(schema.field("__type", on: "Query")?.argument(named: "name") != nil)
        #expect(schema.field("__schema", on: "Dog") == nil)
        #expect(schema.field("types", on: "__Schema") != nil)
        #expect(schema.type(named: "__TypeKind")?.kind == .enum)
    }

    @Test("a schema is shared between tasks without copying")
    func sendable() async throws {
        let schema = try SchemaFixture.schema()
        let names = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<4 { group.addTask { schema.rootTypeName(for: .query) } }
            var names: [String?] = []
            for await name in group { names.append(name) }
            return names
        }
        #expect(names == ["Query", "Query", "Query", "Query"])
    }
}

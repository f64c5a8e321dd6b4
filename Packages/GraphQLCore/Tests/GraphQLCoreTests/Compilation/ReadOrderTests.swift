import GraphQLCore
import Testing

/// What the compiled tree tells a read: which fields the compiler added (read but left out of the
/// data) and the order a server's field collection gives the app's fields.
@Suite("Compilation-ReadOrder")
struct ReadOrderTests {
    typealias F = CompilationFixtures

    /// The response keys of `selections`, an added field marked with `+`, a type case as `on T(...)`.
    static func outline(_ selections: [CompiledSelection]) -> [String] {
        selections.map { selection in
            switch selection {
            case .field(let field): (field.isAddedByClient ? "+" : "") + field.responseKey
            case .typeCase(let typeCase):
                "on \(typeCase.typeCondition)(\(outline(typeCase.selectionSet.selections).joined(separator: " ")))"
            case .conditional(let conditional):
                "if \(conditional.variable)(\(outline(conditional.selectionSet.selections).joined(separator: " ")))"
            }
        }
    }

    static func selections(of field: String, in text: String) throws -> [CompiledSelection] {
        let operation = try F.compile(text).operation()
        for case .field(let compiled) in operation.selectionSet.selections where compiled.responseKey == field {
            return compiled.selectionSet?.selections ?? []
        }
        Issue.record("no field \(field)")
        return []
    }

    @Test("the fields the compiler adds are marked, and the app's own fields are not")
    func addedFieldsAreMarked() throws {
        #expect(
            Self.outline(try Self.selections(of: "viewer", in: "{ viewer { name } }")) == [
                "name", "+__typename", "+id",
            ])
        #expect(
            Self.outline(try Self.selections(of: "viewer", in: "{ viewer { id name } }")) == [
                "id", "name", "+__typename",
            ])
    }

    @Test("the app's id after a fragment takes the place of the id the compiler added to the fragment")
    func appFieldTakesItsOwnPlace() throws {
        let text = "query { viewer { ...F name id } } fragment F on User { avatar }"
        #expect(Self.outline(try Self.selections(of: "viewer", in: text)) == ["avatar", "+__typename", "name", "id"])
    }

    @Test("inline fragments on one type with a field between them stay apart, as a server collects them")
    func typeCasesAcrossAFieldStayApart() throws {
        let text = #"{ node(id: "u3") { ... on User { name } id ... on User { avatar } } }"#
        #expect(
            Self.outline(try Self.selections(of: "node", in: text)) == [
                "on User(name)", "id", "on User(avatar)", "+__typename",
            ])
    }
}

/// What `@connection(key:filters:)` makes of a field: its pages are one list in the store, under a
/// storage key that leaves out the paging arguments and keeps the filters.
///
/// The store merges each page's edges (or, for an offset list, items) into that list and the
/// runtime's paged handle asks for the next or previous page through the paging arguments'
/// variables; both read this value, never the document.
public struct CompiledConnection: Sendable, Hashable {
    /// How the field is paged.
    public enum Kind: Sendable, Hashable {
        /// A cursor connection (the Relay connection spec): `edges { cursor node }` and `pageInfo`,
        /// paged with `first`/`after` and `last`/`before`.
        case cursor
        /// A plain list paged with `offset`/`limit`: a page is merged into the list by position.
        case offset
    }

    /// The names of the paging arguments of the cursor connection spec, which the storage key leaves out.
    public static let pagingArgumentNames: Set<String> = ["first", "after", "last", "before"]
    /// The names of an offset list's paging arguments, which the storage key leaves out.
    public static let offsetArgumentNames: Set<String> = ["offset", "limit"]

    /// The names of the paging arguments of a connection of `kind`.
    public static func pagingArgumentNames(of kind: Kind) -> Set<String> {
        kind == .cursor ? pagingArgumentNames : offsetArgumentNames
    }

    /// Whether the field is a cursor connection or an offset list.
    public var kind: Kind
    /// The directive's `key`: with the filters, it names the list in its parent record.
    public var key: String
    /// The directive's `filters`, as written; `nil` when it has none (then every argument but the
    /// paging ones is a filter, as in Relay).
    public var filters: [String]?
    /// The arguments kept in the storage key: the filters the field passes, sorted by name.
    public var filterArguments: [CompiledArgument]
    /// The paging arguments the field passes (`first`, `after`, `last`, `before`; for an offset list
    /// `offset`, `limit`), sorted by name.
    public var pagingArguments: [CompiledArgument]

    /// A connection of `key` with these arguments.
    public init(
        key: String, filters: [String]?, filterArguments: [CompiledArgument], pagingArguments: [CompiledArgument],
        kind: Kind = .cursor
    ) {
        self.kind = kind
        self.key = key
        self.filters = filters
        self.filterArguments = filterArguments.sorted { $0.name < $1.name }
        self.pagingArguments = pagingArguments.sorted { $0.name < $1.name }
    }

    /// The name the list is stored under before its filters: `__<key>_connection`, as Relay spells it,
    /// so that it never meets a field stored without `@connection`.
    public var storageName: String { "__" + key + "_connection" }

    /// The storage key of the merged list: ``storageName`` with the filters' values.
    public func storageKey(variables: JSONObject) -> String {
        StorageKey.make(name: storageName, arguments: filterArguments, variables: variables)
    }

    /// The variable the paging argument `name` (`first`, `after`, `last`, `before`, `offset`, `limit`) is passed
    /// through, or `nil` when the field passes it as a literal or not at all. A paged handle sets it
    /// to ask for another page.
    public func variable(forPagingArgument name: String) -> String? {
        guard let argument = pagingArguments.first(where: { $0.name == name }),
            case .variable(let variable) = argument.value
        else { return nil }
        return variable
    }

    /// The value of the paging argument `name` with these variables, or `nil` when it is absent or null.
    public func pagingValue(_ name: String, variables: JSONObject) -> JSONValue? {
        guard let argument = pagingArguments.first(where: { $0.name == name }),
            let value = argument.value.resolved(variables: variables), value != .null
        else { return nil }
        return value
    }
}

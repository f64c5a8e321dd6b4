extension TypeReference {
    /// The type without its outer `!`.
    var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// Whether the outermost wrapper is `!`.
    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The item type of a list, looking through an outer `!`; `nil` when the type is not a list.
    var listItem: TypeReference? {
        if case .list(let item) = nullable { return item }
        return nil
    }
}

import GraphQLCore

/// How the store's walks (reader, data checker, reference marker) find the value of a field its
/// record lacks: the `@fieldPolicy` redirect compiled onto the field (``FieldRedirect``), whose record
/// IDs the store's own key functions make from the key arguments, or else the configuration's
/// ``StoreConfiguration/missingFieldHandler``.
///
/// A field's redirect is resolved once per walk, when the walk plans its selection set
/// (``FieldKeys``), since it depends on the arguments alone; a handler is asked per record, since it
/// may depend on the parent.
struct MissingFieldResolver: Sendable {
    let configuration: StoreConfiguration

    /// Whether some field may be found this way: a store with neither redirects nor a handler pays
    /// nothing for this.
    func fallback(for field: CompiledField, variables: JSONObject) -> FieldFallback? {
        let handler = configuration.missingFieldHandler
        guard field.redirect != nil || handler != nil else { return nil }
        let redirected = field.redirect.flatMap { redirect -> RecordValue? in
            guard let objects = redirect.keyObjects(arguments: field.arguments, variables: variables) else {
                return nil
            }
            var links: [RecordValue] = []
            links.reserveCapacity(objects.count)
            for object in objects {
                guard let dataID = configuration.dataID(typename: redirect.typename, object: object) else {
                    return nil
                }
                links.append(.link(dataID))
            }
            return redirect.listArgument == nil ? links.first : .links(links)
        }
        if redirected == nil && handler == nil { return nil }
        return FieldFallback(redirected: redirected, handler: handler, field: field, variables: variables)
    }
}

/// What a walk reads for one planned field when the record lacks it. A class, so that a plan's field
/// holds one reference however much it carries.
final class FieldFallback: Sendable {
    /// The records the field's redirect names, resolved when planned.
    let redirected: RecordValue?
    private let handler: StoreConfiguration.MissingFieldHandler?
    private let name: String
    private let arguments: JSONObject
    private let isComposite: Bool

    init(
        redirected: RecordValue?, handler: StoreConfiguration.MissingFieldHandler?, field: CompiledField,
        variables: JSONObject
    ) {
        self.redirected = redirected
        self.handler = redirected == nil ? handler : nil
        name = field.name
        isComposite = field.selectionSet != nil
        guard self.handler != nil else {
            arguments = JSONObject()
            return
        }
        var resolved = JSONObject(minimumCapacity: field.arguments.count)
        for argument in field.arguments {
            if let value = argument.value.resolved(variables: variables) { resolved[argument.name] = value }
        }
        arguments = resolved
    }

    /// The value the field holds for a record of `parentTypename`: the redirect's records, or the
    /// handler's answer when it fits the field (records for a composite field, a scalar for a leaf);
    /// `nil` when neither names one.
    func value(parentTypename: String?) -> RecordValue? {
        if let redirected { return redirected }
        guard let handler else { return nil }
        let answer = handler(
            MissingField(parentTypename: parentTypename, name: name, arguments: arguments, isComposite: isComposite))
        switch answer {
        case .record(let dataID)? where isComposite: return .link(dataID)
        case .records(let dataIDs)? where isComposite: return .links(dataIDs.map { .link($0) })
        case .scalar(let value)? where !isComposite: return .scalar(value)
        default: return nil
        }
    }
}

/// A type an app maps a custom scalar to in the code generator's configuration
/// (`{"scalars": {"DateTime": "MyDate"}}`): it reads and writes the scalar's JSON form and can live in
/// generated `Data` and `Variables`.
///
/// The generated code refers to the mapped type by name and checks that it conforms, so a mapping to
/// a type that cannot decode, encode or be shared between tasks fails the build where it is named.
/// `String`, `Int`, `Double` and `Bool` conform, so a scalar can be mapped to its JSON form as it is.
public protocol GraphQLCustomScalar: Codable, Sendable, Hashable {}

extension String: GraphQLCustomScalar {}
extension Int: GraphQLCustomScalar {}
extension Double: GraphQLCustomScalar {}
extension Bool: GraphQLCustomScalar {}

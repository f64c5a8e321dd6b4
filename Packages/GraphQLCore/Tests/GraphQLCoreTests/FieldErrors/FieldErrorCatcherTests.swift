import Testing

@testable import GraphQLCore

/// Structs decoded as generated code decodes `@catch` fields (through `catchingFieldError` and
/// `nullOnFieldError`), from data with nulls where the field errors are.
@Suite("@catch decoding: each field error caught by the nearest @catch")
struct FieldErrorCatcherTests {
    struct Key: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init(stringLiteral value: String) { self.stringValue = value }
        init?(intValue: Int) { nil }
    }

    /// `user { name @catch  nick @catch(to: NULL)  tags }`, `name` semantically non-null.
    struct User: Decodable, Equatable {
        var name: Result<String, FieldError>
        var nick: String?
        var tags: [String?]?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            name = try c.catchingFieldError(forKey: "name", in: decoder) { try c.decode(String.self, forKey: "name") }
            nick = try c.nullOnFieldError(forKey: "nick", in: decoder) {
                try c.decodeNil(forKey: "nick") ? nil : c.decode(String.self, forKey: "nick")
            }
            tags = try c.decodeIfPresent([String?].self, forKey: "tags")
        }
    }

    /// `users @catch { ...User }`: what the users' own `@catch` fields leave is caught here.
    struct Data: Decodable {
        var users: Result<[User], FieldError>

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            users = try c.catchingFieldError(forKey: "users", in: decoder) {
                try c.decode([User].self, forKey: "users")
            }
        }
    }

    static func decode(_ data: JSONValue, errors: [FieldError]) throws -> (Data, FieldErrorCatcher) {
        var decoder = JSONValueDecoder()
        let catcher = FieldErrorCatcher(errors)
        decoder.userInfo[FieldErrorCatcher.userInfoKey] = catcher
        return (try decoder.decode(Data.self, from: data), catcher)
    }

    @Test("an error at a @catch field is its failure, and the rest of the object decodes")
    func caughtAtTheField() throws {
        let error = FieldError(message: "no name", path: ["users", 1, "name"])
        let (data, catcher) = try Self.decode(
            ["users": [["name": "Ada", "nick": "a"], ["name": nil, "nick": "b"]]], errors: [error])
        let users = try data.users.get()
        #expect(try users[0].name.get() == "Ada")
        #expect(users[1].name == .failure(error))
        #expect(users[1].nick == "b")
        #expect(catcher.caughtAll)
    }

    @Test("@catch(to: NULL) makes the field nil on an error, where a null value is nil too")
    func nullTarget() throws {
        let error = FieldError(message: "no nick", path: ["users", 0, "nick"])
        let (data, _) = try Self.decode(["users": [["name": "Ada", "nick": nil]]], errors: [error])
        let users = try data.users.get()
        #expect(users[0].nick == nil)
        #expect(try users[0].name.get() == "Ada")
    }

    @Test("an error under a field without @catch goes to the nearest @catch above it, with the server's error")
    func caughtAbove() throws {
        let error = FieldError(message: "no tags", path: ["users", 0, "tags"], extensions: ["code": "TAGS"])
        let (data, catcher) = try Self.decode(["users": [["name": "Ada", "nick": nil, "tags": nil]]], errors: [error])
        #expect(data.users == .failure(error))
        #expect(catcher.caughtAll)
    }

    @Test("a null with no field error at a non-null position is a decoding error, not caught")
    func malformedIsThrown() throws {
        #expect(throws: DecodingError.self) {
            try Self.decode(["users": [["name": nil, "nick": nil]]], errors: [])
        }
        // Without a catcher in `userInfo` (a decode of data without errors) values decode as they are.
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Data.self, from: ["users": [["name": nil, "nick": nil]]])
        }
        let plain = try JSONValueDecoder().decode(Data.self, from: ["users": [["name": "Ada", "nick": nil]]])
        #expect(try plain.users.get().first?.name.get() == "Ada")
    }

    @Test("an error outside every @catch is left uncaught")
    func outside() throws {
        let error = FieldError(message: "elsewhere", path: ["other"])
        let (data, catcher) = try Self.decode(["users": []], errors: [error])
        #expect(try data.users.get().isEmpty)
        #expect(!catcher.caughtAll)
    }
}

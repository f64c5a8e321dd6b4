import Testing
import Transport

/// The `Cache-Control` header as a client reads it.
@Suite("Response-CacheControl")
struct CacheControlTests {
    @Test(
        "max-age, no-cache and no-store are read; other directives and malformed ages are ignored",
        arguments: [
            ("max-age=30", CacheControl(maxAge: 30)),
            ("public, MAX-AGE=60, must-revalidate", CacheControl(maxAge: 60)),
            ("max-age=\"45\"", CacheControl(maxAge: 45)),
            ("max-age=10, max-age=5", CacheControl(maxAge: 5)),
            ("no-cache", CacheControl(maxAge: 0)),
            ("no-store", CacheControl(noStore: true)),
            ("private, no-store, max-age=0", CacheControl(maxAge: 0, noStore: true)),
            ("max-age=99999999999999999999999", CacheControl(maxAge: .max)),
        ])
    func parsed(header: String, expected: CacheControl) {
        #expect(CacheControl(header: header) == expected)
    }

    @Test(
        "a header that says nothing a client reads is no cache control",
        arguments: ["", "public", "max-age=-1", "max-age=", "s-maxage=30", "max-age=3x"])
    func nothing(header: String) {
        #expect(CacheControl(header: header) == nil)
    }
}

import Environment
import Foundation
import GraphQLCore
import Testing

@testable import EnvironmentInspector

@Suite("A real browser shows the inspector's page of a running app")
struct BrowserTests {
    /// Where the panels' screenshots go: `.build/inspector-screenshots/` at the repository's root.
    static let screenshots = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/inspector-screenshots")

    func save(_ driver: WebDriver, _ name: String) async throws {
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        let png = try await driver.screenshot()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        try png.write(to: Self.screenshots.appendingPathComponent("\(name).png"))
    }

    @Test(
        "headless Chromium shows the roots with their policies, a record's fields after a click, and an event arriving live"
    )
    func page() async throws {
        let app = try InspectedApp()
        let screens = try await app.run()
        let inspector = try EnvironmentInspector(environment: app.environment, events: app.events)
        defer { inspector.stop() }
        let driver = try await WebDriver()
        do {
            try await check(driver, inspector: inspector, app: app)
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
        _ = screens
    }

    private func check(_ driver: WebDriver, inspector: EnvironmentInspector, app: InspectedApp) async throws {
        try await driver.open(inspector.url)

        // Roots: one row per root, each with its holders' policies and the planner's answer.
        _ = try await driver.waitUntil("document.querySelectorAll('#roots-table tbody tr').length === 2")
        let rows = try await driver.run(
            """
            return [...document.querySelectorAll('#roots-table tbody tr')].map(tr => ({
              operation: tr.querySelector('.operation').textContent,
              policies: [...tr.querySelectorAll('.policy')].map(p => p.textContent),
              revalidation: tr.querySelector('.revalidation').textContent }));
            """)
        let byOperation = Dictionary(
            uniqueKeysWithValues: (rows.arrayValue ?? []).map { ($0["operation"]?.stringValue ?? "", $0) })
        #expect(byOperation.keys.sorted() == ["Feed · query", "Post · query"])
        #expect(
            byOperation["Feed · query"]?["policies"]?.arrayValue?.compactMap(\.stringValue) == [
                "storeOrNetwork", "storeOnly",
            ])
        #expect(byOperation["Post · query"]?["policies"]?.arrayValue?.compactMap(\.stringValue) == ["networkOnly"])
        #expect(byOperation["Feed · query"]?["revalidation"]?.stringValue == "skip: fresh")
        try await save(driver, "roots")

        // Records: follow a root's link to a post, then the post's link to its author.
        let postLink = try await driver.run(
            "return [...document.querySelectorAll('#roots-table a.link')].find(a => a.textContent.startsWith('Post:'));"
        )
        try await driver.click(try #require(WebDriver.element(postLink), "the script returned \(postLink)"))
        _ = try await driver.waitUntil("document.querySelectorAll('#record-fields tr.field-row').length > 0")
        let fields = try await driver.run(
            """
            return [...document.querySelectorAll('#record-fields tr.field-row')].map(tr =>
              [tr.querySelector('.field-key').textContent, tr.querySelector('.field-kind').textContent]);
            """)
        let kinds = Dictionary(
            uniqueKeysWithValues: (fields.arrayValue ?? []).compactMap { pair -> (String, String)? in
                guard let pair = pair.arrayValue, pair.count == 2, let key = pair[0].stringValue,
                    let kind = pair[1].stringValue
                else { return nil }
                return (key, kind)
            })
        #expect(kinds["title"] == "string")
        #expect(kinds["author"] == "link")
        #expect(kinds["id"] == "string")
        // Values are hidden by default: the title's text is nowhere on the page.
        let pageText = try await driver.run("return document.body.innerText;").stringValue ?? ""
        #expect(!pageText.contains("Normalized stores"))
        let authorLink = try #require(try await driver.elements("#record-fields tr[data-key='author'] a.link").first)
        try await driver.click(authorLink)
        let heading = try await driver.waitUntil(
            "document.querySelector('#record-detail h3') && document.querySelector('#record-detail h3').textContent.startsWith('Author:') && document.querySelector('#record-detail h3').textContent"
        )
        #expect(heading.stringValue?.hasPrefix("Author:") == true)
        try await save(driver, "records")

        // Events: once the page listens, an attach in the app arrives live.
        try await driver.click(try #require(try await driver.elements("#tab-events").first))
        _ = try await driver.waitUntil("document.body.dataset.live === 'yes'")
        let before = try await driver.run("return document.querySelectorAll('#events-list tr').length;")
        #expect(before == .int(0))
        let late = app.environment.attach(app.post, policy: .storeAndNetwork)
        _ = try await late.loaded()
        app.environment.revalidate()
        let arrived = try await driver.waitUntil(
            "[...document.querySelectorAll('#events-list tr.event-row')].map(tr => tr.dataset.kind).filter(k => k === 'handleAttached' || k === 'fetchStarted' || k === 'revalidationSwept').length >= 3 && [...document.querySelectorAll('#events-list tr.event-row')].map(tr => tr.dataset.kind)"
        )
        let kindsArrived = arrived.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(kindsArrived.contains("handleAttached"))
        #expect(kindsArrived.contains("fetchStarted"))
        #expect(kindsArrived.contains("revalidationSwept"))
        _ = try await driver.waitUntil("document.querySelectorAll('#requests-chart rect.bar').length > 0")
        try await save(driver, "events")

        // Store: the figures of the running app.
        try await driver.click(try #require(try await driver.elements("#tab-store").first))
        let records = try await driver.waitUntil(
            "document.querySelector(\"#store-stats dd[data-stat='Records in the store']\") && document.querySelector(\"#store-stats dd[data-stat='Records in the store']\").textContent"
        )
        #expect(records.stringValue == String(app.environment.store.recordCount))
        try await save(driver, "store")
        late.release()
    }
}

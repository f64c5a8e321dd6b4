import Foundation
import GraphQLCore
import GraphQLTestServer
import LoopbackHTTPTesting

/// A W3C WebDriver client over HTTP, enough to drive headless Chromium through `chromedriver`: open
/// a page, find elements (the browser waits for them, up to the implicit timeout), click, run a
/// script, take a screenshot. No Swift package: a loopback socket (`LoopbackClient`; `URLSession` on
/// Linux cannot parse chromedriver's `Name:value` headers) and the project's `JSONValue`.
final class WebDriver: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where `chromedriver` and `chromium` are, from `INSPECTOR_CHROMEDRIVER` /
    /// `INSPECTOR_CHROMIUM` or the usual Debian paths. A missing browser is a failure, not a skip.
    static func locate() throws -> (driver: String, browser: String) {
        let environment = ProcessInfo.processInfo.environment
        let drivers = [
            environment["INSPECTOR_CHROMEDRIVER"], "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver",
        ]
        let browsers = [environment["INSPECTOR_CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        guard let driver = drivers.compactMap({ $0 }).first(where: FileManager.default.isExecutableFile(atPath:)),
            let browser = browsers.compactMap({ $0 }).first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            throw Failure(
                description:
                    "headless Chromium is not installed: apt-get install -y chromium chromium-driver (.ci/run does)")
        }
        return (driver, browser)
    }

    private let process: Process
    private let port: UInt16
    let session: String

    /// Starts `chromedriver` on a free loopback port, waits for its "started" line, and opens a
    /// headless browser session whose element lookups wait up to `implicitWait` and whose scripts
    /// up to `scriptTimeout`.
    init(implicitWait: Duration = .seconds(15), scriptTimeout: Duration = .seconds(20)) async throws {
        let (driver, browser) = try Self.locate()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: driver)
        // Port 0: the driver takes a free port and says which in its "started" line.
        process.arguments = ["--port=0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // chromedriver prints one line once it listens; reading blocks until it does (or it exits).
        let found = try await offCooperativePool {
            var printed = ""
            while true {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else {
                    process.waitUntilExit()
                    throw Failure(description: "chromedriver exited before it listened: \(printed)")
                }
                printed += String(decoding: data, as: UTF8.self)
                if let port = Self.port(in: printed) { return port }
            }
        }
        let port = found
        self.port = port
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": .string(browser),
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=1360,900", "--no-first-run", "--no-default-browser-check",
                        ],
                    ],
                ]
            ]
        ]
        let timeouts: JSONValue = [
            "implicit": .int(Self.milliseconds(implicitWait)), "script": .int(Self.milliseconds(scriptTimeout)),
            "pageLoad": 30000,
        ]
        do {
            let created = try await Self.send(port, "POST", "/session", capabilities)
            guard let session = created["sessionId"]?.stringValue else {
                throw Failure(description: "no WebDriver session: \(created)")
            }
            self.session = session
            _ = try await Self.send(port, "POST", "/session/\(session)/timeouts", timeouts)
        } catch {
            _ = try? await Self.send(port, "GET", "/shutdown", nil)
            kill(process.processIdentifier, SIGKILL)
            _ = try? await offCooperativePool { process.waitUntilExit() }
            throw error
        }
    }

    /// Ends the session (which closes the browser) and the driver.
    func quit() async {
        _ = try? await Self.send(port, "DELETE", "/session/\(session)", nil)
        _ = try? await Self.send(port, "GET", "/shutdown", nil)
        // chromedriver does not end on SIGTERM; after /shutdown it has ended or ends now.
        kill(process.processIdentifier, SIGKILL)
        let process = process
        _ = try? await offCooperativePool { process.waitUntilExit() }
    }

    func open(_ url: String) async throws {
        _ = try await command("POST", "url", ["url": .string(url)])
    }

    /// The elements matching `selector`; the browser waits up to the implicit timeout for one.
    func elements(_ selector: String) async throws -> [String] {
        let found = try await command("POST", "elements", ["using": "css selector", "value": .string(selector)])
        return found.arrayValue?.compactMap(Self.element) ?? []
    }

    /// The element reference in a value a script returned, if it is one.
    static func element(_ value: JSONValue) -> String? {
        value["element-6066-11e4-a52e-4f735466cecf"]?.stringValue
    }

    func click(_ element: String) async throws {
        _ = try await command("POST", "element/\(element)/click", [:])
    }

    func text(_ element: String) async throws -> String {
        try await command("GET", "element/\(element)/text", nil).stringValue ?? ""
    }

    /// Runs `body` in the page and returns what it returns.
    func run(_ body: String) async throws -> JSONValue {
        try await command("POST", "execute/sync", ["script": .string(body), "args": []])
    }

    /// Resolves once `condition` (a JavaScript expression) is truthy in the page, re-checking on
    /// every change of the DOM: the browser waits for the condition itself, bounded by the script
    /// timeout; returns the condition's value.
    func waitUntil(_ condition: String) async throws -> JSONValue {
        let script = """
            const done = arguments[arguments.length - 1];
            const check = () => { const value = (\(condition)); if (value) { done(value); return true; } return false; };
            if (!check()) {
              const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
            }
            """
        return try await command("POST", "execute/async", ["script": .string(script), "args": []])
    }

    /// The viewport as PNG bytes.
    func screenshot() async throws -> Data {
        let encoded = try await command("GET", "screenshot", nil).stringValue ?? ""
        guard let data = Data(base64Encoded: encoded) else {
            throw Failure(description: "the screenshot is not base64")
        }
        return data
    }

    private func command(_ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        try await Self.send(port, method, "/session/\(session)/\(path)", body)
    }

    /// One WebDriver request, off the cooperative pool: the socket blocks while the browser waits
    /// (for an element, up to the implicit timeout; for a script, up to the script timeout).
    private static func send(_ port: UInt16, _ method: String, _ path: String, _ body: JSONValue?) async throws
        -> JSONValue
    {
        let (status, bytes) = try await offCooperativePool {
            LoopbackClient.exchange(
                port: port, method: method, path: path, body: body.map { Array($0.serializedString().utf8) })
        }
        guard status != 0 else { throw Failure(description: "WebDriver \(method) \(path): no answer") }
        let answer = try JSONValue(parsing: bytes)
        if let error = answer["value"]?["error"]?.stringValue {
            throw Failure(
                description: "WebDriver \(method) \(path): \(error): \(answer["value"]?["message"]?.stringValue ?? "")")
        }
        return answer["value"] ?? .null
    }

    /// The port in chromedriver's "ChromeDriver was started successfully on port N." line.
    private static func port(in output: String) -> UInt16? {
        guard let range = output.range(of: "started successfully on port ") else { return nil }
        let digits = output[range.upperBound...].prefix { $0.isNumber }
        guard output[range.upperBound...].dropFirst(digits.count).first == "." else { return nil }
        return UInt16(digits)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

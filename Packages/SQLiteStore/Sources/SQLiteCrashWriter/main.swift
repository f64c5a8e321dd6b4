// Test support for SQLiteStoreTests, not a product.
//
// `SQLiteCrashWriter publish PATH FIRST`: opens the store at PATH and publishes generation FIRST,
// FIRST+1, ... in a loop, writing after each publish returns one line `ack N` to standard output,
// until it is killed (or 100,000 generations). Each generation rewrites the ten `Item` records and
// adds one `Entry` record, so a reader after a crash can tell a whole publish from a half-written one.
//
// `SQLiteCrashWriter open PATH fail|reopen`: opens the store at PATH as the app would and writes one
// line saying where it opened (`opened file` / `opened memory`) or the error code (`error CODE`), then
// publishes once and writes `published` or `publish error CODE`. The kill test and the read-only
// directory and read-only file tests run it (the latter two as another user, since root writes
// into any directory and any file).
//
// `SQLiteCrashWriter serve PATH -`: opens the store at PATH and says `ready`, then answers one line
// of standard input at a time, as a second process on a shared file (an app extension) would act:
// `publish N` publishes generation N and says `ack N`; `read ID FIELD` says `value ID FIELD TEXT`
// with the field's value as the store reads it now (`missing` when it has none); `count` says
// `count N`. The sharing test drives it beside a store of its own on the same file.
import Foundation
import GraphQLCore
import SQLiteStore
import StoreCore

/// The query every generation is published with: `latest { generation entry { generation } items { generation } }`.
let root: StoreRoot = {
    let generation = CompiledSelection.field(CompiledField(responseKey: "generation", name: "generation"))
    let typename = CompiledSelection.field(CompiledField(responseKey: "__typename", name: "__typename"))
    let id = CompiledSelection.field(CompiledField(responseKey: "id", name: "id"))
    let linked = { (name: String) in
        CompiledSelection.field(
            CompiledField(
                responseKey: name, name: name, selectionSet: CompiledSelectionSet([typename, id, generation])))
    }
    return StoreRoot(
        selectionSet: CompiledSelectionSet([
            .field(
                CompiledField(
                    responseKey: "latest", name: "latest",
                    selectionSet: CompiledSelectionSet([typename, id, generation, linked("entry"), linked("items")])))
        ]))
}()

func payload(_ generation: Int) -> JSONValue {
    let items: [JSONValue] = (0..<10).map { index in
        ["__typename": "Item", "id": .string("\(index)"), "generation": .int(generation)]
    }
    return [
        "latest": [
            "__typename": "Latest", "id": "1", "generation": .int(generation),
            "entry": ["__typename": "Entry", "id": .string("\(generation)"), "generation": .int(generation)],
            "items": .array(items),
        ]
    ]
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(
        Data("usage: SQLiteCrashWriter publish PATH FIRST | open PATH fail|reopen | serve PATH -\n".utf8))
    exit(2)
}
let path = arguments[2]
switch arguments[1] {
case "publish":
    guard let first = Int(arguments[3]) else { exit(2) }
    do {
        let store = Store(source: try SQLiteRecordSource(path: path))
        for generation in first..<(first + 100_000) {
            try store.publish(payload(generation), to: root)
            say("ack \(generation)")
        }
    } catch {
        say("error \(error)")
        exit(1)
    }
case "open":
    let configuration = SQLiteStoreConfiguration(unusableFile: arguments[3] == "fail" ? .fail : .reopenEmpty)
    do {
        let source = try SQLiteRecordSource(path: path, configuration: configuration)
        say(source.location == .memory ? "opened memory" : "opened file")
        let store = Store(source: source)
        do {
            try store.publish(payload(1), to: root)
            say("published")
        } catch {
            say("publish error \(error.code)")
        }
    } catch {
        say("error \(error.code)")
    }
case "serve":
    do {
        let store = Store(source: try SQLiteRecordSource(path: path))
        say("ready")
        while let line = readLine() {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "publish":
                guard words.count == 2, let generation = Int(words[1]) else { exit(2) }
                try store.publish(payload(generation), to: root)
                say("ack \(generation)")
            case "read":
                guard words.count == 3 else { exit(2) }
                let value = store.record(DataID(words[1]))?[words[2]]
                let text: String
                switch value {
                case .scalar(.string(let string))?: text = string
                case .scalar(.int(let integer))?: text = String(integer)
                case .link(let target)?: text = target.rawValue
                default: text = "missing"
                }
                say("value \(words[1]) \(words[2]) \(text)")
            case "count":
                say("count \(store.recordCount)")
            default:
                exit(2)
            }
        }
    } catch {
        say("error \(error)")
        exit(1)
    }
default:
    exit(2)
}

import Foundation

/// Writes generated files so that a failure leaves nothing half written: every file goes to a
/// temporary name beside its place first, and only when all are written is each renamed into place.
public enum OutputWriter {
    /// Writes `files` into `directory` (created if missing). A file whose contents are already
    /// there is left untouched, so that its modification time does not trigger a rebuild.
    ///
    /// Throws ``CodegenError/Code/io`` naming the file that could not be written; the temporary
    /// files written before it are removed.
    public static func write(_ files: [GeneratedFile], to directory: String) throws(CodegenError) {
        let manager = FileManager.default
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        var pending: [(temporary: URL, final: URL)] = []
        func fail(_ path: String, _ error: any Error) -> CodegenError {
            for written in pending { try? manager.removeItem(at: written.temporary) }
            return CodegenError(.io, [CodegenDiagnostic(file: path, message: "Cannot write: \(error)")])
        }
        do {
            try manager.createDirectory(at: base, withIntermediateDirectories: true)
        } catch {
            throw fail(directory, error)
        }
        for file in files {
            let final = base.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if let existing = try? Data(contentsOf: final), existing == data { continue }
            let temporary = base.appendingPathComponent(
                ".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            do {
                try data.write(to: temporary)
            } catch {
                throw fail(final.path, error)
            }
            pending.append((temporary, final))
        }
        for (index, written) in pending.enumerated() {
            // `rename` replaces the old file in one step: a reader sees the old or the new contents.
            if rename(written.temporary.path, written.final.path) != 0 {
                let reason = String(cString: strerror(errno))
                for later in pending[index...] { try? manager.removeItem(at: later.temporary) }
                throw CodegenError(
                    .io, [CodegenDiagnostic(file: written.final.path, message: "Cannot write: \(reason)")])
            }
        }
    }
}

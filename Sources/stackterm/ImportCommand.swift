import ArgumentParser
import Foundation
import StackStore

/// `stackterm import PATH`: loads a site's extracted data dump into the local store, with progress on stderr.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a site's data dump (an extracted folder of its XML files) into the local store.",
        discussion: """
            PATH is a folder holding the site's Posts.xml and, when the dump has them, Users.xml, Tags.xml, \
            Comments.xml and PostLinks.xml. The store is $XDG_DATA_HOME/stackterm/stackterm.sqlite (default \
            ~/.local/share/stackterm/). Progress goes to stderr, one line per 2,000 rows. Ctrl-C stops after the \
            rows being written; running the same command again resumes there, and importing a folder twice \
            changes nothing. Reading .7z archives is not built yet: extract one first (7zz x SITE.7z -oFOLDER).

            Exit codes: 0 imported, 1 the store or a file could not be read (message on stderr), 2 usage error, \
            130 interrupted.
            """)

    @Argument(help: ArgumentHelp("The dump folder.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The site's API name (default: the folder's name without .stackexchange.com).",
                               valueName: "name"))
    var site: String?

    func validate() throws {
        if path.lowercased().hasSuffix(".7z") {
            throw ValidationError("\(path): reading .7z archives is not built yet; extract it (7zz x \(path) -oFOLDER) "
                + "and import the folder")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(path): no such folder")
        }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        let site = self.site ?? Self.siteName(folder: folder)
        let interrupted = InterruptFlag()
        let started = Date()
        do {
            let store = try Store()
            if let notice = store.notice { StacktermCommand.standardError("stackterm: " + notice) }
            StacktermCommand.standardError("import: \(folder.path) as site \(site) into \(store.fileURL.path)")
            let summary = try store.importDump(folder: folder, site: site, shouldStop: { interrupted.isSet }) { progress in
                let seconds = max(Date().timeIntervalSince(started), 0.001)
                StacktermCommand.standardError(String(format: "import: %@ %d rows (%.0f s)", progress.file, progress.rows, seconds))
            }
            for file in summary.missingFiles { StacktermCommand.standardError("import: \(file) absent from the folder, skipped") }
            for file in summary.alreadyImported { StacktermCommand.standardError("import: \(file) already imported, unchanged") }
            let posts = summary.rowsWritten["Posts.xml"] ?? 0
            StacktermCommand.standardError(String(format: "import: done, %d posts written in %.1f s", posts, Date().timeIntervalSince(started)))
        } catch {
            StacktermCommand.standardError("stackterm: \(error)")
            throw ExitCode(interrupted.isSet ? 130 : 1)
        }
    }

    /// `french.meta.stackexchange.com` → `french.meta`; `quantumcomputing` stays.
    static func siteName(folder: URL) -> String {
        var name = folder.lastPathComponent
        for suffix in [".7z", ".stackexchange.com", ".com"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }
}

/// Set once SIGINT arrives (then the import stops after its current batch); read from the import's reading thread.
final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false
    private let source: any DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [unowned self] in
            lock.withLock { set = true }
            StacktermCommand.standardError("import: interrupted, finishing the rows being written…")
        }
        source.resume()
    }

    var isSet: Bool { lock.withLock { set } }
}

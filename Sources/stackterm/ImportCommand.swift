import ArgumentParser
import Foundation
import NIOConcurrencyHelpers
import StackStore

/// `stackterm import PATH`: loads a site's data dump (a .7z archive or an extracted folder) into the local store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a site's data dump (its .7z archive, or an extracted folder of its XML files) into the local store.",
        discussion: """
            PATH is the site's archive as Stack Exchange distributes it (e.g. french.meta.stackexchange.com.7z; zip \
            and tar are read too), read in one streaming pass without extracting it, or a folder holding the \
            site's Posts.xml and, when the dump has them, Users.xml, Tags.xml, Comments.xml and PostLinks.xml. \
            The store is $XDG_DATA_HOME/stackterm/stackterm.sqlite (default ~/.local/share/stackterm/). Progress \
            goes to stderr: one line updated in place on a terminal, else a line per 2,000 rows (fewer when \
            posts are long). Ctrl-C stops \
            after the rows being written; running the same command again resumes there, and importing twice \
            changes nothing (an archive and the folder it extracts to count as the same dump).

            Exit codes: 0 imported, 1 the store, a file or the archive could not be read (message on stderr), \
            2 usage error, 130 interrupted.
            """)

    @Argument(help: ArgumentHelp("The dump: a .7z archive or an extracted folder.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The site's API name (default: the archive's or folder's name without .7z and "
                               + ".stackexchange.com).", valueName: "name"))
    var site: String?

    func validate() throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("\(path): no such archive or folder")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let source: DumpSource = isDirectory.boolValue ? .folder(url) : .archive(url)
        let site = self.site ?? HelpText.optionValue("--site", in: CommandLine.arguments) ?? Self.siteName(url)
        let interrupted = InterruptFlag()
        let meter = ImportMeter(terminal: isatty(STDERR_FILENO) == 1)
        do {
            let store = try Store(announceUpgrade: StacktermCommand.warn)
            if let notice = store.notice { StacktermCommand.standardError("stackterm: " + notice) }
            StacktermCommand.standardError("import: \(url.path) as site \(site) into \(store.fileURL.path)")
            let summary = try store.importDump(source, site: site, shouldStop: { interrupted.isSet }) { meter.show($0) }
            meter.end()
            let container = isDirectory.boolValue ? "folder" : "archive"
            for file in summary.missingFiles { StacktermCommand.standardError("import: \(file) absent from the \(container), skipped") }
            for file in summary.alreadyImported { StacktermCommand.standardError("import: \(file) already imported, unchanged") }
            StacktermCommand.standardError(meter.summary(posts: summary.rowsWritten["Posts.xml"] ?? 0))
        } catch {
            meter.end()
            StacktermCommand.standardError("stackterm: \(error)")
            throw ExitCode(interrupted.isSet ? 130 : 1)
        }
    }

    /// `french.meta.stackexchange.com.7z` → `french.meta`; `stackoverflow.com-Posts.7z` → `stackoverflow`;
    /// `quantumcomputing` stays.
    static func siteName(_ url: URL) -> String {
        var name = url.lastPathComponent
        for suffix in [".7z", ".zip"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        // Stack Overflow's dump comes as one archive per file: stackoverflow.com-Posts.7z, -Comments.7z…
        if let dash = name.range(of: ".com-", options: .backwards) { name = String(name[..<dash.lowerBound]) + ".com" }
        for suffix in [".stackexchange.com", ".com"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }
}

/// Set once SIGINT arrives (then the import stops after its current batch); read from the import's reading thread.
/// `@unchecked Sendable`: the signal source (not Sendable) is made in `init` and never touched again.
final class InterruptFlag: @unchecked Sendable {
    private let interrupted = NIOLockedValueBox(false)
    private let source: any DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [unowned self] in
            interrupted.withLockedValue { $0 = true }
            StacktermCommand.standardError("import: interrupted, finishing the rows being written…")
        }
        source.resume()
    }

    var isSet: Bool { interrupted.withLockedValue { $0 } }
}
